// Webhooks de entrada: the subscriptions to the generic inbound webhook (a new one's secret shown once),
// their deactivation, and the calls received, a page at a time.
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, type Schemas } from '../../api/client';
import { Alert, Check, Field, FormError, Loading, SecretOnce, Table, useLoad } from '../../components';
import { errorAt, problem, type Refusal } from '../../refusal';
import { when } from '../../format';
import { session } from '../../session';
import { ConfirmDialog } from '../../dialog';

type Subscription = Schemas['InboundWebhookSubscription'];
type Received = Schemas['InboundWebhookEvent'];

const PAGE_SIZE = 20;

export function WebhooksEntrada(): JSX.Element {
  const id = session()!.aplicacaoId;
  const app = useLoad(() => api.GET('/api/admin/aplicacoes/{id}', { params: { path: { id } } }), [id]);
  const list = useLoad(() => api.GET('/api/admin/webhooks-entrada'), []);
  const [created, setCreated] = useState<{ id: number; segredo: string | null }>();
  const [removing, setRemoving] = useState<Subscription>();
  const [removeError, setRemoveError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const deactivate = async (subscription: Subscription) => {
    setBusy(true);
    const { error, response } = await api.DELETE('/api/admin/webhooks-entrada/{id}', { params: { path: { id: subscription.id } } });
    setBusy(false);
    setRemoving(undefined);
    setRemoveError(response.ok ? undefined : problem(error, response.status).message);
    list.reload();
  };

  return (
    <>
      {app.data && (
        <p>
          Endereço do webhook: <code>{`${location.origin}/api/v1/webhooks/inbound/${app.data.slug}/<fluxo>`}</code>. Cada chamada deve levar
          o cabeçalho <code>X-Service-Signature: sha256=&lt;HMAC-SHA256 do corpo&gt;</code> feito com um segredo ativo.
        </p>
      )}
      {created &&
        (created.segredo ? (
          <SecretOnce
            title={`Segredo da assinatura nº ${created.id}`}
            values={[['Segredo', created.segredo]]}
            onDone={() => setCreated(undefined)}
          />
        ) : (
          <Alert kind="info">Assinatura nº {created.id} criada sem segredo.</Alert>
        ))}
      <NewSubscription
        onCreated={(c) => {
          setCreated(c);
          list.reload();
        }}
      />
      {list.error && <Alert>{list.error}</Alert>}
      {removeError && <Alert>{removeError}</Alert>}
      {!list.data ? (
        <Loading what="as assinaturas" />
      ) : list.data.length === 0 ? (
        <p class="muted">Nenhuma assinatura ainda.</p>
      ) : (
        <Table>
          <caption>Assinaturas</caption>
          <thead>
            <tr>
              <th scope="col">Nº</th>
              <th scope="col">Descrição</th>
              <th scope="col">Segredo</th>
              <th scope="col">Situação</th>
              <th scope="col">Criada em</th>
              <th scope="col">Ações</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((s) => (
              <tr key={s.id}>
                <td>{s.id}</td>
                <td>{s.descricao ?? '—'}</td>
                <td>{s.temSegredo ? 'com segredo' : 'sem segredo'}</td>
                <td>{s.ativo ? 'ativa' : `desativada em ${when(s.desativadoEm)}`}</td>
                <td>{when(s.criadoEm)}</td>
                <td>
                  {s.ativo && (
                    <button type="button" class="secondary" aria-label={`Desativar a assinatura nº ${s.id}`} onClick={() => setRemoving(s)}>
                      Desativar
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {removing && (
        <ConfirmDialog
          title={`Desativar a assinatura nº ${removing.id}?`}
          confirm="Desativar"
          danger
          busy={busy}
          onCancel={() => setRemoving(undefined)}
          onConfirm={() => void deactivate(removing)}
        >
          <p>Chamadas assinadas com o segredo desta assinatura passam a ser recusadas.</p>
        </ConfirmDialog>
      )}
      <Events />
    </>
  );
}

function NewSubscription(props: { onCreated: (created: { id: number; segredo: string | null }) => void }): JSX.Element {
  const [descricao, setDescricao] = useState('');
  const [comSegredo, setComSegredo] = useState(true);
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    const { data, error, response } = await api.POST('/api/admin/webhooks-entrada', {
      body: { ...(descricao.trim() && { descricao: descricao.trim() }), comSegredo },
    });
    setBusy(false);
    if (!data) return setRefusal(problem(error, response.status));
    setDescricao('');
    props.onCreated({ id: data.id, segredo: data.segredo });
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="webhook-novo-title" class="form-block">
      <h3 id="webhook-novo-title">Nova assinatura</h3>
      <FormError refusal={refusal} fields={['descricao', 'comSegredo']} />
      <Field
        label="Descrição"
        value={descricao}
        maxLength={200}
        error={errorAt(refusal, 'descricao')}
        onInput={(e) => setDescricao(e.currentTarget.value)}
      />
      <Check
        label="Com segredo (chamadas assinadas)"
        checked={comSegredo}
        hint="Sem segredo, as chamadas só são aceitas sem assinatura enquanto nenhuma assinatura ativa tiver segredo."
        onChange={setComSegredo}
      />
      <div class="actions">
        <button type="submit" disabled={busy}>
          Criar assinatura
        </button>
      </div>
    </form>
  );
}

function Events(): JSX.Element {
  const [events, setEvents] = useState<Received[]>([]);
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    setLoading(true);
    void api
      .GET('/api/admin/webhooks-entrada/eventos', { params: { query: { page, size: PAGE_SIZE } } })
      .then(({ data, error: refused, response }) => {
        if (!live) return;
        setLoading(false);
        if (!data) return setError(problem(refused, response.status).message);
        setEvents((shown) => (page === 0 ? data.content : [...shown, ...data.content]));
        // The page carries no totals: a full page may have a next one.
        setMore(data.content.length === PAGE_SIZE);
      })
      .catch(() => live && (setLoading(false), setError('Não foi possível falar com o servidor.')));
    return () => {
      live = false;
    };
  }, [page]);
  return (
    <section aria-labelledby="eventos-title">
      <h3 id="eventos-title">Chamadas recebidas</h3>
      {error && <Alert>{error}</Alert>}
      {events.length === 0 && !loading ? (
        <p class="muted">Nenhuma chamada recebida nos últimos 90 dias.</p>
      ) : (
        <Table>
          <caption>Chamadas recebidas, as mais recentes primeiro (guardadas por 90 dias)</caption>
          <thead>
            <tr>
              <th scope="col">Recebida em</th>
              <th scope="col">Fluxo</th>
              <th scope="col">Processada em</th>
              <th scope="col">Conteúdo</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.eventoId}>
                <td>{when(e.recebidoEm)}</td>
                <td>{e.fluxo}</td>
                <td>{when(e.processadoEm)}</td>
                <td>
                  <details>
                    <summary>Ver o corpo</summary>
                    <pre class="payload">{JSON.stringify(e.payload, null, 2)}</pre>
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {loading && <Loading what="as chamadas" />}
      {more && !loading && (
        <div class="pager">
          <button type="button" class="secondary" onClick={() => setPage((p) => p + 1)}>
            Mais
          </button>
        </div>
      )}
    </section>
  );
}
