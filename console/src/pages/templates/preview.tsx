// The message as the patient sees it on WhatsApp: the body in a bubble, each variable shown as the
// appointment field that will fill it (the templates have no example values), and the quick-reply
// buttons under it. The template record has no header, footer, URL or phone buttons (docs/templates.md),
// so the preview shows none.
import { Fragment, type JSX } from 'preact';
import { useId } from 'preact/hooks';
import { bodyParts, fieldLabels, type TemplateField } from './model';

export function Preview(props: { corpo: string; variaveis: readonly (TemplateField | '')[]; botoes: readonly string[] }): JSX.Element {
  const id = useId();
  const botoes = props.botoes.map((b) => b.trim()).filter(Boolean);
  return (
    <figure class="wa-preview" aria-labelledby={`${id}-caption`} data-testid="previa">
      <figcaption id={`${id}-caption`}>Prévia: como o paciente vê a mensagem</figcaption>
      <div class="wa-chat">
        <div class="wa-bubble">
          <p class="wa-body">
            {props.corpo.trim() === '' ? (
              <span class="muted">O texto da mensagem aparece aqui.</span>
            ) : (
              bodyParts(props.corpo, props.variaveis).map((part, i) =>
                'text' in part ? (
                  formatted(part.text, i)
                ) : (
                  <span key={i} class="wa-var" title={`Variável {{${part.variable}}}`}>
                    [{part.field ? fieldLabels[part.field] : `variável ${part.variable}`}]
                  </span>
                ),
              )
            )}
          </p>
          <span class="wa-time" aria-hidden="true">
            10:30
          </span>
        </div>
        {botoes.length > 0 && (
          <ul class="wa-buttons" aria-label="Botões de resposta rápida">
            {botoes.map((b) => (
              <li key={b}>
                <span aria-hidden="true">↩ </span>
                {b}
              </li>
            ))}
          </ul>
        )}
      </div>
    </figure>
  );
}

/** WhatsApp's own marks in the text: *bold*, _italic_, ~strikethrough~ (within a line). */
function formatted(text: string, key: number): JSX.Element {
  const pieces = text.split(/(\*[^*\n]+\*|_[^_\n]+_|~[^~\n]+~)/);
  return (
    <Fragment key={key}>
      {pieces.map((piece, i) => {
        const inner = piece.slice(1, -1);
        if (i % 2 === 0) return piece;
        if (piece.startsWith('*')) return <strong key={i}>{inner}</strong>;
        if (piece.startsWith('_')) return <em key={i}>{inner}</em>;
        return <s key={i}>{inner}</s>;
      })}
    </Fragment>
  );
}
