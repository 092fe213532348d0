// Disponibilidade: the physician's next 90 days as a calendar, a month per table. The physician picks one day
// or several and sets their periods: one day goes to the day route, several to the batch route (all or
// nothing). RESERVADO windows (a booking) are shown in the calendar and beside the form, and are never
// fields: the API keeps them whatever is sent. A refusal is shown beside what it names: a day, a period,
// its início or fim.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../../api/client';
import { Alert, FormError, Loading, Page, useLoad } from '../../components';
import { addDays, day, today } from '../../format';
import { errorAt, problem, type Refusal } from '../../refusal';
import type { AvailabilityWindow, Period } from './model';
import { PeriodRows } from './periodos';

/** The days the API reads and writes: today (São Paulo) and the 89 after it. */
const WINDOW_DAYS = 90;

const weekDayHeaders = [
  ['Dom', 'domingo'],
  ['Seg', 'segunda-feira'],
  ['Ter', 'terça-feira'],
  ['Qua', 'quarta-feira'],
  ['Qui', 'quinta-feira'],
  ['Sex', 'sexta-feira'],
  ['Sáb', 'sábado'],
] as const;

const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Quick periods: the usual shifts of an on-call day. */
const presets: readonly (readonly [string, Period])[] = [
  ['Manhã', { inicio: '07:00', fim: '13:00' }],
  ['Tarde', { inicio: '13:00', fim: '19:00' }],
  ['Noite', { inicio: '19:00', fim: '24:00' }],
  ['Madrugada', { inicio: '00:00', fim: '07:00' }],
];

const weekDayOf = (dia: string) => new Date(`${dia}T00:00:00Z`).getUTCDay();
const span = (w: { inicio: string; fim: string }) => `${w.inicio}–${w.fim}`;
/** A time as a calendar's cell has room for: 07:00 → 7h, 07:30 → 7h30. */
const hour = (time: string) => `${Number(time.slice(0, 2))}h${time.endsWith(':00') ? '' : time.slice(3)}`;
/** A window in a cell: the short form seen, the whole one read by a screen reader. */
function CellWindow(props: { window: Period; state: 'disponível' | 'reservado' }): JSX.Element {
  const { window: w, state } = props;
  return (
    <>
      <span class="visually-hidden">
        {state} {span(w)}
      </span>
      <span aria-hidden="true">
        {hour(w.inicio)}–{hour(w.fim)}
      </span>
    </>
  );
}

/** The window's days split into months, each as weeks of seven (Sunday first; undefined outside the window). */
function months(first: string): { key: string; title: string; weeks: (string | undefined)[][] }[] {
  const out: { key: string; title: string; weeks: (string | undefined)[][] }[] = [];
  for (let i = 0; i < WINDOW_DAYS; i++) {
    const dia = addDays(first, i);
    const key = dia.slice(0, 7);
    let month = out.at(-1);
    if (month?.key !== key) {
      const title = monthName.format(new Date(`${key}-01T00:00:00Z`));
      month = { key, title: title.charAt(0).toUpperCase() + title.slice(1), weeks: [] };
      out.push(month);
    }
    let week = month.weeks.at(-1);
    if (!week || weekDayOf(dia) === 0) {
      week = new Array<string | undefined>(7).fill(undefined);
      month.weeks.push(week);
    }
    week[weekDayOf(dia)] = dia;
  }
  return out;
}

const sameList = (a: readonly Period[], b: readonly Period[]) =>
  a.length === b.length && a.every((p, i) => p.inicio === b[i]!.inicio && p.fim === b[i]!.fim);

export function Disponibilidade(): JSX.Element {
  const list = useLoad(() => api.GET('/api/plantonista/disponibilidade'), []);
  const [selected, setSelected] = useState<string[]>([]);
  const [periods, setPeriods] = useState<Period[]>([]);
  // Periods typed by the physician are kept while days are picked; untouched, they follow the days picked.
  const [dirty, setDirty] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string>();

  const first = today();
  const windows = list.data ?? [];
  const byDay = new Map<string, AvailabilityWindow[]>();
  for (const w of windows) byDay.set(w.data, [...(byDay.get(w.data) ?? []), w]);
  const available = (dia: string): Period[] =>
    (byDay.get(dia) ?? []).filter((w) => w.estado === 'DISPONIVEL').map((w) => ({ inicio: w.inicio, fim: w.fim }));
  const reserved = (dia: string) => (byDay.get(dia) ?? []).filter((w) => w.estado === 'RESERVADO');

  /** The periods the days have in common (the form starts from them), none when they differ. */
  const common = (days: readonly string[]): Period[] => {
    const lists = days.map(available);
    return lists.length > 0 && lists.every((l) => sameList(l, lists[0]!)) ? lists[0]! : [];
  };

  const choose = (days: string[]) => {
    const sorted = [...days].sort();
    setSelected(sorted);
    setRefusal(undefined);
    setSaved(undefined);
    if (!dirty) setPeriods(common(sorted));
  };
  const toggle = (dia: string) => choose(selected.includes(dia) ? selected.filter((d) => d !== dia) : [...selected, dia]);
  const edit = (next: Period[]) => {
    setPeriods(next);
    setDirty(true);
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (selected.length === 0) return;
    setBusy(true);
    setRefusal(undefined);
    setSaved(undefined);
    const periodos = periods.map((p) => ({ inicio: p.inicio.trim(), fim: p.fim.trim() }));
    const { error, response } =
      selected.length === 1
        ? await api.PUT('/api/plantonista/disponibilidade', { body: { data: selected[0]!, periodos } })
        : await api.PUT('/api/plantonista/disponibilidade/lote', { body: { datas: selected, periodos } });
    setBusy(false);
    if (!response.ok) return setRefusal(problem(error, response.status));
    setSaved(
      selected.length === 1 ? `Disponibilidade de ${day(selected[0]!)} salva.` : `Disponibilidade de ${selected.length} dias salva.`,
    );
    setSelected([]);
    setPeriods([]);
    setDirty(false);
    list.reload();
  };

  // A refusal naming a day: `data` (one day) or `datas.N` (the batch's N-th day, named here by its date).
  const dayError = (() => {
    const message = errorAt(refusal, 'data') ?? errorAt(refusal, 'datas');
    if (!message) return undefined;
    const index = /^datas\.(\d+)$/.exec(refusal?.field ?? '')?.[1];
    const named = index !== undefined ? selected[Number(index)] : undefined;
    return named ? `${day(named)}: ${message}` : message;
  })();
  const periodError = (i: number, part?: 'inicio' | 'fim') =>
    part ? errorAt(refusal, `periodos.${i}.${part}`) : refusal?.field === `periodos.${i}` ? refusal.message : undefined;
  const selectedReserved = selected.flatMap((dia) => reserved(dia).map((w) => ({ dia, w })));

  return (
    <Page title="Disponibilidade">
      <p class="hint">
        Os próximos {WINDOW_DAYS} dias. Escolha um ou mais dias no calendário e defina os períodos em que está disponível; os horários
        reservados por um agendamento ficam como estão.
      </p>
      {list.error && <Alert>{list.error}</Alert>}
      {saved && (
        <Alert kind="info">
          <span data-testid="disponibilidade-salva">{saved}</span>
        </Alert>
      )}
      <div class="availability">
        <section aria-labelledby="calendario-title" class="availability-calendar">
          <h2 id="calendario-title">Calendário</h2>
          <ul class="legend availability-legend">
            <li>
              <span class="cal-mark cal-disponivel" aria-hidden="true" /> Disponível
            </li>
            <li>
              <span class="cal-mark cal-reservado" aria-hidden="true" /> Reservado (não editável)
            </li>
            <li>
              <span class="cal-mark cal-escolhido" aria-hidden="true" /> Escolhido
            </li>
          </ul>
          {!list.data && !list.error ? (
            <Loading what="a disponibilidade" />
          ) : (
            months(first).map((month) => (
              <table key={month.key} class="calendar">
                <caption>{month.title}</caption>
                <thead>
                  <tr>
                    {weekDayHeaders.map(([short, long]) => (
                      <th key={short} scope="col" abbr={long}>
                        {short}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {month.weeks.map((week, w) => (
                    <tr key={w}>
                      {week.map((dia, d) =>
                        dia ? (
                          <td key={dia}>
                            <DayButton
                              dia={dia}
                              isToday={dia === first}
                              pressed={selected.includes(dia)}
                              available={available(dia)}
                              reserved={reserved(dia)}
                              onToggle={() => toggle(dia)}
                            />
                          </td>
                        ) : (
                          <td key={`vazio-${d}`} class="cal-empty" />
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            ))
          )}
        </section>
        <form onSubmit={(e) => void submit(e)} aria-labelledby="periodos-title" class="form-block panel availability-form" noValidate>
          <h2 id="periodos-title">Dias e períodos</h2>
          <h3 id="dias-escolhidos-title">Dias escolhidos</h3>
          <p
            data-testid="dias-escolhidos"
            class={selected.length === 0 ? 'hint' : undefined}
            aria-describedby={dayError ? 'dias-escolhidos-error' : undefined}
          >
            {selected.length === 0 ? 'Nenhum dia escolhido: clique nos dias do calendário.' : selected.map(day).join(', ')}
          </p>
          {dayError && (
            <p id="dias-escolhidos-error" class="field-error" role="alert">
              {dayError}
            </p>
          )}
          {selected.length > 0 && (
            <button type="button" class="secondary" onClick={() => choose([])}>
              Limpar a escolha
            </button>
          )}
          {selectedReserved.length > 0 && (
            <>
              <h3 id="reservas-title">Reservas (não editáveis)</h3>
              <ul class="reserved-list" data-testid="reservas" aria-labelledby="reservas-title">
                {selectedReserved.map(({ dia, w }) => (
                  <li key={`${dia}-${w.inicio}`}>
                    {day(dia)}, {span(w)}
                  </li>
                ))}
              </ul>
              <p class="hint">Reservadas por um agendamento: ficam como estão, e nenhum período pode cobri-las.</p>
            </>
          )}
          <h3>Períodos disponíveis</h3>
          {selected.length > 1 && !dirty && periods.length === 0 && selected.some((d) => available(d).length > 0) && (
            <p class="hint">Os dias escolhidos têm períodos diferentes: os períodos abaixo substituem os de todos eles.</p>
          )}
          <PeriodRows periods={periods} onChange={edit} errorOf={periodError} endHint="24:00 é o fim do dia." />
          <div class="actions">
            <button type="button" class="secondary" onClick={() => edit([...periods, { inicio: '', fim: '' }])}>
              Adicionar período
            </button>
            {presets.map(([label, p]) => (
              <button key={label} type="button" class="secondary" onClick={() => edit([...periods, p])}>
                <span class="visually-hidden">Adicionar </span>
                <span aria-hidden="true">+ </span>
                {label} ({span(p)})
              </button>
            ))}
          </div>
          {periods.length === 0 && selected.length > 0 && (
            <p class="hint">Sem períodos, os dias escolhidos ficam sem disponibilidade (as reservas continuam).</p>
          )}
          <FormError refusal={refusal} fields={['data', 'datas', 'periodos']} />
          <div class="actions">
            <button type="submit" disabled={busy || selected.length === 0}>
              {selected.length > 1 ? `Salvar nos ${selected.length} dias` : 'Salvar disponibilidade'}
            </button>
          </div>
        </form>
      </div>
    </Page>
  );
}

function DayButton(props: {
  dia: string;
  isToday: boolean;
  pressed: boolean;
  available: readonly Period[];
  reserved: readonly AvailabilityWindow[];
  onToggle: () => void;
}): JSX.Element {
  const weekDay = weekDayHeaders[weekDayOf(props.dia)]![1];
  const classes = ['cal-day', props.pressed && 'cal-escolhido', props.isToday && 'cal-hoje'].filter(Boolean).join(' ');
  return (
    <button type="button" class={classes} aria-pressed={props.pressed} onClick={props.onToggle}>
      <span class="visually-hidden">
        {weekDay}, {day(props.dia)}
        {props.isToday ? ' (hoje)' : ''}
        {props.available.length === 0 && props.reserved.length === 0 ? ': sem disponibilidade' : ':'}
      </span>
      <span class="cal-num" aria-hidden="true">
        {Number(props.dia.slice(8))}
      </span>
      {props.available.map((p) => (
        <span key={p.inicio} class="cal-window cal-disponivel">
          <CellWindow window={p} state="disponível" />
        </span>
      ))}
      {props.reserved.map((w) => (
        <span key={w.inicio} class="cal-window cal-reservado" data-testid="reservado">
          <CellWindow window={w} state="reservado" />
        </span>
      ))}
    </button>
  );
}
