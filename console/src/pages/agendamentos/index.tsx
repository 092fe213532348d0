// Agendamentos: one day's board (a day picker, the previous and next day, a status filter, counts by
// status of what was loaded) and, at /console/agendamentos/<id>, one appointment (Detalhe). The day
// and the filter live in the URL, so a reload or the way back from an appointment keeps them.
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../../api/client';
import { Alert, Field, Loading, Page, Select, Table, useLoad } from '../../components';
import { problem } from '../../refusal';
import { addDays, day, phone, today } from '../../format';
import { BASE, navigate, useRoute } from '../../router';
import { Detalhe } from './detalhe';
import { appointmentStatusLabel } from '../../labels';
import { statuses, statusTone, type BoardItem, type Status } from './model';

const PAGE_SIZE = 20;

export function Agendamentos(): JSX.Element {
  const route = useRoute();
  const id = route.rest[0];
  if (id !== undefined) return <Detalhe id={id} back={`${BASE}agendamentos${location.search}`} />;
  return <Quadro query={route.query} />;
}

function Quadro(props: { query: URLSearchParams }): JSX.Element {
  const data = /^\d{4}-\d{2}-\d{2}$/.test(props.query.get('data') ?? '') ? props.query.get('data')! : today();
  const wanted = props.query.get('status') ?? '';
  const status = (statuses as string[]).includes(wanted) ? (wanted as Status) : undefined;

  const go = (next: { data?: string; status?: Status | undefined }) => {
    const params = new URLSearchParams({ data: next.data ?? data });
    const s = 'status' in next ? next.status : status;
    if (s) params.set('status', s);
    navigate(`${BASE}agendamentos?${params}`, true);
  };

  const first = useLoad(
    () => api.GET('/api/admin/agendamentos', { params: { query: { data, ...(status ? { status } : {}), size: PAGE_SIZE } } }),
    [data, status],
  );
  // The pages after the first, loaded by "Mais"; forgotten when the day or the filter changes, and a page
  // asked for before that change is dropped when it arrives.
  const [more, setMore] = useState<{ items: BoardItem[]; loading: boolean; error?: string }>({ items: [], loading: false });
  const board = useRef(0);
  useEffect(() => {
    board.current++;
    setMore({ items: [], loading: false });
  }, [data, status, first.data]);

  const items = [...(first.data?.content ?? []), ...more.items];
  const total = first.data?.totalElements ?? 0;
  const loadMore = async () => {
    const asked = board.current;
    setMore((m) => ({ ...m, loading: true }));
    const page = Math.floor(items.length / PAGE_SIZE);
    const {
      data: next,
      error,
      response,
    } = await api.GET('/api/admin/agendamentos', {
      params: { query: { data, ...(status ? { status } : {}), size: PAGE_SIZE, page } },
    });
    if (asked !== board.current) return;
    setMore((m) =>
      next
        ? { items: [...m.items, ...next.content], loading: false }
        : { ...m, loading: false, error: problem(error, response.status).message },
    );
  };

  return (
    <Page title="Agendamentos">
      <form class="filters" aria-label="Filtros do quadro" onSubmit={(e) => e.preventDefault()}>
        <button type="button" class="secondary" onClick={() => go({ data: addDays(data, -1) })}>
          ← Dia anterior
        </button>
        <Field
          label="Dia"
          type="date"
          value={data}
          required
          onChange={(e) => /^\d{4}-\d{2}-\d{2}$/.test(e.currentTarget.value) && go({ data: e.currentTarget.value })}
        />
        <button type="button" class="secondary" onClick={() => go({ data: addDays(data, 1) })}>
          Próximo dia →
        </button>
        {data !== today() && (
          <button type="button" class="secondary" onClick={() => go({ data: today() })}>
            Hoje
          </button>
        )}
        <Select
          label="Status"
          value={status ?? ''}
          options={[['', 'Todos'], ...statuses.map((s) => [s, appointmentStatusLabel[s]] as const)]}
          onChange={(e) => go({ status: (e.currentTarget.value || undefined) as Status | undefined })}
        />
        <button type="button" class="secondary" onClick={first.reload}>
          Atualizar
        </button>
      </form>

      {first.error && <Alert>{first.error}</Alert>}
      {!first.data ? (
        <Loading what="os agendamentos" />
      ) : (
        <>
          {!status && items.length > 0 && <Contagem items={items} total={total} />}
          <Table>
            <caption>
              {status ? `${appointmentStatusLabel[status]} em ` : 'Agendamentos de '}
              {day(data)}: {total === 0 ? 'nenhum' : total === 1 ? '1 agendamento' : `${total} agendamentos`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Paciente</th>
                <th scope="col">Procedimento</th>
                <th scope="col">Retirada</th>
                <th scope="col">Prestador</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {items.map((a) => (
                <tr key={a.id}>
                  <td>
                    <a href={`${BASE}agendamentos/${a.id}${location.search}`}>{a.pacienteNome ?? `Agendamento nº ${a.id}`}</a>
                    <div class="muted">{phone(a.pacienteTelefone)}</div>
                  </td>
                  <td>
                    {a.procedimento}
                    {a.numeroPedido && <div class="muted">Pedido {a.numeroPedido}</div>}
                  </td>
                  <td>
                    {a.dataLimiteRetirada ?? '—'}
                    {a.localRetirada && <div class="muted">{a.localRetirada}</div>}
                  </td>
                  <td>{a.prestador ?? '—'}</td>
                  <td>
                    <span class={`badge ${statusTone(a.status)}`}>{appointmentStatusLabel[a.status]}</span>
                    {a.pendencia && <div class="muted">{a.pendencia}</div>}
                  </td>
                </tr>
              ))}
              {items.length === 0 && (
                <tr>
                  <td colSpan={5} class="muted">
                    Nenhum agendamento {status ? `com status ${appointmentStatusLabel[status]} ` : ''}neste dia.
                  </td>
                </tr>
              )}
            </tbody>
          </Table>
          {more.error && <Alert>{more.error}</Alert>}
          {items.length < total && (
            <div class="pager">
              <button type="button" class="secondary" disabled={more.loading} onClick={() => void loadMore()}>
                {more.loading ? 'Carregando…' : 'Mais'}
              </button>
              <span class="muted">
                {items.length} de {total}
              </span>
            </div>
          )}
        </>
      )}
    </Page>
  );
}

/**
 * The day's counts by status, from the appointments loaded: the board answers a page at a time and
 * has no totals by status, so until every page is loaded these count only what is on the screen.
 */
function Contagem(props: { items: BoardItem[]; total: number }): JSX.Element {
  const counts = new Map<Status, number>();
  for (const a of props.items) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  const whole = props.items.length >= props.total;
  return (
    <section class="counts" aria-labelledby="contagem-title">
      <h2 id="contagem-title">Por status</h2>
      <ul class="plain inline-list">
        {statuses
          .filter((s) => counts.has(s))
          .map((s) => (
            <li key={s}>
              <span class={`badge ${statusTone(s)}`}>{appointmentStatusLabel[s]}</span> {counts.get(s)}
            </li>
          ))}
      </ul>
      <p class="muted">
        {whole
          ? 'Contagem do dia inteiro.'
          : `Contagem dos ${props.items.length} agendamentos carregados, de ${props.total} do dia: use "Mais" para contar todos.`}
      </p>
    </section>
  );
}
