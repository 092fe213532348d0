// Mensagens: the message log, newest first, filtered by status, contexto, phone and period; a message
// opens (/console/mensagens/<id>) with its status timeline, its cost and its statement entry. Both poll,
// so new statuses show without a reload. A scheduled message (#35) shows its time, and opens with the
// action that cancels it until it is sent.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../api/client';
import { Alert, Field, Loading, Page, Pager, Select, Table, useLoad } from '../components';
import { ConfirmDialog } from '../dialog';
import { problem, refusedText } from '../refusal';
import { contextoLabel, type MessageStatus, messageStatuses, messageStatusLabel } from '../labels';
import { money, when } from '../format';
import { BASE, navigate, useRoute } from '../router';

const POLL_MS = 5_000;
const PAGE_SIZE = 20;

type Contexto = keyof typeof contextoLabel;

interface Filters {
  status: MessageStatus | '';
  contexto: Contexto | '';
  telefone: string;
  de: string;
  ate: string;
}

const none: Filters = { status: '', contexto: '', telefone: '', de: '', ate: '' };

export function Mensagens(): JSX.Element {
  const route = useRoute();
  const id = Number(route.rest[0]);
  return Number.isInteger(id) && id > 0 ? <Message id={id} /> : <MessageLog />;
}

function StatusBadge(props: { status: MessageStatus }): JSX.Element {
  return <span class={`badge badge-${props.status}`}>{messageStatusLabel[props.status]}</span>;
}

function MessageLog(): JSX.Element {
  const [draft, setDraft] = useState<Filters>(none);
  const [filters, setFilters] = useState<Filters>(none);
  const [page, setPage] = useState(0);
  const log = useLoad(
    () =>
      api.GET('/api/admin/mensagens', {
        params: {
          query: {
            page,
            size: PAGE_SIZE,
            ...(filters.status ? { status: filters.status } : {}),
            ...(filters.contexto ? { contexto: filters.contexto } : {}),
            ...(filters.telefone ? { telefone: filters.telefone } : {}),
            ...(filters.de ? { de: filters.de } : {}),
            ...(filters.ate ? { ate: filters.ate } : {}),
          },
        },
      }),
    [filters, page],
    POLL_MS,
  );
  const set = (key: keyof Filters) => (event: { currentTarget: { value: string } }) =>
    setDraft({ ...draft, [key]: event.currentTarget.value });

  return (
    <Page title="Mensagens">
      <form
        class="filters"
        aria-label="Filtrar mensagens"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(0);
          setFilters({ ...draft, telefone: draft.telefone.trim() });
        }}
      >
        <Select
          label="Status"
          value={draft.status}
          onChange={set('status')}
          options={[['', 'Todos'], ...messageStatuses.map((s) => [s, messageStatusLabel[s]] as const)]}
        />
        <Select
          label="Contexto"
          value={draft.contexto}
          onChange={set('contexto')}
          options={[['', 'Todos'], ...(Object.entries(contextoLabel) as [Contexto, string][])]}
        />
        <Field label="Telefone" type="tel" value={draft.telefone} onInput={set('telefone')} placeholder="+5511..." />
        <Field label="De" type="date" value={draft.de} onInput={set('de')} />
        <Field label="Até" type="date" value={draft.ate} onInput={set('ate')} />
        <button type="submit">Filtrar</button>
      </form>
      {log.error && <Alert>{log.error}</Alert>}
      {!log.data ? (
        <Loading what="as mensagens" />
      ) : log.data.content.length === 0 ? (
        <p>Nenhuma mensagem com esses filtros.</p>
      ) : (
        <>
          <Table>
            <caption>{log.data.totalElements} mensagens, da mais recente para a mais antiga. A lista se atualiza sozinha.</caption>
            <thead>
              <tr>
                <th scope="col">Enviada em (ou agendada para)</th>
                <th scope="col">Para</th>
                <th scope="col">Contexto</th>
                <th scope="col">Mensagem</th>
                <th scope="col">Status</th>
                <th scope="col" class="num">
                  Custo
                </th>
              </tr>
            </thead>
            <tbody>
              {log.data.content.map((m) => (
                <tr key={m.id} data-message-id={m.id}>
                  <td>
                    <a href={`${BASE}mensagens/${m.id}`}>
                      {m.status === 'SCHEDULED' ? `Agendada para ${when(m.agendadoPara ?? m.dataEnvio)}` : when(m.dataEnvio)}
                    </a>
                  </td>
                  <td>{m.toNumber}</td>
                  <td>{m.contexto ? contextoLabel[m.contexto] : '—'}</td>
                  <td class="truncate">{m.body}</td>
                  <td>
                    <StatusBadge status={m.status} />
                  </td>
                  <td class="num">{m.tarifaCobrada === null ? '—' : money(m.tarifaCobrada)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager page={log.data.number} pages={log.data.totalPages} onPage={setPage} />
        </>
      )}
    </Page>
  );
}

function Message(props: { id: number }): JSX.Element {
  const message = useLoad(() => api.GET('/api/admin/mensagens/{id}', { params: { path: { id: props.id } } }), [props.id], POLL_MS);
  const m = message.data;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'info' | 'error'; text: string }>();

  const cancel = async () => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const { data, error, response } = await api.POST('/api/admin/mensagens/{id}/cancelar', { params: { path: { id: props.id } } });
      setOutcome(
        data
          ? { kind: 'info', text: 'Envio cancelado: a mensagem não será enviada nem cobrada.' }
          : { kind: 'error', text: refusedText(response.status, problem(error, response.status).message) },
      );
    } catch {
      setOutcome({ kind: 'error', text: problem(undefined).message });
    } finally {
      setBusy(false);
      setConfirming(false);
      message.reload();
    }
  };
  return (
    <Page
      title="Mensagens"
      actions={
        <button type="button" class="secondary" onClick={() => navigate(`${BASE}mensagens`)}>
          Voltar à lista
        </button>
      }
    >
      {message.error && <Alert>{message.error}</Alert>}
      {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
      {!m ? (
        <Loading what="a mensagem" />
      ) : (
        <>
          <section class="detail" aria-labelledby="mensagem-title">
            <h2 id="mensagem-title">Mensagem {m.id}</h2>
            <dl>
              <dt>Status</dt>
              <dd data-testid="status">
                <StatusBadge status={m.status} /> {m.statusDescricao}
              </dd>
              {m.agendadoPara && (
                <>
                  <dt>Agendada para</dt>
                  <dd data-testid="agendada-para">{when(m.agendadoPara)}</dd>
                </>
              )}
              <dt>Para</dt>
              <dd>{m.toNumber}</dd>
              <dt>Contexto</dt>
              <dd>{m.contexto ? contextoLabel[m.contexto] : '—'}</dd>
              <dt>Texto</dt>
              <dd class="pre">{m.body}</dd>
              <dt>Custo</dt>
              <dd>{m.tarifaCobrada === null ? '—' : money(m.tarifaCobrada)}</dd>
              {m.errorCode && (
                <>
                  <dt>Erro</dt>
                  <dd>
                    {m.errorCode}: {m.errorMessage}
                  </dd>
                </>
              )}
            </dl>
            {m.status === 'SCHEDULED' && (
              <div class="actions">
                <button type="button" class="danger" onClick={() => setConfirming(true)} disabled={busy}>
                  Cancelar envio
                </button>
              </div>
            )}
          </section>
          {confirming && (
            <ConfirmDialog
              title="Cancelar o envio agendado?"
              confirm="Sim, cancelar o envio"
              danger
              busy={busy}
              onConfirm={() => void cancel()}
              onCancel={() => setConfirming(false)}
            >
              <p>
                A mensagem agendada para {when(m.agendadoPara ?? m.dataEnvio)} não será enviada nem cobrada. Depois de enviada, ela não pode
                mais ser cancelada.
              </p>
            </ConfirmDialog>
          )}
          <section class="detail" aria-labelledby="historico-title">
            <h2 id="historico-title">Histórico de status</h2>
            <ol class="timeline">
              {m.historico.map((h, i) => (
                <li key={i}>
                  <StatusBadge status={h.status} /> {when(h.em)}
                  {h.errorCode && (
                    <div>
                      Erro {h.errorCode}: {h.errorMessage}
                    </div>
                  )}
                </li>
              ))}
            </ol>
          </section>
          <section class="detail" aria-labelledby="lancamento-title">
            <h2 id="lancamento-title">Lançamento no extrato</h2>
            {m.lancamento ? (
              <dl>
                <dt>Lançamento</dt>
                <dd>
                  {m.lancamento.id} ({m.lancamento.tipo === 'DEBIT' ? 'débito' : 'crédito'}) em {when(m.lancamento.criadoEm)}
                </dd>
                <dt>Valor</dt>
                <dd>{money(m.lancamento.valor)}</dd>
                <dt>Descrição</dt>
                <dd>{m.lancamento.descricao}</dd>
                <dt>Saldo depois</dt>
                <dd>{money(m.lancamento.saldoPosterior)}</dd>
              </dl>
            ) : (
              <p>Esta mensagem não tem lançamento no extrato.</p>
            )}
          </section>
        </>
      )}
    </Page>
  );
}
