// A confirmation in a modal <dialog> (showModal: focus moves into it, Escape cancels, the page behind
// is inert): what the action does in words, Cancelar and the action's own button.
import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';

export function ConfirmDialog(props: {
  title: string;
  /** The action's button, e.g. "Desativar". */
  confirm: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ComponentChildren;
}): JSX.Element {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{props.title}</h2>
      {props.children}
      <div class="actions">
        <button type="button" class="secondary" onClick={props.onCancel} disabled={props.busy}>
          Cancelar
        </button>
        <button type="button" class={props.danger ? 'danger' : undefined} onClick={props.onConfirm} disabled={props.busy}>
          {props.confirm}
        </button>
      </div>
    </dialog>
  );
}
