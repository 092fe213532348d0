import type { JSX } from 'preact';
import { Page } from '../components';

export function Extrato(): JSX.Element {
  return (
    <Page title="Extrato">
      <p>Esta página ainda não foi construída.</p>
    </Page>
  );
}
