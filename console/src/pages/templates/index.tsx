// Templates: the application's WhatsApp message templates with their review state, a filter by state,
// creating and editing (only in the states the API allows), the moves (submit for review, pause,
// archive, delete), a draft written by the AI assistant from an objective, and the message as the patient sees it. While a template is in review the list asks
// again every few seconds, so the provider's verdict shows without a reload.
import type { JSX } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { api } from '../../api/client';
import { Alert, Loading, Page, Select, Table, useLoad } from '../../components';
import { problem } from '../../refusal';
import { ConfirmDialog } from '../../dialog';
import { when } from '../../format';
import { TemplateForm } from './form';
import { categoryLabels, fieldLabels, inReview, offers, stateLabels, type Template, type TemplateState } from './model';
import { Preview } from './preview';
import { TemplateSuggestion } from './sugestao';

/** How often the list is read again while a template waits for the provider's verdict. */
const REVIEW_POLL_MS = 3_000;

type Panel = { kind: 'none' } | { kind: 'new' } | { kind: 'suggest' } | { kind: 'view'; id: number } | { kind: 'edit'; id: number };

const stateOptions: [string, string][] = [['', 'Todos'], ...(Object.entries(stateLabels) as [TemplateState, string][])];

export function Templates(): JSX.Element {
  const [pollMs, setPollMs] = useState<number>();
  const list = useLoad(() => api.GET('/api/admin/whatsapp/templates-hsm'), [], pollMs);
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const [estado, setEstado] = useState('');
  const [notice, setNotice] = useState<string>();

  const pending = list.data?.some(inReview) ?? false;
  useEffect(() => setPollMs(pending ? REVIEW_POLL_MS : undefined), [pending]);

  const templates = (list.data ?? []).filter((t) => !estado || t.estado === estado);
  const selected = panel.kind === 'view' || panel.kind === 'edit' ? list.data?.find((t) => t.id === panel.id) : undefined;

  const saved = (t: Template, message: string) => {
    setNotice(message);
    setPanel({ kind: 'view', id: t.id });
    list.reload();
  };

  return (
    <Page
      title="Templates"
      actions={
        <div class="button-row">
          <button type="button" onClick={() => (setNotice(undefined), setPanel({ kind: 'new' }))} disabled={panel.kind === 'new'}>
            Novo template
          </button>
          <button
            type="button"
            class="secondary"
            onClick={() => (setNotice(undefined), setPanel({ kind: 'suggest' }))}
            disabled={panel.kind === 'suggest'}
          >
            Sugerir com IA
          </button>
        </div>
      }
    >
      <p class="muted">
        Modelos de mensagem aprovados pelo WhatsApp: só eles podem iniciar uma conversa com o paciente. Um template novo começa como
        rascunho e precisa ser enviado para análise.
      </p>
      {notice && <Alert kind="info">{notice}</Alert>}
      {panel.kind === 'new' && (
        <TemplateForm onSaved={(t) => saved(t, `Template ${t.nome} criado como rascunho.`)} onCancel={() => setPanel({ kind: 'none' })} />
      )}
      {panel.kind === 'suggest' && (
        <TemplateSuggestion
          onCreated={(t) => saved(t, `Rascunho criado pela IA: template ${t.nome}. Revise, edite se preciso e envie para análise.`)}
          onCancel={() => setPanel({ kind: 'none' })}
        />
      )}
      {panel.kind === 'edit' && selected && (
        <TemplateForm
          key={selected.id}
          template={selected}
          onSaved={(t) => saved(t, `Template ${t.nome} salvo.`)}
          onCancel={() => setPanel({ kind: 'view', id: selected.id })}
        />
      )}
      {panel.kind === 'view' && selected && (
        <TemplateDetail
          key={selected.id}
          template={selected}
          onEdit={() => (setNotice(undefined), setPanel({ kind: 'edit', id: selected.id }))}
          onChanged={(message) => (setNotice(message), list.reload())}
          onDeleted={(message) => (setNotice(message), setPanel({ kind: 'none' }), list.reload())}
          onClose={() => setPanel({ kind: 'none' })}
        />
      )}

      <div class="filters">
        <Select label="Estado" options={stateOptions} value={estado} onChange={(e) => setEstado(e.currentTarget.value)} />
        {pending && (
          <p class="muted" role="status">
            Há templates em análise: esta lista se atualiza sozinha.
          </p>
        )}
      </div>
      {list.error && <Alert>{list.error}</Alert>}
      {!list.data ? (
        !list.error && <Loading what="os templates" />
      ) : templates.length === 0 ? (
        <p>{list.data.length === 0 ? 'Nenhum template ainda.' : 'Nenhum template neste estado.'}</p>
      ) : (
        <Table>
          <caption>Templates{estado ? ` no estado ${stateLabels[estado as TemplateState]}` : ''}</caption>
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">Categoria</th>
              <th scope="col">Estado</th>
              <th scope="col">Procedimentos</th>
              <th scope="col">Atualizado em</th>
            </tr>
          </thead>
          <tbody>
            {templates.map((t) => (
              <tr key={t.id} aria-current={selected?.id === t.id ? 'true' : undefined}>
                <td>
                  <button
                    type="button"
                    class="link-button"
                    onClick={() => (setNotice(undefined), setPanel({ kind: 'view', id: t.id }))}
                    aria-label={`Abrir o template ${t.nome}`}
                  >
                    {t.nome}
                  </button>
                </td>
                <td>{categoryLabels[t.categoria]}</td>
                <td>
                  <StateBadge estado={t.estado} />
                </td>
                <td>{t.procedimentos.join(', ')}</td>
                <td>{when(t.atualizadoEm)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Page>
  );
}

export function StateBadge(props: { estado: TemplateState }): JSX.Element {
  return <span class={`badge badge-${props.estado.toLowerCase()}`}>{stateLabels[props.estado]}</span>;
}

type Move = 'submeter' | 'pausar' | 'arquivar';

const moveRoutes = {
  submeter: '/api/admin/whatsapp/templates-hsm/{id}/submeter',
  pausar: '/api/admin/whatsapp/templates-hsm/{id}/pausar',
  arquivar: '/api/admin/whatsapp/templates-hsm/{id}/arquivar',
} as const;

const moveDone: Record<Move, (t: Template) => string> = {
  submeter: (t) =>
    t.estado === 'REJEITADO'
      ? `O provedor recusou o template ${t.nome}${t.motivoRejeicao ? `: ${t.motivoRejeicao}` : '.'}`
      : t.estado === 'APROVADO'
        ? `Template ${t.nome} aprovado.`
        : `Template ${t.nome} enviado para análise. O resultado aparece aqui quando o provedor decidir.`,
  pausar: (t) => `Template ${t.nome} pausado: os agendamentos dos seus procedimentos não o usam mais.`,
  arquivar: (t) => `Template ${t.nome} arquivado.`,
};

function TemplateDetail(props: {
  template: Template;
  onEdit: () => void;
  onChanged: (message: string) => void;
  onDeleted: (message: string) => void;
  onClose: () => void;
}): JSX.Element {
  const t = props.template;
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [confirming, setConfirming] = useState<'arquivar' | 'excluir'>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const move = async (action: Move) => {
    setBusy(true);
    setRefusal(undefined);
    try {
      const { data, error, response } = await api.POST(moveRoutes[action], { params: { path: { id: t.id } } });
      if (data) props.onChanged(moveDone[action](data));
      else setRefusal(problem(error, response.status).message);
    } catch {
      setRefusal(problem(undefined).message);
    } finally {
      setBusy(false);
      setConfirming(undefined);
    }
  };

  const remove = async () => {
    setBusy(true);
    setRefusal(undefined);
    try {
      const { error, response } = await api.DELETE('/api/admin/whatsapp/templates-hsm/{id}', { params: { path: { id: t.id } } });
      if (response.ok) props.onDeleted(`Template ${t.nome} excluído.`);
      else setRefusal(problem(error, response.status).message);
    } catch {
      setRefusal(problem(undefined).message);
    } finally {
      setBusy(false);
      setConfirming(undefined);
    }
  };

  return (
    <section class="panel" aria-labelledby={`${id}-title`}>
      <div class="panel-header">
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
          Template {t.nome}
        </h2>
        <StateBadge estado={t.estado} />
        <button type="button" class="secondary close" onClick={props.onClose}>
          Fechar
        </button>
      </div>
      {t.estado === 'REJEITADO' && t.motivoRejeicao && <Alert kind="warning">Motivo da rejeição: {t.motivoRejeicao}</Alert>}
      {t.estado === 'EM_ANALISE' && (
        <p class="muted" role="status">
          Aguardando a análise do provedor.
        </p>
      )}
      {refusal && <Alert>{refusal}</Alert>}
      <div class="with-preview">
        <div>
          <dl class="facts">
            <dt>Categoria</dt>
            <dd>{categoryLabels[t.categoria]}</dd>
            <dt>Idioma</dt>
            <dd>{t.idioma}</dd>
            <dt>Variáveis</dt>
            <dd>{t.variaveis.length === 0 ? 'Nenhuma' : t.variaveis.map((v, i) => `{{${i + 1}}} ${fieldLabels[v]}`).join('; ')}</dd>
            <dt>Procedimentos</dt>
            <dd>{t.procedimentos.join(', ')}</dd>
            <dt>Criado em</dt>
            <dd>{when(t.criadoEm)}</dd>
          </dl>
          <div class="actions">
            {offers(t.estado, 'editar') && (
              <button type="button" onClick={props.onEdit} disabled={busy}>
                Editar
              </button>
            )}
            {offers(t.estado, 'submeter') && (
              <button type="button" onClick={() => void move('submeter')} disabled={busy}>
                Enviar para análise
              </button>
            )}
            {offers(t.estado, 'pausar') && (
              <button type="button" class="secondary" onClick={() => void move('pausar')} disabled={busy}>
                Pausar
              </button>
            )}
            {offers(t.estado, 'arquivar') && (
              <button type="button" class="secondary" onClick={() => setConfirming('arquivar')} disabled={busy}>
                Arquivar
              </button>
            )}
            {offers(t.estado, 'excluir') && (
              <button type="button" class="danger" onClick={() => setConfirming('excluir')} disabled={busy}>
                Excluir
              </button>
            )}
          </div>
          {!offers(t.estado, 'editar') && t.estado !== 'ARQUIVADO' && (
            <p class="muted">
              Um template {stateLabels[t.estado].toLowerCase()} não pode ser editado
              {t.estado === 'APROVADO' ? ': pause-o primeiro para alterá-lo.' : '.'}
            </p>
          )}
        </div>
        <Preview corpo={t.corpo} variaveis={t.variaveis} botoes={t.botoes} />
      </div>
      {confirming === 'arquivar' && (
        <ConfirmDialog
          title={`Arquivar o template ${t.nome}?`}
          confirm="Arquivar"
          busy={busy}
          onConfirm={() => void move('arquivar')}
          onCancel={() => setConfirming(undefined)}
        >
          <p>Um template arquivado não é mais usado nem pode voltar a ser editado ou enviado; seus procedimentos ficam livres.</p>
        </ConfirmDialog>
      )}
      {confirming === 'excluir' && (
        <ConfirmDialog
          title={`Excluir o template ${t.nome}?`}
          confirm="Excluir"
          danger
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(undefined)}
        >
          <p>O template é apagado de vez.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
