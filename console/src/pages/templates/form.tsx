// Creating or editing a template (the API allows an edit only in RASCUNHO, REJEITADO or PAUSADO, and
// the page opens this form only then). The preview beside it follows what is typed. A refused form
// keeps everything typed and shows the API's message beside the field it names.
import type { JSX } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { api } from '../../api/client';
import { Alert, Field, FormError, Select } from '../../components';
import { errorAt, problem, type Refusal } from '../../refusal';
import { categoryLabels, fieldLabels, variableCount, type Template, type TemplateCategory, type TemplateField } from './model';
import { Preview } from './preview';

interface Draft {
  nome: string;
  idioma: string;
  categoria: TemplateCategory;
  corpo: string;
  variaveis: (TemplateField | '')[];
  botoes: string[];
  /** One procedure a line. */
  procedimentos: string;
}

const MAX_BUTTONS = 3;
const FIELDS = ['nome', 'idioma', 'categoria', 'corpo', 'variaveis', 'botoes', 'procedimentos'] as const;

const draftOf = (t: Template | undefined): Draft => ({
  nome: t?.nome ?? '',
  idioma: t?.idioma ?? 'pt_BR',
  categoria: t?.categoria ?? 'UTILITY',
  corpo: t?.corpo ?? '',
  variaveis: t ? [...t.variaveis] : [],
  botoes: Array.from({ length: MAX_BUTTONS }, (_, i) => t?.botoes[i] ?? ''),
  procedimentos: t?.procedimentos.join('\n') ?? '',
});

const categoryOptions = Object.entries(categoryLabels) as [TemplateCategory, string][];
const fieldOptions: [string, string][] = [['', 'Escolha o campo'], ...(Object.entries(fieldLabels) as [TemplateField, string][])];

export function TemplateForm(props: { template?: Template; onSaved: (t: Template) => void; onCancel: () => void }): JSX.Element {
  const editing = props.template;
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing));
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  useEffect(() => heading.current?.focus(), []);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const count = variableCount(draft.corpo);
  const variaveis = Array.from({ length: count }, (_, i) => draft.variaveis[i] ?? '');

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    const body = {
      nome: draft.nome.trim(),
      idioma: draft.idioma.trim(),
      categoria: draft.categoria,
      corpo: draft.corpo,
      // An unchosen field goes as sent, and the API names the variable it lacks.
      variaveis: variaveis as TemplateField[],
      botoes: draft.botoes.map((b) => b.trim()).filter(Boolean),
      procedimentos: draft.procedimentos
        .split('\n')
        .map((p) => p.trim())
        .filter(Boolean),
    };
    try {
      const { data, error, response } = editing
        ? await api.PUT('/api/admin/whatsapp/templates-hsm/{id}', { params: { path: { id: editing.id } }, body })
        : await api.POST('/api/admin/whatsapp/templates-hsm', { body });
      if (data) props.onSaved(data);
      else setRefusal(problem(error, response.status));
    } catch {
      setRefusal(problem(undefined));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {editing ? `Editar o template ${editing.nome}` : 'Novo template'}
      </h2>
      {editing && editing.estado !== 'RASCUNHO' && (
        <Alert kind="info">Salvar as alterações volta o template para Rascunho: ele precisa ser enviado para análise de novo.</Alert>
      )}
      <div class="with-preview">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <FormError refusal={refusal} fields={FIELDS} />
          <Field
            label="Nome"
            hint="Letras minúsculas, números e _ (ex.: lembrete_exame)"
            value={draft.nome}
            onInput={(e) => set('nome', e.currentTarget.value)}
            error={errorAt(refusal, 'nome')}
            required
            autocomplete="off"
          />
          <div class="field-row">
            <Field
              label="Idioma"
              hint="Ex.: pt_BR"
              value={draft.idioma}
              onInput={(e) => set('idioma', e.currentTarget.value)}
              error={errorAt(refusal, 'idioma')}
              required
            />
            <Select
              label="Categoria"
              options={categoryOptions}
              value={draft.categoria}
              onChange={(e) => set('categoria', e.currentTarget.value as TemplateCategory)}
              error={errorAt(refusal, 'categoria')}
            />
          </div>
          <TextArea
            label="Texto da mensagem"
            hint="Use {{1}}, {{2}}… para as variáveis, sem pular números; o texto não pode começar nem terminar com uma variável."
            value={draft.corpo}
            rows={5}
            onInput={(value) => set('corpo', value)}
            error={errorAt(refusal, 'corpo')}
          />
          {count > 0 && (
            <fieldset class="group">
              <legend>Variáveis: o campo do agendamento que preenche cada uma</legend>
              {variaveis.map((value, i) => (
                <Select
                  key={i}
                  label={`Variável {{${i + 1}}}`}
                  options={fieldOptions}
                  value={value}
                  onChange={(e) => {
                    const next = [...variaveis];
                    next[i] = e.currentTarget.value as TemplateField | '';
                    set('variaveis', next);
                  }}
                  error={errorAt(refusal, `variaveis.${i}`)}
                />
              ))}
              {refusal?.field === 'variaveis' && (
                <span class="field-error" role="alert">
                  {refusal.message}
                </span>
              )}
            </fieldset>
          )}
          {count === 0 && errorAt(refusal, 'variaveis') && <Alert>{errorAt(refusal, 'variaveis')}</Alert>}
          <fieldset class="group">
            <legend>Botões de resposta rápida (opcionais, até 3)</legend>
            {draft.botoes.map((value, i) => (
              <Field
                key={i}
                label={`Botão ${i + 1}`}
                value={value}
                maxLength={25}
                onInput={(e) => {
                  const next = [...draft.botoes];
                  next[i] = e.currentTarget.value;
                  set('botoes', next);
                }}
              />
            ))}
            {errorAt(refusal, 'botoes') && (
              <span class="field-error" role="alert">
                {errorAt(refusal, 'botoes')}
              </span>
            )}
          </fieldset>
          <TextArea
            label="Procedimentos"
            hint="Um por linha: os agendamentos destes procedimentos usam este template."
            value={draft.procedimentos}
            rows={3}
            onInput={(value) => set('procedimentos', value)}
            error={errorAt(refusal, 'procedimentos')}
          />
          <div class="actions">
            <button type="submit" disabled={busy}>
              {editing ? 'Salvar alterações' : 'Criar template'}
            </button>
            <button type="button" class="secondary" onClick={props.onCancel} disabled={busy}>
              Cancelar
            </button>
          </div>
        </form>
        <Preview corpo={draft.corpo} variaveis={variaveis} botoes={draft.botoes} />
      </div>
    </section>
  );
}

/** A labelled textarea with its hint and the API's error, like Field. */
function TextArea(props: {
  label: string;
  hint?: string;
  value: string;
  rows: number;
  error: string | undefined;
  onInput: (value: string) => void;
}): JSX.Element {
  const id = useId();
  const described = [props.hint && `${id}-hint`, props.error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <textarea
        id={id}
        rows={props.rows}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described}
        onInput={(e) => props.onInput(e.currentTarget.value)}
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
