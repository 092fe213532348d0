// Agendamentos (/console/agenda): the appointments of one day that name this provider (a day picker, the previous and
// next day, a status filter; the day and the filter in the URL), and the execution result recorded by hand: REALIZADO
// or FALTOU with an optional note, one Idempotency-Key per submit (a retry of that submit is never a second move), then
// the appointment's new status and its last move shown.
import type { JSX } from 'preact';
import { useId, useState } from 'preact/hooks';
import { api, type Schemas } from '../../api/client';
import { Alert, Field, FormError, Loading, Page, Pager, Select, Table, TextArea, useLoad } from '../../components';
import { addDays, day, phone, today, when } from '../../format';
import { appointmentStatusLabel } from '../../labels';
import { errorAt, problem, refusedText, type Refusal } from '../../refusal';
import { BASE, navigate, useRoute } from '../../router';
import { statuses, statusTone, type Status } from '../agendamentos/model';

type Appointment = Schemas['Appointment'];
type Result = 'REALIZADO' | 'FALTOU';

const PAGE_SIZE = 20;
/** The statuses an execution cannot be recorded in (the appointment is closed). */
const closed: readonly Status[] = ['REALIZADO', 'FALTOU', 'CANCELADO'];

/** A fresh Idempotency-Key: one per submit. */
const idempotencyKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export function Agenda(): JSX.Element {
  const { query } = useRoute();
  const data = /^\d{4}-\d{2}-\d{2}$/.test(query.get('data') ?? '') ? query.get('data')! : today();
  const wanted = query.get('status') ?? '';
  const status = (statuses as string[]).includes(wanted) ? (wanted as Status) : undefined;
  const [page, setPage] = useState(0);
  const [recording, setRecording] = useState<Appointment>();
  const [recorded, setRecorded] = useState<{ id: number; from: Status; to: Status; replay: boolean }>();

  const go = (next: { data?: string; status?: Status | undefined }) => {
    const params = new URLSearchParams({ data: next.data ?? data });
    const s = 'status' in next ? next.status : status;
    if (s) params.set('status', s);
    setPage(0);
    setRecording(undefined);
    navigate(`${BASE}agenda?${params}`, true);
  };

  const list = useLoad(
    () => api.GET('/api/prestador/agendamentos', { params: { query: { data, ...(status ? { status } : {}), page, size: PAGE_SIZE } } }),
    [data, status, page],
  );
  const items = list.data?.content ?? [];
  const total = list.data?.total ?? 0;
  const shown = recorded && items.find((a) => a.id === recorded.id);

  return (
    <Page title="Agendamentos">
      <p class="hint">Os agendamentos que indicam este prestador, um dia por vez. Registre aqui se o paciente foi atendido ou faltou.</p>
      <form class="filters" aria-label="Filtros dos agendamentos" onSubmit={(e) => e.preventDefault()}>
        <button type="button" class="secondary" onClick={() => go({ data: addDays(data, -1) })}>
          ← Dia anterior
        </button>
        <Field
          label="Dia"
          type="date"
          value={data}
          required
          error={list.errorField === 'data' ? list.error : undefined}
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
        <button type="button" class="secondary" onClick={list.reload}>
          Atualizar
        </button>
      </form>

      {recorded && (
        <Alert kind="info">
          <span data-testid="execucao-registrada">
            {recorded.replay ? 'Esta execução já estava registrada. ' : ''}Agendamento nº {recorded.id}:{' '}
            {appointmentStatusLabel[recorded.from]} → {appointmentStatusLabel[recorded.to]}.
          </span>
          {shown && <LastMove a={shown} />}
        </Alert>
      )}
      {recording && (
        <ExecutionForm
          key={recording.id}
          appointment={recording}
          onCancel={() => setRecording(undefined)}
          onRecorded={(resultado, replay) => {
            setRecorded({ id: recording.id, from: recording.status, to: resultado, replay });
            setRecording(undefined);
            list.reload();
          }}
        />
      )}
      {list.error && list.errorField !== 'data' && <Alert>{list.error}</Alert>}
      {!list.data ? (
        !list.error && <Loading what="os agendamentos" />
      ) : (
        <>
          <Table>
            <caption>
              {status ? `${appointmentStatusLabel[status]} em ` : 'Agendamentos de '}
              {day(data)}: {total === 0 ? 'nenhum' : total === 1 ? '1 agendamento' : `${total} agendamentos`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Nº</th>
                <th scope="col">Paciente</th>
                <th scope="col">Procedimento</th>
                <th scope="col">Retirada</th>
                <th scope="col">Status</th>
                <th scope="col">Ações</th>
              </tr>
            </thead>
            <tbody>
              {items.map((a) => (
                <tr key={a.id} data-agendamento={a.id}>
                  <td>{a.id}</td>
                  <td>
                    {a.pacienteNome ?? 'Paciente sem nome'}
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
                  <td>
                    <span class={`badge ${statusTone(a.status)}`} data-testid="status">
                      {appointmentStatusLabel[a.status]}
                    </span>
                  </td>
                  <td>
                    {!closed.includes(a.status) && (
                      <button
                        type="button"
                        class="secondary"
                        aria-label={`Registrar execução do agendamento nº ${a.id}`}
                        onClick={() => {
                          setRecorded(undefined);
                          setRecording(a);
                        }}
                      >
                        Registrar execução
                      </button>
                    )}
                  </td>
                </tr>
              ))}
              {items.length === 0 && (
                <tr>
                  <td colSpan={6} class="muted">
                    Nenhum agendamento {status ? `com status ${appointmentStatusLabel[status]} ` : ''}neste dia.
                  </td>
                </tr>
              )}
            </tbody>
          </Table>
          <Pager page={list.data.page} pages={list.data.totalPages} onPage={setPage} label="Páginas dos agendamentos" />
        </>
      )}
    </Page>
  );
}

/** The appointment's last move, as the history records it. */
function LastMove(props: { a: Appointment }): JSX.Element | null {
  const move = props.a.historico.at(-1);
  if (!move) return null;
  return (
    <p class="muted" data-testid="ultima-mudanca">
      Última mudança: {move.de ? appointmentStatusLabel[move.de] : 'início'} → {appointmentStatusLabel[move.para]} em {when(move.em)}
      {move.observacao ? ` (“${move.observacao}”)` : ''}.
    </p>
  );
}

function ExecutionForm(props: {
  appointment: Appointment;
  onCancel: () => void;
  onRecorded: (resultado: Result, replay: boolean) => void;
}): JSX.Element {
  const a = props.appointment;
  const [resultado, setResultado] = useState<Result>('REALIZADO');
  const [observacao, setObservacao] = useState('');
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    const { data, error, response } = await api.POST('/api/prestador/agendamentos/{id}/execucao', {
      params: { path: { id: a.id }, header: { 'Idempotency-Key': idempotencyKey() } },
      body: { resultado, ...(observacao.trim() && { observacao: observacao.trim() }) },
    });
    setBusy(false);
    if (!data) {
      const refused = problem(error, response.status);
      return setRefusal(refused.field ? refused : { message: refusedText(response.status, refused.message) });
    }
    props.onRecorded(data.resultado, data.status === 'replay');
  };

  const resultError = errorAt(refusal, 'resultado');
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} class="form-block panel" noValidate>
      <h2 id={`${id}-title`}>Registrar a execução do agendamento nº {a.id}</h2>
      <p>
        {a.pacienteNome ?? 'Paciente sem nome'}, {a.procedimento}. Status atual:{' '}
        <span class={`badge ${statusTone(a.status)}`}>{appointmentStatusLabel[a.status]}</span>
      </p>
      <FormError refusal={refusal} fields={['resultado', 'observacao']} />
      <fieldset class="checks" aria-invalid={resultError ? true : undefined} aria-describedby={resultError ? `${id}-error` : undefined}>
        <legend>Resultado</legend>
        {(
          [
            ['REALIZADO', 'Realizado: o paciente foi atendido'],
            ['FALTOU', 'Faltou: o paciente não compareceu'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} class="check">
            <input type="radio" name={`${id}-resultado`} value={value} checked={resultado === value} onChange={() => setResultado(value)} />{' '}
            {label}
          </label>
        ))}
        {resultError && (
          <span id={`${id}-error`} class="field-error" role="alert">
            {resultError}
          </span>
        )}
      </fieldset>
      <TextArea
        label="Observação"
        rows={2}
        maxLength={1000}
        value={observacao}
        hint="Opcional; fica no histórico do agendamento e vai no evento aos seus webhooks."
        error={errorAt(refusal, 'observacao')}
        onInput={(e) => setObservacao(e.currentTarget.value)}
      />
      <div class="actions">
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancelar
        </button>
        <button type="submit" disabled={busy}>
          Registrar
        </button>
      </div>
    </form>
  );
}
