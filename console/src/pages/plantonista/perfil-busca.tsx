// Perfil de busca: what vacancies the physician looks for. Days of the week, a minimum value per shift, a
// radius and the periods of the day (shifts, or hours that may cross midnight), saved whole. The API's
// `periodos` is one list: the shifts first, then the hours, so its `periodos.N` names the hour row N - shifts.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../../api/client';
import { Alert, Checkboxes, Field, FormError, Loading, Page, SaveActions, useLoad } from '../../components';
import { when } from '../../format';
import { errorAt, problem, type Refusal } from '../../refusal';
import { amount, amountField, shiftOptions, weekDayOptions, type Period, type SearchProfile, type Shift, type WeekDay } from './model';
import { PeriodRows } from './periodos';

export function PerfilBusca(): JSX.Element {
  const loaded = useLoad(() => api.GET('/api/plantonista/perfil-busca'), []);
  return (
    <Page title="Perfil de busca">
      <p class="hint">As vagas que procura: os dias, o valor mínimo por turno, a distância e os horários.</p>
      {!loaded.data ? (
        loaded.error ? (
          <Alert>{loaded.error}</Alert>
        ) : (
          <Loading what="o perfil de busca" />
        )
      ) : (
        <SearchForm profile={loaded.data} />
      )}
    </Page>
  );
}

const inOrder = <T extends string>(options: readonly (readonly [T, string])[], chosen: readonly T[]): T[] =>
  options.map(([value]) => value).filter((value) => chosen.includes(value));

function SearchForm(props: { profile: SearchProfile }): JSX.Element {
  const p = props.profile;
  const [dias, setDias] = useState<WeekDay[]>(p.diasSemana);
  const [valor, setValor] = useState(amountField(p.valorMinimoPorTurno));
  const [raio, setRaio] = useState(p.raioKm === null ? '' : String(p.raioKm));
  const [turnos, setTurnos] = useState<Shift[]>(p.periodos.filter((x): x is Shift => typeof x === 'string'));
  const [horas, setHoras] = useState<Period[]>(p.periodos.filter((x): x is Period => typeof x === 'object'));
  const [atualizado, setAtualizado] = useState(p.atualizadoEm);
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const chosenShifts = inOrder(shiftOptions, turnos);
  // A refusal on a shift (a repeat) is the shifts'; one on an hour row is that row's.
  const periodIndex = /^periodos(?:\.|\[)(\d+)/.exec(refusal?.field ?? '')?.[1];
  const onShift = periodIndex !== undefined && Number(periodIndex) < chosenShifts.length;
  const shiftError = refusal?.field === 'periodos' || onShift ? refusal?.message : undefined;
  const hourError = (i: number, part?: 'inicio' | 'fim') => {
    const n = chosenShifts.length + i;
    if (part) return errorAt(refusal, `periodos.${n}.${part}`);
    return refusal?.field === `periodos.${n}` || refusal?.field === `periodos[${n}]` ? refusal.message : undefined;
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    setSaved(false);
    const { data, error, response } = await api.PUT('/api/plantonista/perfil-busca', {
      body: {
        diasSemana: inOrder(weekDayOptions, dias),
        valorMinimoPorTurno: amount(valor),
        // A blank radius goes as 0, for the API to refuse it on its field.
        raioKm: Number(raio.trim() || 0),
        periodos: [...chosenShifts, ...horas.map((h) => ({ inicio: h.inicio.trim(), fim: h.fim.trim() }))],
      },
    });
    setBusy(false);
    if (!data) return setRefusal(problem(error, response.status));
    setAtualizado(data.atualizadoEm);
    setSaved(true);
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="busca-title" class="form-block" noValidate>
      <h2 id="busca-title">O que procura</h2>
      <p class="hint">Salvo em {when(atualizado)}.</p>
      <FormError refusal={refusal} fields={['diasSemana', 'valorMinimoPorTurno', 'raioKm', 'periodos']} />
      <Checkboxes
        legend="Dias da semana"
        options={weekDayOptions}
        checked={dias}
        error={errorAt(refusal, 'diasSemana')}
        onChange={setDias}
      />
      <div class="field-row">
        <Field
          label="Valor mínimo por turno (R$)"
          inputMode="decimal"
          value={valor}
          placeholder="1500,00"
          hint="Em branco: qualquer valor."
          error={errorAt(refusal, 'valorMinimoPorTurno')}
          onInput={(e) => setValor(e.currentTarget.value)}
        />
        <Field
          label="Distância máxima (km)"
          type="number"
          min={1}
          max={500}
          step={1}
          value={raio}
          hint="De 1 a 500 km do seu endereço."
          error={errorAt(refusal, 'raioKm')}
          onInput={(e) => setRaio(e.currentTarget.value)}
        />
      </div>
      <Checkboxes
        legend="Turnos"
        hint="Escolha turnos, horários ou os dois (de 1 a 8 no total)."
        options={shiftOptions}
        checked={turnos}
        error={shiftError}
        onChange={setTurnos}
      />
      <h3>Horários</h3>
      <PeriodRows periods={horas} onChange={setHoras} errorOf={hourError} endHint="Pode passar da meia-noite (22:00 a 06:00)." />
      <div class="actions">
        <button type="button" class="secondary" onClick={() => setHoras([...horas, { inicio: '', fim: '' }])}>
          Adicionar horário
        </button>
      </div>
      <SaveActions label="Salvar perfil de busca" busy={busy} saved={saved && 'Perfil de busca salvo.'} />
    </form>
  );
}
