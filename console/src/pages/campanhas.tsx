// Campanhas (#36): a clinic's bulk sends. A new campaign from a pasted list or a CSV file (read as the API reads it:
// the preview shows the first rows, the ignored ones with why, the file's errors and the estimated cost before
// anything is sent), scheduled or at once; the campaigns with their progress, live while the tab is visible;
// pause, resume, cancel; and one campaign's recipients by state.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../api/client';
import type { components } from '../api/schema';
import { Alert, Field, Loading, Page, Pager, Select, Table, TextArea, useLoad } from '../components';
import { errorAt, formError, problem, refusedText, type Refusal } from '../refusal';
import { money, phone, when } from '../format';

type Campaign = components['schemas']['Campaign'];
type Preview = components['schemas']['CampaignPreview'];

const statusLabel: Record<Campaign['status'], string> = {
  AGENDADA: 'Agendada',
  EM_ANDAMENTO: 'Em andamento',
  PAUSADA: 'Pausada',
  CONCLUIDA: 'Concluída',
  CANCELADA: 'Cancelada',
};
const recipientLabel: Record<string, string> = { PENDENTE: 'Pendente', ENVIADA: 'Enviada', FALHA: 'Falha', IGNORADA: 'Ignorada' };
const reasonLabel: Record<string, string> = {
  TELEFONE_INVALIDO: 'Telefone inválido',
  DUPLICADO: 'Telefone repetido',
  OPT_OUT: 'Pediu para não receber',
  VARIAVEL_AUSENTE: 'Falta uma variável do texto',
  SALDO_INSUFICIENTE: 'Saldo insuficiente',
  APLICACAO_INATIVA: 'Aplicação inativa',
  TEMPLATE_INDISPONIVEL: 'Template indisponível',
  MANUAL: 'Pausada por um administrador',
};

/** A recipient's phone as people write it; one that is not a phone number, as it was given. */
const shownPhone = (telefone: string): string => (telefone.startsWith('+') ? phone(telefone) : telefone);

/** A pasted list without a header row gets the usual one: `telefone;nome`. */
const asCsv = (text: string): string => (/^\s*\uFEFF?telefone\b/i.test(text) ? text : `telefone;nome\n${text}`);

interface Draft {
  nome: string;
  mensagem: string;
  lista: string;
  agendarPara: string;
}
const empty: Draft = { nome: '', mensagem: '', lista: '', agendarPara: '' };

function NewCampaign(props: { onCreated: (c: Campaign) => void }): JSX.Element {
  const [draft, setDraft] = useState<Draft>(empty);
  const [preview, setPreview] = useState<Preview>();
  const [refusal, setRefusal] = useState<Refusal>();
  const [fileErrors, setFileErrors] = useState<{ linha: number; erro: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Draft) => (event: { currentTarget: { value: string } }) => {
    setDraft({ ...draft, [key]: event.currentTarget.value });
    setPreview(undefined);
  };

  const submit = async (simular: boolean) => {
    setBusy(true);
    setRefusal(undefined);
    setFileErrors([]);
    const query = {
      nome: draft.nome,
      mensagem: draft.mensagem,
      ...(draft.agendarPara ? { agendarPara: `${draft.agendarPara}:00`.slice(0, 19) } : {}),
      ...(simular ? { simular: 'true' as const } : {}),
    };
    const { data, error, response } = await api.POST('/api/admin/campanhas/csv', {
      params: { query },
      body: asCsv(draft.lista),
      bodySerializer: (body: string) => body,
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
    });
    setBusy(false);
    if (!data) {
      const refused = problem(error, response.status);
      setRefusal(refused);
      setFileErrors((error as { erros?: { linha: number; erro: string }[] } | undefined)?.erros ?? []);
      return;
    }
    if ('totais' in data && 'custoEstimado' in data) setPreview(data);
    else {
      setDraft(empty);
      setPreview(undefined);
      props.onCreated(data);
    }
  };

  const readFile = async (event: { currentTarget: HTMLInputElement }) => {
    const file = event.currentTarget.files?.[0];
    if (file) {
      setDraft({ ...draft, lista: await file.text() });
      setPreview(undefined);
    }
  };

  const fields = ['nome', 'mensagem', 'agendarPara', 'csv', 'destinatarios'];
  return (
    <form
      class="card"
      aria-label="Nova campanha"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(false);
      }}
    >
      <h2>Nova campanha</h2>
      <Field label="Nome" value={draft.nome} required maxLength={120} onInput={set('nome')} error={errorAt(refusal, 'nome')} />
      <TextArea
        label="Mensagem"
        value={draft.mensagem}
        rows={3}
        maxLength={4096}
        hint="Use {{nome}} e o nome de qualquer outra coluna da lista, por exemplo {{data}}."
        onInput={set('mensagem')}
        error={errorAt(refusal, 'mensagem')}
      />
      <TextArea
        label="Destinatários"
        value={draft.lista}
        rows={6}
        hint="Uma linha por paciente: telefone;nome;outras colunas. Com ou sem a linha de cabeçalho (telefone;nome;...), como a planilha exporta."
        onInput={set('lista')}
        error={errorAt(refusal, 'csv') ?? errorAt(refusal, 'destinatarios')}
      />
      <div class="field">
        <label for="campanha-arquivo">Ou um arquivo CSV</label>
        <input id="campanha-arquivo" type="file" accept=".csv,text/csv" onChange={(e) => void readFile(e)} />
      </div>
      <Field
        label="Agendar para (opcional)"
        type="datetime-local"
        value={draft.agendarPara}
        onInput={set('agendarPara')}
        error={errorAt(refusal, 'agendarPara')}
      />
      {formError(refusal, fields) && <Alert kind="error">{formError(refusal, fields)}</Alert>}
      {fileErrors.length > 0 && (
        <Alert kind="error">
          <ul aria-label="Erros do arquivo">
            {fileErrors.map((e) => (
              <li key={`${e.linha}-${e.erro}`}>
                Linha {e.linha}: {e.erro}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {preview && <PreviewOf preview={preview} />}
      <div class="actions">
        <button type="button" class="secondary" disabled={busy} onClick={() => void submit(true)}>
          Pré-visualizar
        </button>
        <button type="submit" disabled={busy}>
          {draft.agendarPara ? 'Agendar campanha' : 'Enviar campanha'}
        </button>
      </div>
    </form>
  );
}

function PreviewOf(props: { preview: Preview }): JSX.Element {
  const { totais, custoEstimado, tarifa, destinatarios, ignorados } = props.preview;
  return (
    <section aria-label="Pré-visualização" class="preview">
      <p data-testid="previa-resumo">
        {totais.pendentes} de {totais.destinatarios} destinatários serão enviados ({totais.ignoradas} ignorados). Custo estimado:{' '}
        <strong data-testid="custo-estimado">{money(custoEstimado)}</strong> ({money(tarifa)} por mensagem).
      </p>
      <Table>
        <caption>Primeiras linhas</caption>
        <thead>
          <tr>
            <th scope="col">Linha</th>
            <th scope="col">Telefone</th>
            <th scope="col">Nome</th>
            <th scope="col">Situação</th>
          </tr>
        </thead>
        <tbody>
          {destinatarios.map((r) => (
            <tr key={r.linha}>
              <td>{r.linha}</td>
              <td>{shownPhone(r.telefone)}</td>
              <td>{r.nome ?? '—'}</td>
              <td>{r.status === 'IGNORADA' ? `Ignorado: ${reasonLabel[r.motivo ?? ''] ?? r.motivo}` : 'Será enviado'}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {ignorados.length > 0 && (
        <ul aria-label="Ignorados">
          {ignorados.map((r) => (
            <li key={r.linha}>
              Linha {r.linha} ({r.telefone}): {reasonLabel[r.motivo ?? ''] ?? r.motivo}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Progress(props: { campaign: Campaign }): JSX.Element {
  const t = props.campaign.totais;
  const done = t.destinatarios - t.pendentes;
  return (
    <div class="progress">
      <progress max={t.destinatarios} value={done} aria-label={`Progresso de ${props.campaign.nome}`} />
      <span>
        {done} de {t.destinatarios}
      </span>
    </div>
  );
}

const actionsOf = (status: Campaign['status']) =>
  [
    ...(status === 'AGENDADA' || status === 'EM_ANDAMENTO' ? [['pausar', 'Pausar'] as const] : []),
    ...(status === 'PAUSADA' ? [['retomar', 'Retomar'] as const] : []),
    ...(status === 'AGENDADA' || status === 'EM_ANDAMENTO' || status === 'PAUSADA' ? [['cancelar', 'Cancelar'] as const] : []),
  ] as const;

function Recipients(props: { campaign: Campaign }): JSX.Element {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(0);
  const list = useLoad(
    () =>
      api.GET('/api/admin/campanhas/{id}/destinatarios', {
        params: {
          path: { id: props.campaign.id },
          query: { page, size: 50, ...(status ? { status: status as 'PENDENTE' | 'ENVIADA' | 'FALHA' | 'IGNORADA' } : {}) },
        },
      }),
    [props.campaign.id, status, page],
    3_000,
  );
  return (
    <section aria-label={`Destinatários de ${props.campaign.nome}`}>
      <h2>Destinatários de {props.campaign.nome}</h2>
      <Select
        label="Situação"
        value={status}
        options={[['', 'Todas'], ...Object.entries(recipientLabel)]}
        onChange={(e) => {
          setPage(0);
          setStatus(e.currentTarget.value);
        }}
      />
      {list.error && <Alert kind="error">{list.error}</Alert>}
      {!list.data && !list.error && <Loading what="os destinatários" />}
      {list.data && (
        <>
          <Table label="Destinatários">
            <thead>
              <tr>
                <th scope="col">Linha</th>
                <th scope="col">Telefone</th>
                <th scope="col">Nome</th>
                <th scope="col">Situação</th>
                <th scope="col">Mensagem ou motivo</th>
              </tr>
            </thead>
            <tbody>
              {list.data.content.map((r) => (
                <tr key={r.linha} data-linha={r.linha}>
                  <td>{r.linha}</td>
                  <td>{shownPhone(r.telefone)}</td>
                  <td>{r.nome ?? '—'}</td>
                  <td>
                    <span class="badge">{recipientLabel[r.status]}</span>
                  </td>
                  <td>
                    {r.mensagemId !== null ? (
                      <a href={`../mensagens/${r.mensagemId}`}>Mensagem {r.mensagemId}</a>
                    ) : (
                      (reasonLabel[r.motivo ?? ''] ?? r.motivo ?? '—')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager page={page} pages={list.data.totalPages} onPage={setPage} label="Páginas de destinatários" />
        </>
      )}
    </section>
  );
}

export function Campanhas(): JSX.Element {
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<number>();
  const [actionError, setActionError] = useState<string>();
  const campaigns = useLoad(() => api.GET('/api/admin/campanhas', { params: { query: { page, size: 20 } } }), [page], 2_000);
  const chosen = campaigns.data?.content.find((c) => c.id === selected);

  const act = async (c: Campaign, action: 'pausar' | 'retomar' | 'cancelar') => {
    setActionError(undefined);
    const path = `/api/admin/campanhas/{id}/${action}` as const;
    const { error, response } = await api.POST(path, { params: { path: { id: c.id } } });
    if (!response.ok) setActionError(refusedText(response.status, problem(error, response.status).message));
    campaigns.reload();
  };

  return (
    <Page title="Campanhas">
      <NewCampaign
        onCreated={(c) => {
          setPage(0);
          setSelected(c.id);
          campaigns.reload();
        }}
      />
      {actionError && <Alert kind="error">{actionError}</Alert>}
      {campaigns.error && <Alert kind="error">{campaigns.error}</Alert>}
      {!campaigns.data && !campaigns.error && <Loading what="as campanhas" />}
      {campaigns.data && campaigns.data.content.length === 0 && <p class="muted">Nenhuma campanha ainda.</p>}
      {campaigns.data && campaigns.data.content.length > 0 && (
        <Table label="Campanhas">
          <thead>
            <tr>
              <th scope="col">Campanha</th>
              <th scope="col">Situação</th>
              <th scope="col">Progresso</th>
              <th scope="col">Enviadas</th>
              <th scope="col">Entregues</th>
              <th scope="col">Lidas</th>
              <th scope="col">Falhas</th>
              <th scope="col">Ignoradas</th>
              <th scope="col">Custo</th>
              <th scope="col">Ações</th>
            </tr>
          </thead>
          <tbody>
            {campaigns.data.content.map((c) => (
              <tr key={c.id} data-campaign-id={c.id}>
                <td>
                  {c.nome}
                  <br />
                  <small class="muted">
                    {c.agendarPara && c.status === 'AGENDADA' ? `Agendada para ${when(c.agendarPara)}` : when(c.criadaEm)}
                  </small>
                </td>
                <td>
                  <span class="badge" data-testid="situacao">
                    {statusLabel[c.status]}
                  </span>
                  {c.motivo && <small class="muted"> {reasonLabel[c.motivo]}</small>}
                </td>
                <td>
                  <Progress campaign={c} />
                </td>
                <td data-testid="enviadas">{c.totais.enviadas}</td>
                <td>{c.totais.entregues}</td>
                <td>{c.totais.lidas}</td>
                <td>{c.totais.falhas}</td>
                <td data-testid="ignoradas">{c.totais.ignoradas}</td>
                <td>{money(c.custoTotal)}</td>
                <td class="actions">
                  <button type="button" class="secondary" aria-pressed={selected === c.id} onClick={() => setSelected(c.id)}>
                    Destinatários<span class="visually-hidden"> de {c.nome}</span>
                  </button>
                  {actionsOf(c.status).map(([action, label]) => (
                    <button key={action} type="button" class="secondary" onClick={() => void act(c, action)}>
                      {label}
                      <span class="visually-hidden"> {c.nome}</span>
                    </button>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {campaigns.data && <Pager page={page} pages={campaigns.data.totalPages} onPage={setPage} label="Páginas de campanhas" />}
      {chosen && <Recipients campaign={chosen} />}
    </Page>
  );
}
