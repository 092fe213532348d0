// A template drafted by the AI assistant from what the operator wants it to say (issue #38): the objective and
// the category go to the API, which answers with a new template in Rascunho (checked against the same rules
// as one typed by hand), for the operator to review, edit and send for review. A refusal keeps what was typed
// and shows the API's message beside the field it names.
import type { JSX } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { api } from '../../api/client';
import { FormError, Select, TextArea, useSubmit } from '../../components';
import { money } from '../../format';
import { errorAt, problem, refusedText, type Refusal } from '../../refusal';
import { categoryLabels, type Template, type TemplateCategory } from './model';

const FIELDS = ['objetivo', 'categoria'] as const;
const MAX_OBJETIVO = 500;
const categoryOptions = Object.entries(categoryLabels) as [TemplateCategory, string][];

/** The API's refusal in the operator's words: the field it names keeps the API's detail. */
function refused(status: number, error: unknown): Refusal {
  const said = problem(error, status);
  const saldo = (error as { saldo?: unknown } | undefined)?.saldo;
  switch (status) {
    case 402:
      return {
        message: `Saldo insuficiente para pedir um rascunho à IA${typeof saldo === 'string' || typeof saldo === 'number' ? ` (saldo: ${money(saldo)})` : ''}. Adicione créditos e tente de novo.`,
      };
    case 422:
      // No draft for this objective (the guardrail, or no template in the answer): beside the objective, to reword it.
      if (!said.field || said.field === 'objetivo')
        return {
          field: 'objetivo',
          message: `A IA não escreveu um rascunho para este objetivo (um assunto clínico, um dado pessoal ou um pedido que ela não entendeu): reformule e tente de novo. (${said.message})`,
        };
      // A draft that broke a template rule: beside the category when that is what it broke (promotional text in a
      // Utilidade template), else beside the objective, which is what the operator can reword.
      return {
        field: said.field === 'categoria' ? 'categoria' : 'objetivo',
        message: /promotional/i.test(said.message)
          ? 'O rascunho da IA tem texto promocional (ofertas, descontos), que só um template de Marketing pode ter: escolha a categoria Marketing ou reformule o objetivo.'
          : `O rascunho da IA não passou nas regras dos templates (${said.field}): ${said.message}`,
      };
    case 503:
      return { message: 'O assistente de IA está indisponível no momento. Tente de novo em instantes.' };
    case 400:
      return said.field ? said : { message: refusedText(status, said.message) };
    default:
      return { message: refusedText(status, said.message) };
  }
}

export function TemplateSuggestion(props: { onCreated: (t: Template) => void; onCancel: () => void }): JSX.Element {
  const [objetivo, setObjetivo] = useState('');
  const [categoria, setCategoria] = useState<TemplateCategory>('UTILITY');
  const { refusal, busy, submit } = useSubmit();
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  useEffect(() => heading.current?.focus(), []);

  const generate = (event: Event) =>
    submit(
      event,
      () =>
        objetivo.trim() === ''
          ? { field: 'objetivo', message: 'Diga o que a mensagem deve comunicar ao paciente.' }
          : objetivo.trim().length > MAX_OBJETIVO
            ? { field: 'objetivo', message: `No máximo ${MAX_OBJETIVO} caracteres.` }
            : undefined,
      async () => {
        const { data, error, response } = await api.POST('/api/admin/whatsapp/templates-hsm/sugestoes', {
          body: { objetivo: objetivo.trim(), categoria, idioma: 'pt_BR' },
        });
        if (!data) return { refusal: refused(response.status, error) };
        props.onCreated(data);
        return { done: 'Rascunho criado.' };
      },
    );

  return (
    <section class="panel" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Sugerir um template com IA
      </h2>
      <p class="muted">
        Descreva o que a mensagem deve comunicar: a IA escreve um rascunho, que você revisa, edita e envia para análise. Cada pedido é
        cobrado do saldo como uma “Interação com IA”; nada é enviado a pacientes.
      </p>
      <form onSubmit={(e) => void generate(e)} noValidate aria-label="Sugerir um template com IA">
        <FormError refusal={refusal} fields={FIELDS} />
        <TextArea
          label="Objetivo"
          hint={`Ex.: lembrar o paciente de confirmar a coleta agendada. Até ${MAX_OBJETIVO} caracteres.`}
          rows={3}
          maxLength={MAX_OBJETIVO}
          value={objetivo}
          error={errorAt(refusal, 'objetivo')}
          onInput={(e) => setObjetivo(e.currentTarget.value)}
        />
        <Select
          label="Categoria"
          options={categoryOptions}
          value={categoria}
          error={errorAt(refusal, 'categoria')}
          onChange={(e) => setCategoria(e.currentTarget.value as TemplateCategory)}
        />
        <div class="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Gerando…' : 'Gerar'}
          </button>
          <button type="button" class="secondary" onClick={props.onCancel} disabled={busy}>
            Cancelar
          </button>
          <p role="status" class="muted">
            {busy ? 'A IA está escrevendo o rascunho…' : ''}
          </p>
        </div>
      </form>
    </section>
  );
}
