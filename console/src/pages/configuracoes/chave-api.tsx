// Chave de API: the application's key (X-Api-Key) and its rotation. The old pair stops working in the
// same write, so the rotation asks first; the new secret is shown once.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api, type Schemas } from '../../api/client';
import { Alert, Loading, SecretOnce, useLoad } from '../../components';
import { problem } from '../../refusal';
import { session } from '../../session';
import { ConfirmDialog } from '../../dialog';

export function ChaveApi(): JSX.Element {
  const id = session()!.aplicacaoId;
  const app = useLoad(() => api.GET('/api/admin/aplicacoes/{id}', { params: { path: { id } } }), [id]);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [pair, setPair] = useState<Schemas['AdminApiCredentials']>();

  const rotate = async () => {
    setBusy(true);
    setError(undefined);
    const { data, error: refused, response } = await api.POST('/api/admin/aplicacoes/{id}/credenciais', { params: { path: { id } } });
    setBusy(false);
    setAsking(false);
    if (!data) return setError(problem(refused, response.status).message);
    setPair(data);
    app.reload();
  };

  return (
    <>
      <p class="hint">
        Sistemas que chamam a API da plataforma se identificam com a chave (<code>X-Api-Key</code>) e o segredo (<code>X-Api-Secret</code>).
      </p>
      {app.error && <Alert>{app.error}</Alert>}
      {!app.data ? (
        <Loading what="a chave" />
      ) : (
        <p>
          Chave em uso: <code data-testid="chave-atual">{app.data.apiKey ?? '—'}</code>
        </p>
      )}
      {error && <Alert>{error}</Alert>}
      {pair ? (
        <SecretOnce
          title="Novo par de chave e segredo"
          values={[
            ['Chave (X-Api-Key)', pair.apiKey],
            ['Segredo (X-Api-Secret)', pair.apiSecret],
          ]}
          onDone={() => setPair(undefined)}
        >
          <p>O par anterior já não funciona: atualize os sistemas que o usavam.</p>
        </SecretOnce>
      ) : (
        <button type="button" class="danger" onClick={() => setAsking(true)}>
          Gerar nova chave
        </button>
      )}
      {asking && (
        <ConfirmDialog
          title="Gerar uma nova chave de API?"
          confirm="Gerar e invalidar a atual"
          danger
          busy={busy}
          onCancel={() => setAsking(false)}
          onConfirm={() => void rotate()}
        >
          <p>
            <strong>A chave e o segredo atuais param de funcionar na mesma hora.</strong> Todo sistema que os usa passa a receber recusas
            até receber o novo par.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
