// What the Configurações sections share: the API's refusal shown beside the field it names (or above the
// form when it names none of the form's fields), a secret shown once
// and a group of checkboxes with their labels.
import type { ComponentChildren, JSX, TargetedEvent } from 'preact';
import { useId } from 'preact/hooks';
import type { components } from '../../api/schema';
import { Alert } from '../../components';
import { errorAt, formError, type Refusal } from '../../refusal';

export type Schemas = components['schemas'];

export type { Refusal };
export { errorAt as errorFor };

/** The refusal above the form when none of the form's fields (`fields`) is the one it names. */
export function FormError(props: { refusal: Refusal | undefined; fields: readonly string[] }): JSX.Element | null {
  const { refusal, fields } = props;
  const message = formError(refusal, fields);
  return message ? <Alert>{message}</Alert> : null;
}

/** Lines of a text area as a list: trimmed, blank lines dropped. */
export const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** A group of checkboxes in a fieldset with its legend; the API's error for the group beside it. */
export function Checkboxes<T extends string | number>(props: {
  legend: string;
  options: readonly (readonly [T, string])[];
  checked: readonly T[];
  onChange: (checked: T[]) => void;
  error?: string | undefined;
  hint?: string;
}): JSX.Element {
  const id = useId();
  const described = [props.hint && `${id}-hint`, props.error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const toggle = (value: T, on: boolean) =>
    props.onChange(on ? [...props.checked.filter((v) => v !== value), value] : props.checked.filter((v) => v !== value));
  return (
    <fieldset class="checks" aria-describedby={described} aria-invalid={props.error ? true : undefined}>
      <legend>{props.legend}</legend>
      {props.hint && (
        <small id={`${id}-hint`} class="hint">
          {props.hint}
        </small>
      )}
      {props.options.map(([value, text]) => (
        <label key={String(value)} class="check">
          <input
            type="checkbox"
            value={String(value)}
            checked={props.checked.includes(value)}
            onChange={(event: TargetedEvent<HTMLInputElement>) => toggle(value, event.currentTarget.checked)}
          />{' '}
          {text}
        </label>
      ))}
      {props.error && (
        <span id={`${id}-error`} class="field-error" role="alert">
          {props.error}
        </span>
      )}
    </fieldset>
  );
}

/** A single checkbox with its label. */
export function Check(props: { label: string; checked: boolean; onChange: (checked: boolean) => void; hint?: string }): JSX.Element {
  const id = useId();
  return (
    <div class="field check-field">
      <label class="check">
        <input
          type="checkbox"
          checked={props.checked}
          aria-describedby={props.hint ? `${id}-hint` : undefined}
          onChange={(event: TargetedEvent<HTMLInputElement>) => props.onChange(event.currentTarget.checked)}
        />{' '}
        {props.label}
      </label>
      {props.hint && (
        <small id={`${id}-hint`} class="hint">
          {props.hint}
        </small>
      )}
    </div>
  );
}

/**
 * A secret the API shows only in the answer that created it: shown here once, with the warning, until
 * the operator says it is kept. Nothing stores it; leaving the page loses it for good.
 */
export function SecretOnce(props: {
  title: string;
  values: readonly (readonly [string, string])[];
  onDone: () => void;
  children?: ComponentChildren;
}): JSX.Element {
  const heading = useId();
  return (
    <section class="secret-once" aria-labelledby={heading} data-testid="segredo">
      <h3 id={heading}>{props.title}</h3>
      <Alert kind="warning">
        <strong>Copie e guarde agora.</strong> O segredo é mostrado só esta vez: depois de sair desta tela ele não poderá ser visto de novo.
      </Alert>
      <dl class="secret-values">
        {props.values.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <code>{value}</code>
            </dd>
          </div>
        ))}
      </dl>
      {props.children}
      <button type="button" onClick={props.onDone}>
        Já guardei, ocultar
      </button>
    </section>
  );
}
