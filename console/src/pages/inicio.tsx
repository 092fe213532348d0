// Início: the application's balance, its provider and numbers.
import type { JSX } from 'preact';
import { api } from '../api/client';
import { Alert, Loading, Page, useLoad } from '../components';
import { money } from '../format';
import { session } from '../session';

export function Inicio(): JSX.Element {
  const id = session()!.aplicacaoId;
  const app = useLoad(() => api.GET('/api/admin/aplicacoes/{id}', { params: { path: { id } } }), [id], 15_000);
  return (
    <Page title="Início">
      {app.error && <Alert>{app.error}</Alert>}
      {!app.data ? (
        <Loading what="o resumo" />
      ) : (
        <div class="cards">
          <article class="card" aria-labelledby="saldo-title">
            <h2 id="saldo-title">Saldo</h2>
            <p class="big" data-testid="saldo">
              {app.data.saldo === null ? '—' : money(app.data.saldo)}
            </p>
          </article>
          <article class="card" aria-labelledby="provider-title">
            <h2 id="provider-title">Provedor</h2>
            <p class="big">{app.data.provider}</p>
            <ul class="plain">
              {(app.data.numerosWhatsapp ?? []).map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </article>
        </div>
      )}
    </Page>
  );
}
