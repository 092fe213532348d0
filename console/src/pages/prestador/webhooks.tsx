// Webhooks: the provider's outbound webhooks (where the service POSTs the AGENDAMENTO_* events, signed as Standard
// Webhooks): the list, a new one (its secret shown once), an edit, its deactivation and its deletion; and, at
// /console/webhooks/<id>, one webhook: its signing secret revealed on demand, a test event sent on demand, and its
// deliveries as Svix's App Portal shows them (when, event, state, HTTP status, attempts, duration, the body sent and the
// answer), each with "Reenviar". The log is polled while the page is open, so a delivery's attempts show as they happen.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../../api/client';
import { Alert, Check, Checkboxes, Field, FormError, Loading, Page, Pager, Select, Table, useLoad } from '../../components';
import { ConfirmDialog } from '../../dialog';
import { when } from '../../format';
import { errorAt, problem, refusedText, type Refusal } from '../../refusal';
import { BASE, useRoute } from '../../router';
import {
  deliveryStateLabel,
  deliveryTone,
  duration,
  eventLabel,
  eventOptions,
  pretty,
  type Delivery,
  type EventType,
  type Webhook,
} from './model';
import { CopyButton, SecretShown } from './segredo';

export function Webhooks(): JSX.Element {
  const route = useRoute();
  const id = route.rest[0];
  if (id !== undefined) return <WebhookDetail id={id} />;
  return <WebhookList />;
}

function WebhookList(): JSX.Element {
  const list = useLoad(() => api.GET('/api/prestador/webhooks'), []);
  const [shown, setShown] = useState<{ id: number; secret: string }>();
  const [editing, setEditing] = useState<Webhook | 'novo'>();
  const [removing, setRemoving] = useState<Webhook>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const [failed, setFailed] = useState<string>();

  const setActive = async (w: Webhook, ativo: boolean) => {
    setDone(undefined);
    setFailed(undefined);
    const { data, error, response } = await api.PUT('/api/prestador/webhooks/{id}', { params: { path: { id: w.id } }, body: { ativo } });
    if (!data) return setFailed(refusedText(response.status, problem(error, response.status).message));
    setDone(`Webhook nº ${w.id} ${ativo ? 'ativado' : 'desativado'}.`);
    list.reload();
  };

  const remove = async (w: Webhook) => {
    setBusy(true);
    const { error, response } = await api.DELETE('/api/prestador/webhooks/{id}', { params: { path: { id: w.id } } });
    setBusy(false);
    setRemoving(undefined);
    if (!response.ok) return setFailed(refusedText(response.status, problem(error, response.status).message));
    setDone(`Webhook nº ${w.id} excluído.`);
    list.reload();
  };

  return (
    <Page title="Webhooks">
      <p class="hint">
        O serviço envia os eventos dos seus agendamentos (confirmado, cancelado, realizado, faltou) a estes endereços, assinados no padrão
        Standard Webhooks (cabeçalhos <code>webhook-id</code>, <code>webhook-timestamp</code> e <code>webhook-signature</code>). Uma entrega
        que não receber 2xx é tentada de novo: após 5 s, 5 min, 30 min, 2 h, 5 h, 10 h e 10 h.
      </p>
      {shown && (
        <SecretShown
          title={`Segredo de assinatura do webhook nº ${shown.id}`}
          values={[['Segredo', shown.secret]]}
          onDone={() => setShown(undefined)}
        />
      )}
      {list.error && <Alert>{list.error}</Alert>}
      {failed && <Alert>{failed}</Alert>}
      {done && <Alert kind="info">{done}</Alert>}
      {editing ? (
        <WebhookForm
          key={editing === 'novo' ? 'novo' : editing.id}
          webhook={editing === 'novo' ? undefined : editing}
          onCancel={() => setEditing(undefined)}
          onSaved={(saved, secret) => {
            setEditing(undefined);
            setDone(`Webhook nº ${saved.id} ${editing === 'novo' ? 'criado' : 'salvo'}.`);
            if (secret) setShown({ id: saved.id, secret });
            list.reload();
          }}
        />
      ) : (
        <div class="toolbar">
          <button
            type="button"
            onClick={() => {
              setDone(undefined);
              setEditing('novo');
            }}
          >
            Novo webhook
          </button>
        </div>
      )}
      {!list.data ? (
        !list.error && <Loading what="os webhooks" />
      ) : list.data.length === 0 ? (
        <p>Nenhum webhook ainda.</p>
      ) : (
        <Table>
          <caption>Webhooks do prestador</caption>
          <thead>
            <tr>
              <th scope="col">Endereço</th>
              <th scope="col">Eventos</th>
              <th scope="col">Situação</th>
              <th scope="col">Atualizado em</th>
              <th scope="col">Ações</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((w) => (
              <tr key={w.id}>
                <td>
                  <a href={`${BASE}webhooks/${w.id}`}>
                    <code class="wrap">{w.url}</code>
                  </a>
                  <div class="muted">nº {w.id}</div>
                </td>
                <td>{w.eventos.map((e) => eventLabel[e]).join(', ')}</td>
                <td>
                  <span class={`badge ${w.ativo ? 'badge-ok' : 'badge-off'}`}>{w.ativo ? 'Ativo' : 'Desativado'}</span>
                </td>
                <td>{when(w.atualizadoEm)}</td>
                <td>
                  <div class="row-actions">
                    <a href={`${BASE}webhooks/${w.id}`} aria-label={`Entregas e teste do webhook nº ${w.id}`}>
                      Entregas e teste
                    </a>
                    <button
                      type="button"
                      class="secondary"
                      aria-label={`Editar o webhook nº ${w.id}`}
                      onClick={() => {
                        setDone(undefined);
                        setEditing(w);
                      }}
                    >
                      Editar
                    </button>
                    <button
                      type="button"
                      class="secondary"
                      aria-label={`${w.ativo ? 'Desativar' : 'Ativar'} o webhook nº ${w.id}`}
                      onClick={() => void setActive(w, !w.ativo)}
                    >
                      {w.ativo ? 'Desativar' : 'Ativar'}
                    </button>
                    <button type="button" class="secondary" aria-label={`Excluir o webhook nº ${w.id}`} onClick={() => setRemoving(w)}>
                      Excluir
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {removing && (
        <ConfirmDialog
          title={`Excluir o webhook nº ${removing.id}?`}
          confirm="Excluir"
          danger
          busy={busy}
          onCancel={() => setRemoving(undefined)}
          onConfirm={() => void remove(removing)}
        >
          <p>
            Os eventos deixam de ser enviados a <code class="wrap">{removing.url}</code>; as entregas pendentes desistem na próxima
            tentativa.
          </p>
        </ConfirmDialog>
      )}
    </Page>
  );
}

function WebhookForm(props: {
  webhook: Webhook | undefined;
  onCancel: () => void;
  onSaved: (w: Webhook, secret?: string) => void;
}): JSX.Element {
  const { webhook } = props;
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [eventos, setEventos] = useState<EventType[]>(webhook?.eventos ?? eventOptions.map(([e]) => e));
  const [secret, setSecret] = useState('');
  const [ativo, setAtivo] = useState(webhook?.ativo ?? true);
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    const body = {
      url: url.trim(),
      eventos: eventOptions.map(([e]) => e).filter((e) => eventos.includes(e)),
      ativo,
      ...(secret.trim() && { secret: secret.trim() }),
    };
    const answer = webhook
      ? await api.PUT('/api/prestador/webhooks/{id}', { params: { path: { id: webhook.id } }, body })
      : await api.POST('/api/prestador/webhooks', { body });
    setBusy(false);
    if (!answer.data) return setRefusal(problem(answer.error, answer.response.status));
    props.onSaved(answer.data, answer.data.secret);
  };

  const title = webhook ? `Editar o webhook nº ${webhook.id}` : 'Novo webhook';
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="webhook-form-title" class="form-block panel" noValidate>
      <h2 id="webhook-form-title">{title}</h2>
      <FormError refusal={refusal} fields={['url', 'eventos', 'secret', 'ativo']} />
      <Field
        label="Endereço (URL)"
        type="url"
        value={url}
        required
        maxLength={2048}
        placeholder="https://sistema.clinica.example/webhooks"
        hint="https, num endereço público da internet."
        error={errorAt(refusal, 'url')}
        onInput={(e) => setUrl(e.currentTarget.value)}
      />
      <Checkboxes legend="Eventos" options={eventOptions} checked={eventos} error={errorAt(refusal, 'eventos')} onChange={setEventos} />
      <Field
        label={webhook ? 'Novo segredo de assinatura' : 'Segredo de assinatura'}
        value={secret}
        autocomplete="off"
        hint={
          webhook
            ? 'Em branco: mantém o segredo atual. Um novo: whsec_ seguido de 24 a 64 bytes em base64.'
            : 'Em branco: o serviço gera um. Ou whsec_ seguido de 24 a 64 bytes em base64.'
        }
        error={errorAt(refusal, 'secret')}
        onInput={(e) => setSecret(e.currentTarget.value)}
      />
      <Check label="Ativo" checked={ativo} onChange={setAtivo} hint="Um webhook desativado não recebe eventos." />
      <div class="actions">
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancelar
        </button>
        <button type="submit" disabled={busy}>
          {webhook ? 'Salvar webhook' : 'Criar webhook'}
        </button>
      </div>
    </form>
  );
}

const PAGE_SIZE = 20;
/** How often the delivery log is read again while the page is open (docs/decisions.md, "Console live updates: polling"). */
const POLL_MS = 3000;

function WebhookDetail(props: { id: string }): JSX.Element {
  const id = /^[1-9]\d{0,15}$/.test(props.id) ? Number(props.id) : undefined;
  const loaded = useLoad(
    () =>
      id === undefined
        ? Promise.resolve({ error: { message: 'Este endereço não é de um webhook.' }, response: new Response(null, { status: 404 }) })
        : api
            .GET('/api/prestador/webhooks/{id}', { params: { path: { id } } })
            .then((r) => (r.response.status === 404 ? { ...r, error: { message: 'Webhook não encontrado.' } } : r)),
    [id],
  );
  const w = loaded.data;
  return (
    <Page title={w ? `Webhook nº ${w.id}` : 'Webhook'} actions={<a href={`${BASE}webhooks`}>← Voltar aos webhooks</a>}>
      {loaded.error && <Alert>{loaded.error}</Alert>}
      {!w ? !loaded.error && <Loading what="o webhook" /> : <WebhookPanel key={w.id} webhook={w} />}
    </Page>
  );
}

function WebhookPanel(props: { webhook: Webhook }): JSX.Element {
  const w = props.webhook;
  const [page, setPage] = useState(0);
  const log = useLoad(
    () => api.GET('/api/prestador/webhooks/{id}/entregas', { params: { path: { id: w.id }, query: { page, size: PAGE_SIZE } } }),
    [w.id, page],
    POLL_MS,
  );
  return (
    <>
      <section class="card" aria-labelledby="webhook-dados-title">
        <h2 id="webhook-dados-title">
          <code class="wrap">{w.url}</code>{' '}
          <span class={`badge ${w.ativo ? 'badge-ok' : 'badge-off'}`}>{w.ativo ? 'Ativo' : 'Desativado'}</span>
        </h2>
        <dl class="pairs">
          <dt>Eventos</dt>
          <dd>{w.eventos.map((e) => eventLabel[e]).join(', ')}</dd>
          <dt>Criado em</dt>
          <dd>{when(w.criadoEm)}</dd>
          <dt>Atualizado em</dt>
          <dd>{when(w.atualizadoEm)}</dd>
        </dl>
        <SigningSecret id={w.id} />
      </section>
      <TestEvent webhook={w} onSent={() => (page === 0 ? log.reload() : setPage(0))} />
      <section aria-labelledby="entregas-title">
        <h2 id="entregas-title">Entregas</h2>
        {log.error && <Alert>{log.error}</Alert>}
        {!log.data ? (
          !log.error && <Loading what="as entregas" />
        ) : log.data.content.length === 0 ? (
          <p class="muted">Nenhuma entrega ainda: envie um evento de teste.</p>
        ) : (
          <>
            <DeliveryTable deliveries={log.data.content} webhook={w} onResent={log.reload} />
            <Pager page={log.data.page} pages={log.data.totalPages} onPage={setPage} label="Páginas das entregas" />
          </>
        )}
      </section>
    </>
  );
}

/** The webhook's signing secret, read from the API only when asked, and hidden again on demand. */
function SigningSecret(props: { id: number }): JSX.Element {
  const [secret, setSecret] = useState<string>();
  const [failed, setFailed] = useState<string>();
  const [busy, setBusy] = useState(false);
  const reveal = async () => {
    setBusy(true);
    setFailed(undefined);
    const { data, error, response } = await api.GET('/api/prestador/webhooks/{id}/segredo', { params: { path: { id: props.id } } });
    setBusy(false);
    if (!data) return setFailed(refusedText(response.status, problem(error, response.status).message));
    setSecret(data.secret);
  };
  return (
    <div class="signing-secret">
      <h3>Segredo de assinatura</h3>
      {failed && <Alert>{failed}</Alert>}
      {secret ? (
        <>
          <p>
            <code class="wrap" data-testid="segredo-webhook">
              {secret}
            </code>
          </p>
          <div class="actions">
            <CopyButton label="Segredo" value={secret} />
            <button type="button" class="secondary" onClick={() => setSecret(undefined)}>
              Ocultar segredo
            </button>
          </div>
        </>
      ) : (
        <>
          <p class="muted">Oculto. Use-o para verificar a assinatura das entregas.</p>
          <button type="button" class="secondary" disabled={busy} onClick={() => void reveal()}>
            Revelar segredo
          </button>
        </>
      )}
    </div>
  );
}

function TestEvent(props: { webhook: Webhook; onSent: () => void }): JSX.Element {
  const { webhook } = props;
  const [evento, setEvento] = useState<EventType>(webhook.eventos[0]!);
  const [refusal, setRefusal] = useState<Refusal>();
  const [sent, setSent] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    setSent(undefined);
    const { data, error, response } = await api.POST('/api/prestador/webhooks/{id}/teste', {
      params: { path: { id: webhook.id } },
      body: { evento },
    });
    setBusy(false);
    if (!data) {
      const refused = problem(error, response.status);
      return setRefusal(refused.field ? refused : { message: refusedText(response.status, refused.message) });
    }
    setSent(`Evento de teste ${eventLabel[data.evento]} enviado (entrega ${data.eventoId}).`);
    props.onSent();
  };
  return (
    <form class="form-block panel" aria-labelledby="teste-title" onSubmit={(e) => void submit(e)}>
      <h2 id="teste-title">Evento de teste</h2>
      <p class="hint">
        Um exemplo do evento escolhido, entregue só a este webhook como uma entrega real (assinada, registrada abaixo); o agendamento do
        exemplo tem o nº 0 e nenhum agendamento muda.
      </p>
      <FormError refusal={refusal} fields={['evento']} />
      {sent && (
        <Alert kind="info">
          <span data-testid="teste-enviado">{sent}</span>
        </Alert>
      )}
      <Select
        label="Evento"
        value={evento}
        options={eventOptions.filter(([e]) => webhook.eventos.includes(e))}
        error={errorAt(refusal, 'evento')}
        onChange={(e) => setEvento(e.currentTarget.value as EventType)}
      />
      <div class="actions">
        <button type="submit" disabled={busy || !webhook.ativo}>
          Enviar evento de teste
        </button>
        {!webhook.ativo && <span class="muted">Ative o webhook para enviar um teste.</span>}
      </div>
    </form>
  );
}

function DeliveryTable(props: { deliveries: Delivery[]; webhook: Webhook; onResent: () => void }): JSX.Element {
  const [failed, setFailed] = useState<string>();
  const [resending, setResending] = useState<string>();
  const resend = async (d: Delivery) => {
    setResending(d.id);
    setFailed(undefined);
    const { data, error, response } = await api.POST('/api/prestador/webhooks/{id}/entregas/{entregaId}/reenviar', {
      params: { path: { id: props.webhook.id, entregaId: d.id } },
    });
    setResending(undefined);
    if (!data) return setFailed(refusedText(response.status, problem(error, response.status).message));
    props.onResent();
  };
  return (
    <>
      {failed && <Alert>{failed}</Alert>}
      <Table class="deliveries">
        <caption>Entregas deste webhook, as mais recentes primeiro</caption>
        <thead>
          <tr>
            <th scope="col">Quando</th>
            <th scope="col">Evento</th>
            <th scope="col">Situação</th>
            <th scope="col" class="num">
              HTTP
            </th>
            <th scope="col" class="num">
              Tentativas
            </th>
            <th scope="col" class="num">
              Duração
            </th>
            <th scope="col">Detalhes</th>
            <th scope="col">Ações</th>
          </tr>
        </thead>
        <tbody>
          {props.deliveries.map((d) => (
            <tr key={d.id} data-entrega={d.eventoId}>
              <td>
                {when(d.criadoEm)}
                {when(d.atualizadoEm) !== when(d.criadoEm) && <div class="muted">última em {when(d.atualizadoEm)}</div>}
              </td>
              <td>
                {eventLabel[d.evento]}
                <div class="muted">
                  <code class="wrap">{d.eventoId}</code>
                </div>
              </td>
              <td>
                <span class={`badge ${deliveryTone[d.estado]}`}>{deliveryStateLabel[d.estado]}</span>
                {d.proximaTentativa && <div class="muted">próxima em {when(d.proximaTentativa)}</div>}
              </td>
              <td class="num">{d.ultimoStatusHttp ?? '—'}</td>
              <td class="num">{d.tentativas}</td>
              <td class="num">{duration(d.ultimaDuracaoMs)}</td>
              <td>
                <details>
                  <summary>Corpo enviado</summary>
                  <pre class="payload" tabIndex={0} aria-label={`Corpo enviado na entrega ${d.eventoId}`}>
                    {JSON.stringify(d.corpo, null, 2)}
                  </pre>
                </details>
                <details>
                  <summary>Resposta</summary>
                  {d.ultimoErro && <p class="field-error">{d.ultimoErro}</p>}
                  {d.ultimaResposta ? (
                    <pre class="payload" tabIndex={0} aria-label={`Resposta à entrega ${d.eventoId}`}>
                      {pretty(d.ultimaResposta)}
                    </pre>
                  ) : (
                    <p class="muted">Sem corpo na resposta.</p>
                  )}
                </details>
              </td>
              <td>
                <button
                  type="button"
                  class="secondary"
                  disabled={resending === d.id || !props.webhook.ativo}
                  aria-label={`Reenviar a entrega ${d.eventoId}`}
                  onClick={() => void resend(d)}
                >
                  Reenviar
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
