// A secret the API shows once (a credential's, a new webhook's), as the provider portal shows it: the console's
// SecretOnce with a copy button for each value and the warning in so many words. Nothing keeps it: closing the panel
// or leaving the page loses it for good.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { SecretOnce } from '../../components';

export function SecretShown(props: { title: string; values: readonly (readonly [string, string])[]; onDone: () => void }): JSX.Element {
  return (
    <SecretOnce title={props.title} values={props.values} onDone={props.onDone}>
      <p class="secret-never" data-testid="segredo-aviso">
        <strong>Este segredo não será mostrado novamente.</strong> Guarde-o num cofre de senhas ou na configuração do seu sistema antes de
        ocultar.
      </p>
      <div class="actions secret-copy">
        {props.values.map(([label, value]) => (
          <CopyButton key={label} label={label} value={value} />
        ))}
      </div>
    </SecretOnce>
  );
}

/** Copies `value` to the clipboard and says so (or says to copy by hand when the browser refuses). */
export function CopyButton(props: { label: string; value: string }): JSX.Element {
  const [said, setSaid] = useState<string>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      setSaid(`${props.label} copiado.`);
    } catch {
      setSaid('O navegador não permitiu copiar: selecione o texto e copie.');
    }
  };
  return (
    <span class="copy">
      <button type="button" class="secondary" onClick={() => void copy()}>
        Copiar {props.label.toLowerCase()}
      </button>
      <span role="status" class="muted">
        {said}
      </span>
    </span>
  );
}
