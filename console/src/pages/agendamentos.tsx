import type { JSX } from 'preact';
import { Page } from '../components';

export function Agendamentos(): JSX.Element {
  return (
    <Page title="Agendamentos">
      <p>Esta página ainda não foi construída.</p>
    </Page>
  );
}
