// What the Configurações sections share: the API's refusal shown beside the field it names (or above the
// form when it names none of the form's fields), a secret shown once, a confirmation dialog, a text area
// and a group of checkboxes with their labels.
import type { ComponentChildren, JSX, TargetedEvent } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import type { components } from '../../api/schema';
import { Alert } from '../../components';

export type Schemas = components['schemas'];

/** The API's refusal: its message and the field it names (`providerA.authToken`, `numeros.2`, …). */
export interface Refusal {
  message: string;
  field?: string;
}

/** The refusal's message when it names `name` or a part of it (`numeros` for `numeros.2`). */
export function errorFor(refusal: Refusal | undefined, name: string): string | undefined {
  const field = refusal?.field;
  if (!field) return undefined;
  return field === name || field.startsWith(`${name}.`) || field.startsWith(`${name}[`) ? refusal.message : undefined;
}

/** The refusal above the form when none of the form's fields (`fields`) is the one it names. */
export function FormError(props: { refusal: Refusal | undefined; fields: readonly string[] }): JSX.Element | null {
  const { refusal, fields } = props;
  if (!refusal || fields.some((name) => errorFor(refusal, name))) return null;
  return <Alert>{refusal.message}</Alert>;
}

/** Lines of a text area as a list: trimmed, blank lines dropped. */
export const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function TextArea(props: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  rows?: number;
  name?: string;
  required?: boolean;
  spellcheck?: boolean;
}): JSX.Element {
  const id = useId();
  const described = [props.hint && `${id}-hint`, props.error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <textarea
        id={id}
        name={props.name}
        rows={props.rows ?? 4}
        required={props.required}
        spellcheck={props.spellcheck}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described}
        onInput={(event: TargetedEvent<HTMLTextAreaElement>) => props.onInput(event.currentTarget.value)}
      />
      {props.hint && (
        <small id={`${id}-hint`} class="hint">
          {props.hint}
        </small>
      )}
      {props.error && (
        <span id={`${id}-error`} class="field-error" role="alert">
          {props.error}
        </span>
      )}
    </div>
  );
}

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

/** A modal confirmation (<dialog> opened with showModal): Escape or Cancelar closes it without acting. */
export function Confirm(props: {
  title: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ComponentChildren;
}): JSX.Element {
  const ref = useRef<HTMLDialogElement>(null);
  const heading = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={heading}
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id={heading}>{props.title}</h2>
      {props.children}
      <div class="actions">
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancelar
        </button>
        <button type="button" class={props.danger ? 'danger' : undefined} disabled={props.busy} onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
