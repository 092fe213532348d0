// The few building blocks every page uses: a labelled field that shows its error beside it, an alert,
// a loader hook that can poll, and a table of records.
import type { ComponentChildren, JSX, TargetedEvent } from 'preact';
import { problem } from './api/client';
import { useCallback, useEffect, useId, useRef, useState } from 'preact/hooks';

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

export function Loading(props: { what: string }): JSX.Element {
  return (
    <p class="muted loading" role="status">
      Carregando {props.what}…
    </p>
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
