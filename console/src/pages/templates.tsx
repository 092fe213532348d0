import type { JSX } from 'preact';
import { Page } from '../components';

export function Templates(): JSX.Element {
  return (
    <Page title="Templates">
      <p>Esta página ainda não foi construída.</p>
    </Page>
  );
}
