// Periods of hours (início and fim, HH:MM) as rows of a form: each its own group with its two fields, the
// API's error on the field it names, and the error on the period as a whole (an overlap) beside the group.
// Disponibilidade and Perfil de busca use them.
import type { JSX } from 'preact';
import { useId } from 'preact/hooks';
import { Field } from '../../components';
import { maskTime, type Period } from './model';

export function PeriodRows(props: {
  periods: readonly Period[];
  onChange: (periods: Period[]) => void;
  /** The error of the period `i` as a whole (part undefined), or of its início or fim. */
  errorOf: (i: number, part?: 'inicio' | 'fim') => string | undefined;
  /** The fim field's hint. */
  endHint: string;
}): JSX.Element {
  const id = useId();
  const set = (i: number, part: 'inicio' | 'fim', input: HTMLInputElement) => {
    // Set on the input too: a keystroke the mask drops leaves the state as it was, and Preact would not redraw.
    const value = maskTime(input.value);
    input.value = value;
    props.onChange(props.periods.map((p, k) => (k === i ? { ...p, [part]: value } : p)));
  };
  return (
    <>
      {props.periods.map((p, i) => {
        const error = props.errorOf(i);
        return (
          <fieldset
            key={i}
            class="group period-row"
            aria-describedby={error ? `${id}-${i}-error` : undefined}
            aria-invalid={error ? true : undefined}
          >
            <legend>Período {i + 1}</legend>
            <div class="field-row">
              <Field
                label="Início"
                value={p.inicio}
                placeholder="HH:MM"
                inputMode="numeric"
                maxLength={5}
                autocomplete="off"
                error={props.errorOf(i, 'inicio')}
                onInput={(e) => set(i, 'inicio', e.currentTarget)}
              />
              <Field
                label="Fim"
                value={p.fim}
                placeholder="HH:MM"
                inputMode="numeric"
                maxLength={5}
                autocomplete="off"
                hint={props.endHint}
                error={props.errorOf(i, 'fim')}
                onInput={(e) => set(i, 'fim', e.currentTarget)}
              />
              <button
                type="button"
                class="secondary period-remove"
                aria-label={`Remover o período ${i + 1}`}
                onClick={() => props.onChange(props.periods.filter((_, k) => k !== i))}
              >
                Remover
              </button>
            </div>
            {error && (
              <span id={`${id}-${i}-error`} class="field-error" role="alert">
                {error}
              </span>
            )}
          </fieldset>
        );
      })}
    </>
  );
}
