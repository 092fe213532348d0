import type { JSX } from 'preact';
import { Page } from '../components';

export function Atendimentos(): JSX.Element {
  return (
    <Page title="Atendimentos">
      <p>Esta página ainda não foi construída.</p>
    </Page>
  );
}
