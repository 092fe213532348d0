// The tariff catalogue: every tariff (global, or one application's own, which overrides the global one
// of its categoria and subtipo while in force), creating one and changing one. A change sends only the
// fields the operator changed.
import type { JSX } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { api, type Paths } from '../../api/client';
import { ActiveBadge, Alert, ApplicationsNav, Field, FormError, Loading, Page, Table, useLoad } from '../../components';
import { errorAt, problem, type Refusal } from '../../refusal';
import type { components } from '../../api/schema';
import { day, money } from '../../format';
import { parseReais, typedReais } from './reais';

type Tariff = components['schemas']['AdminTariff'];
type TariffBody = Paths['/api/admin/tarifas']['post']['requestBody']['content']['application/json'];

export function Tarifas(): JSX.Element {
  const list = useLoad(() => api.GET('/api/admin/tarifas'), []);
  const [editing, setEditing] = useState<Tariff | 'new'>();
  const [notice, setNotice] = useState<string>();

  return (
    <Page
      title="Tarifas"
      actions={
        <button type="button" onClick={() => (setNotice(undefined), setEditing('new'))} disabled={editing === 'new'}>
          Nova tarifa
        </button>
      }
    >
      <ApplicationsNav current="tarifas" />
      {notice && <Alert kind="info">{notice}</Alert>}
      {editing && (
        <TariffForm
          key={editing === 'new' ? 'new' : editing.id}
          tariff={editing === 'new' ? undefined : editing}
          onSaved={(t, created) => {
            setNotice(`Tarifa ${t.categoria} / ${t.subtipo} ${created ? 'criada' : 'alterada'}.`);
            setEditing(undefined);
            list.reload();
          }}
          onCancel={() => setEditing(undefined)}
        />
      )}
      {list.error && <Alert>{list.error}</Alert>}
      {!list.data ? (
        !list.error && <Loading what="as tarifas" />
      ) : list.data.length === 0 ? (
        <p>Nenhuma tarifa cadastrada.</p>
      ) : (
        <Table>
          <caption>Tarifas, ativas e inativas</caption>
          <thead>
            <tr>
              <th scope="col">Categoria</th>
              <th scope="col">Subtipo</th>
              <th scope="col" class="num">
                Valor
              </th>
              <th scope="col">Unidade</th>
              <th scope="col">Aplicação</th>
              <th scope="col">Vigência</th>
              <th scope="col">Situação</th>
              <th scope="col">Ações</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((t) => (
              <tr key={t.id}>
                <td>{t.categoria}</td>
                <td>
                  {t.subtipo}
                  <br />
                  <small class="muted">{t.descricao}</small>
                </td>
                <td class="num">{money(t.valor)}</td>
                <td>{t.unidadeDescricao}</td>
                <td>{t.aplicacaoId === null ? 'Todas (global)' : t.aplicacaoId}</td>
                <td>{validity(t)}</td>
                <td>
                  <ActiveBadge ativo={t.ativo} />
                </td>
                <td>
                  <button
                    type="button"
                    class="secondary"
                    aria-label={`Editar a tarifa ${t.categoria} ${t.subtipo}${t.aplicacaoId === null ? '' : ` da aplicação ${t.aplicacaoId}`}`}
                    onClick={() => (setNotice(undefined), setEditing(t))}
                  >
                    Editar
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Page>
  );
}

function validity(t: Tariff): string {
  if (!t.vigenciaInicio && !t.vigenciaFim) return 'Sempre';
  if (!t.vigenciaFim) return `Desde ${day(t.vigenciaInicio!)}`;
  if (!t.vigenciaInicio) return `Até ${day(t.vigenciaFim)}`;
  return `${day(t.vigenciaInicio)} a ${day(t.vigenciaFim)}`;
}

interface Draft {
  categoria: string;
  subtipo: string;
  unidade: string;
  valor: string;
  descricao: string;
  subtipoDescricao: string;
  unidadeDescricao: string;
  aplicacaoId: string;
  vigenciaInicio: string;
  vigenciaFim: string;
  ativo: boolean;
}

const draftOf = (t: Tariff | undefined): Draft => ({
  categoria: t?.categoria ?? '',
  subtipo: t?.subtipo ?? '',
  unidade: t?.unidade ?? '',
  valor: t ? typedReais(t.valor) : '',
  descricao: t?.descricao ?? '',
  subtipoDescricao: t?.subtipoDescricao ?? '',
  unidadeDescricao: t?.unidadeDescricao ?? '',
  aplicacaoId: t?.aplicacaoId == null ? '' : String(t.aplicacaoId),
  vigenciaInicio: t?.vigenciaInicio ?? '',
  vigenciaFim: t?.vigenciaFim ?? '',
  ativo: t?.ativo ?? true,
});

const FIELDS = [
  'categoria',
  'subtipo',
  'unidade',
  'valor',
  'descricao',
  'subtipoDescricao',
  'unidadeDescricao',
  'aplicacaoId',
  'vigenciaInicio',
  'vigenciaFim',
  'ativo',
];

/** The body the draft asks for: everything at creation; at a change, only what differs from the tariff. */
function bodyOf(draft: Draft, original: Tariff | undefined): { body?: TariffBody; refusal?: Refusal } {
  const valor = parseReais(draft.valor);
  if (valor === undefined)
    return { refusal: { field: 'valor', message: 'Digite um valor em reais, como 0,35 ou 1.234,56 (até dois decimais).' } };
  const aplicacaoId = draft.aplicacaoId.trim();
  if (aplicacaoId && !/^\d+$/.test(aplicacaoId))
    return { refusal: { field: 'aplicacaoId', message: 'Digite o número da aplicação, ou deixe vazio para uma tarifa global.' } };
  const text = (value: string) => value.trim() || undefined;
  const full: TariffBody = {
    categoria: draft.categoria.trim(),
    subtipo: draft.subtipo.trim(),
    unidade: draft.unidade.trim(),
    valor,
    descricao: text(draft.descricao),
    subtipoDescricao: text(draft.subtipoDescricao),
    unidadeDescricao: text(draft.unidadeDescricao),
    aplicacaoId: aplicacaoId ? Number(aplicacaoId) : null,
    vigenciaInicio: draft.vigenciaInicio || null,
    vigenciaFim: draft.vigenciaFim || null,
    ativo: draft.ativo,
  };
  const before: Partial<TariffBody> = original ? { ...original, valor: parseReais(typedReais(original.valor)) ?? original.valor } : {};
  const body = Object.fromEntries(
    Object.entries(full).filter(([key, value]) => value !== undefined && (!original || before[key as keyof TariffBody] !== value)),
  ) as TariffBody;
  return { body };
}

function TariffForm(props: { tariff?: Tariff; onSaved: (t: Tariff, created: boolean) => void; onCancel: () => void }): JSX.Element {
  const original = props.tariff;
  const [draft, setDraft] = useState<Draft>(() => draftOf(original));
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const set = (key: keyof Draft) => (event: { currentTarget: HTMLInputElement }) =>
    setDraft((d) => ({ ...d, [key]: event.currentTarget.value }));
  const decimal = parseReais(draft.valor);

  const submit = async (event: Event) => {
    event.preventDefault();
    const { body, refusal: local } = bodyOf(draft, original);
    setRefusal(local);
    if (!body) return;
    setBusy(true);
    try {
      const { data, error, response } = original
        ? await api.PUT('/api/admin/tarifas/{id}', { params: { path: { id: original.id } }, body })
        : await api.POST('/api/admin/tarifas', { body });
      if (data) props.onSaved(data, !original);
      else setRefusal(problem(error, response.status));
    } catch {
      setRefusal(problem(undefined));
    } finally {
      setBusy(false);
    }
  };

  const code = (example: string) => `Letras maiúsculas, números e _, ex.: ${example}`;
  return (
    <section class="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {original ? `Editar a tarifa ${original.categoria} / ${original.subtipo}` : 'Nova tarifa'}
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormError refusal={refusal} fields={FIELDS} />
        <div class="field-row">
          <Field
            label="Categoria"
            hint={code('MENSAGENS')}
            value={draft.categoria}
            onInput={set('categoria')}
            error={errorAt(refusal, 'categoria')}
            required
          />
          <Field
            label="Subtipo"
            hint={code('ENVIADA')}
            value={draft.subtipo}
            onInput={set('subtipo')}
            error={errorAt(refusal, 'subtipo')}
            required
          />
          <Field
            label="Unidade"
            hint={code('POR_MENSAGEM')}
            value={draft.unidade}
            onInput={set('unidade')}
            error={errorAt(refusal, 'unidade')}
            required
          />
        </div>
        <div class="field-row">
          <Field
            label="Valor (R$)"
            inputMode="decimal"
            autocomplete="off"
            hint={decimal ? `Valor: ${money(decimal)}` : 'Ex.: 0,35'}
            value={draft.valor}
            onInput={set('valor')}
            error={errorAt(refusal, 'valor')}
            required
          />
          <Field
            label="Aplicação (opcional)"
            inputMode="numeric"
            hint="O número da aplicação; vazio: tarifa global, para todas."
            value={draft.aplicacaoId}
            onInput={set('aplicacaoId')}
            error={errorAt(refusal, 'aplicacaoId')}
          />
        </div>
        <div class="field-row">
          <Field label="Descrição (opcional)" value={draft.descricao} onInput={set('descricao')} error={errorAt(refusal, 'descricao')} />
          <Field
            label="Descrição do subtipo (opcional)"
            value={draft.subtipoDescricao}
            onInput={set('subtipoDescricao')}
            error={errorAt(refusal, 'subtipoDescricao')}
          />
          <Field
            label="Descrição da unidade (opcional)"
            value={draft.unidadeDescricao}
            onInput={set('unidadeDescricao')}
            error={errorAt(refusal, 'unidadeDescricao')}
          />
        </div>
        <div class="field-row">
          <Field
            label="Vigente desde (opcional)"
            type="date"
            value={draft.vigenciaInicio}
            onInput={set('vigenciaInicio')}
            error={errorAt(refusal, 'vigenciaInicio')}
          />
          <Field
            label="Vigente até (opcional)"
            type="date"
            value={draft.vigenciaFim}
            onInput={set('vigenciaFim')}
            error={errorAt(refusal, 'vigenciaFim')}
          />
        </div>
        <div class="field checkbox">
          <input
            id={`${id}-ativo`}
            type="checkbox"
            checked={draft.ativo}
            onChange={(e) => setDraft((d) => ({ ...d, ativo: e.currentTarget.checked }))}
            aria-invalid={errorAt(refusal, 'ativo') ? true : undefined}
          />
          <label for={`${id}-ativo`}>Ativa</label>
        </div>
        <div class="actions">
          <button type="submit" disabled={busy}>
            {original ? 'Salvar alterações' : 'Criar tarifa'}
          </button>
          <button type="button" class="secondary" onClick={props.onCancel} disabled={busy}>
            Cancelar
          </button>
        </div>
      </form>
    </section>
  );
}
