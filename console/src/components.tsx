// The building blocks the pages share: labelled fields and checkboxes that show the API's error beside
// them, the refusal above a form (FormError), an alert, a secret shown once, a loader hook that can poll,
// a pager, a table that scrolls in its own box, and the Aplicações sections' navigation and badge.
import type { ComponentChildren, JSX, TargetedEvent } from 'preact';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { formError, problem, type Refusal } from './refusal';
import { BASE } from './router';

export function Page(props: { title: string; actions?: ComponentChildren; children: ComponentChildren }): JSX.Element {
  return (
    <section aria-labelledby="page-title">
      <header class="page-header">
        <h1 id="page-title">{props.title}</h1>
        {props.actions}
      </header>
      {props.children}
    </section>
  );
}

/** The input attributes the console's forms use (Preact's full set is a union too wide to spread). */
interface InputProps {
  type?: 'text' | 'email' | 'password' | 'tel' | 'date' | 'number' | 'search' | 'url' | 'datetime-local';
  name?: string;
  value?: string | number;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  autocomplete?: string;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  maxLength?: number;
  pattern?: string;
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'text';
  onInput?: (event: TargetedEvent<HTMLInputElement>) => void;
  onChange?: (event: TargetedEvent<HTMLInputElement>) => void;
}

/** An input with its label, an optional hint, and the API's error for it (announced to screen readers). */
export function Field(props: InputProps & { label: string; error?: string | undefined; hint?: string }): JSX.Element {
  const { label, error, hint, ...input } = props;
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {/* Preact types <input> as a union by `type`; the props above are valid for every type the console uses. */}
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...(input as Record<string, unknown>)} />
      {hint && (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      )}
      {error && (
        <span id={`${id}-error`} class="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

export function Select(props: {
  label: string;
  options: readonly (readonly [string, string])[];
  error?: string | undefined;
  name?: string;
  value?: string;
  disabled?: boolean;
  onChange?: (event: TargetedEvent<HTMLSelectElement>) => void;
}): JSX.Element {
  const { label, options, error, ...select } = props;
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...select}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {error && (
        <span id={`${id}-error`} class="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** A textarea with its label, an optional hint, and the API's error for it (like Field). */
export function TextArea(props: {
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string;
  name?: string;
  rows?: number;
  required?: boolean;
  disabled?: boolean;
  maxLength?: number;
  onInput: (event: TargetedEvent<HTMLTextAreaElement>) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
}): JSX.Element {
  const { label, error, hint, ...area } = props;
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...area} />
      {hint && (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      )}
      {error && (
        <span id={`${id}-error`} class="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

export function Alert(props: { kind?: 'error' | 'info' | 'warning'; children: ComponentChildren }): JSX.Element {
  const kind = props.kind ?? 'error';
  return (
    <div class={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {props.children}
    </div>
  );
}

/** The refusal above the form when none of the form's fields (`fields`) is the one it names (refusal.ts). */
export function FormError(props: { refusal: Refusal | undefined; fields: readonly string[] }): JSX.Element | null {
  const message = formError(props.refusal, props.fields);
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

/** A form's submit button and, once saved, what was saved (announced to screen readers). */
export function SaveActions(props: {
  label: string;
  busy: boolean;
  saved: string | false | null | undefined;
  busyLabel?: string;
}): JSX.Element {
  return (
    <div class="actions">
      <button type="submit" disabled={props.busy}>
        {props.busy && props.busyLabel ? props.busyLabel : props.label}
      </button>
      {props.saved && (
        <span role="status" class="saved">
          {props.saved}
        </span>
      )}
    </div>
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

/** An application's (or a record's) active flag as a badge. */
export function ActiveBadge(props: { ativo: boolean }): JSX.Element {
  return <span class={`badge ${props.ativo ? 'badge-aprovado' : 'badge-arquivado'}`}>{props.ativo ? 'Ativa' : 'Inativa'}</span>;
}

/** The Aplicações sections' tabs: the applications (a list, or one of them) and the tariffs. */
export function ApplicationsNav(props: { current: 'lista' | 'tarifas' | 'detalhe' }): JSX.Element {
  return (
    <nav aria-label="Seções de Aplicações" class="tabs">
      <a href={`${BASE}aplicacoes`} aria-current={props.current === 'lista' ? 'page' : undefined}>
        Aplicações
      </a>
      <a href={`${BASE}aplicacoes/tarifas`} aria-current={props.current === 'tarifas' ? 'page' : undefined}>
        Tarifas
      </a>
    </nav>
  );
}

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  /** The request field the API named in its refusal (a filter), to show the error beside it. */
  errorField: string | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads with `load` when a dependency changes and, with `pollMs`, again on that interval while the tab
 * is visible (docs/decisions.md, "Console live updates: polling"). A failed poll or reload keeps what was
 * shown; a change of dependency drops it, so another day's or filter's rows are never shown under the new one.
 */
export function useLoad<T>(
  load: () => Promise<{ data?: T; error?: unknown; response: Response }>,
  deps: unknown[],
  pollMs?: number,
): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: string; errorField?: string; loading: boolean }>({ loading: true });
  const generation = useRef(0);
  const run = useCallback(() => {
    const mine = ++generation.current;
    load()
      .then(({ data, error, response }) => {
        if (mine !== generation.current) return;
        if (data !== undefined) setState({ data, loading: false });
        else {
          const refused = problem(error, response.status);
          setState((s) => ({ ...s, loading: false, error: refused.message, errorField: refused.field }));
        }
      })
      .catch(() => {
        if (mine === generation.current) setState((s) => ({ ...s, loading: false, error: 'Não foi possível falar com o servidor.' }));
      });
  }, deps);
  useEffect(() => {
    setState({ loading: true });
    run();
    if (!pollMs) return undefined;
    const timer = setInterval(() => document.visibilityState === 'visible' && run(), pollMs);
    return () => clearInterval(timer);
  }, [run, pollMs]);
  return { data: state.data, error: state.error, errorField: state.errorField, loading: state.loading, reload: run };
}

/** What a form's submit came to: a notice to show, or the refusal to show by its field. */
export type Submitted = { done: string } | { refusal: Refusal };

/**
 * A form's submit: its refusal (by field), its notice once done, and whether it is busy. `submit(event, check, send)`
 * shows `check`'s refusal with nothing sent, else sends and shows what `send` came to (a network failure as the
 * refusal that the server could not be reached).
 */
export function useSubmit() {
  const [refusal, setRefusal] = useState<Refusal>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event, check: () => Refusal | undefined, send: () => Promise<Submitted>) => {
    event.preventDefault();
    setDone(undefined);
    const refused = check();
    if (refused) return setRefusal(refused);
    setBusy(true);
    setRefusal(undefined);
    try {
      const outcome = await send();
      if ('done' in outcome) setDone(outcome.done);
      else setRefusal(outcome.refusal);
    } catch {
      setRefusal(problem(undefined));
    } finally {
      setBusy(false);
    }
  };
  return { refusal, done, busy, submit };
}

export function Loading(props: { what: string }): JSX.Element {
  return (
    <p class="muted loading" role="status">
      Carregando {props.what}…
    </p>
  );
}

/**
 * A table in a box of its own that scrolls sideways when the table is wider than the page (a phone), so the
 * page itself never does. While it scrolls the box is a named region in the tab order, so a keyboard can
 * scroll it too (axe's scrollable-region-focusable); when it fits it is a plain box. Its name is the table's
 * caption (or aria-label), else `label`.
 */
export function Table(props: { label?: string; class?: string; children: ComponentChildren }): JSX.Element {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState<string | undefined>(undefined);
  const measure = useCallback(() => {
    const element = box.current;
    const table = element?.querySelector('table');
    if (!element || !table) return;
    const name = table.caption?.textContent?.trim() || table.getAttribute('aria-label') || props.label || 'Tabela';
    setScrolls(element.scrollWidth > element.clientWidth ? name : undefined);
  }, [props.label]);
  // After every render (rows come and go with the data) and whenever the box or the table changes size.
  useLayoutEffect(measure);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    const table = element.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [measure]);
  return (
    <div ref={box} class="table-scroll" role={scrolls ? 'region' : undefined} aria-label={scrolls} tabIndex={scrolls ? 0 : undefined}>
      <table class={props.class} aria-label={props.label}>
        {props.children}
      </table>
    </div>
  );
}

/** Previous and next page of a paged list (the API's `number` and `totalPages`), nothing when there is one page. */
export function Pager(props: { page: number; pages: number; onPage: (page: number) => void; label?: string }): JSX.Element | null {
  if (props.pages <= 1) return null;
  return (
    <nav class="pager" aria-label={props.label ?? 'Páginas'}>
      <button type="button" class="secondary" disabled={props.page === 0} onClick={() => props.onPage(props.page - 1)}>
        Anterior
      </button>
      <span>
        Página {props.page + 1} de {props.pages}
      </span>
      <button type="button" class="secondary" disabled={props.page + 1 >= props.pages} onClick={() => props.onPage(props.page + 1)}>
        Próxima
      </button>
    </nav>
  );
}
