import type { JSX } from 'preact';
import { Page } from '../components';

export function Aplicacoes(): JSX.Element {
  return (
    <Page title="Aplicações">
      <p>Esta página ainda não foi construída.</p>
    </Page>
  );
}
