import type { JSX } from 'preact';
import { Page } from '../components';

export function Configuracoes(): JSX.Element {
  return (
    <Page title="Configurações">
      <p>Esta página ainda não foi construída.</p>
    </Page>
  );
}
