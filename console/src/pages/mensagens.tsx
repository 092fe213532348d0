import type { JSX } from 'preact';
import { Page } from '../components';

export function Mensagens(): JSX.Element {
  return (
    <Page title="Mensagens">
      <p>Esta página ainda não foi construída.</p>
    </Page>
  );
}
