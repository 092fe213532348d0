// Integrações: the legacy systems the on-premises agent reads (a database or an HTTP API), their
// settings (secrets write-only: a blank one keeps the stored one), and each one's agent certificates:
// issued from the agent's CSR, revoked at once (the CRL is published).
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api, type Schemas } from '../../api/client';
import { Alert, Check, Field, FormError, Loading, Select, Table, TextArea, useLoad } from '../../components';
import { errorAt, problem, type Refusal } from '../../refusal';
import { when } from '../../format';
import { ConfirmDialog } from '../../dialog';

type Integration = Schemas['AdminIntegration'];
type Certificate = Schemas['AgentCertificate'];

const drivers = ['postgresql', 'mysql', 'mariadb', 'sqlserver', 'oracle', 'firebird'] as const;
const auths = [
  ['NENHUMA', 'Nenhuma'],
  ['BEARER', 'Bearer token'],
  ['BASIC', 'Usuário e senha (Basic)'],
  ['API_KEY', 'Chave em cabeçalho'],
] as const;
type Auth = (typeof auths)[number][0];

export function Integracoes(): JSX.Element {
  const list = useLoad(() => api.GET('/api/admin/integracoes'), []);
  const [editing, setEditing] = useState<Integration | 'nova'>();
  const [certsOf, setCertsOf] = useState<Integration>();
  const [removing, setRemoving] = useState<Integration>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [removeError, setRemoveError] = useState<string>();

  const remove = async (integration: Integration) => {
    setBusy(true);
    const { error, response } = await api.DELETE('/api/admin/integracoes/{id}', { params: { path: { id: integration.id } } });
    setBusy(false);
    setRemoving(undefined);
    if (!response.ok) return setRemoveError(problem(error, response.status).message);
    setRemoveError(undefined);
    if (certsOf?.id === integration.id) setCertsOf(undefined);
    setNotice(`Integração ${integration.nome} excluída; seus certificados foram revogados.`);
    list.reload();
  };

  return (
    <>
      <p class="hint">
        Sistemas legados que o agente instalado na clínica lê (um banco de dados ou uma API). O agente se identifica com um certificado
        emitido aqui para a integração.
      </p>
      {notice && <Alert kind="info">{notice}</Alert>}
      {editing ? (
        <IntegrationForm
          key={editing === 'nova' ? 'nova' : editing.id}
          integration={editing === 'nova' ? undefined : editing}
          onCancel={() => setEditing(undefined)}
          onSaved={(saved, created) => {
            setEditing(undefined);
            setNotice(`Integração ${saved.nome} ${created ? 'criada' : 'salva'}.`);
            list.reload();
          }}
        />
      ) : (
        <div class="toolbar">
          <button
            type="button"
            onClick={() => {
              setNotice(undefined);
              setEditing('nova');
            }}
          >
            Nova integração
          </button>
        </div>
      )}
      {list.error && <Alert>{list.error}</Alert>}
      {removeError && <Alert>{removeError}</Alert>}
      {!list.data ? (
        <Loading what="as integrações" />
      ) : list.data.length === 0 ? (
        <p class="muted">Nenhuma integração ainda.</p>
      ) : (
        <Table>
          <caption>Integrações</caption>
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">Tipo</th>
              <th scope="col">Conexão</th>
              <th scope="col">Intervalo</th>
              <th scope="col">Situação</th>
              <th scope="col">Ações</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((i) => (
              <tr key={i.id}>
                <td>{i.nome}</td>
                <td>{i.tipoIntegracao === 'BANCO' ? 'Banco de dados' : 'API'}</td>
                <td>
                  {i.tipoIntegracao === 'BANCO'
                    ? `${i.conexao.driver} ${i.conexao.host}:${i.conexao.porta}/${i.conexao.banco}`
                    : i.conexao.urlBase}
                </td>
                <td>{i.intervaloMinutos ? `a cada ${i.intervaloMinutos} min` : 'só manual'}</td>
                <td>{i.ativo ? 'ativa' : 'inativa'}</td>
                <td class="row-actions">
                  <button type="button" class="secondary" aria-label={`Certificados de ${i.nome}`} onClick={() => setCertsOf(i)}>
                    Certificados
                  </button>
                  <button
                    type="button"
                    class="secondary"
                    aria-label={`Editar ${i.nome}`}
                    onClick={() => {
                      setNotice(undefined);
                      setEditing(i);
                    }}
                  >
                    Editar
                  </button>
                  <button type="button" class="secondary" aria-label={`Excluir ${i.nome}`} onClick={() => setRemoving(i)}>
                    Excluir
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {certsOf && <Certificates key={certsOf.id} integration={certsOf} onClose={() => setCertsOf(undefined)} />}
      {removing && (
        <ConfirmDialog
          title={`Excluir a integração ${removing.nome}?`}
          confirm="Excluir"
          danger
          busy={busy}
          onCancel={() => setRemoving(undefined)}
          onConfirm={() => void remove(removing)}
        >
          <p>Todos os certificados dela são revogados antes: o agente que os usa deixa de ser aceito.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

const secretHint = (masked: string | undefined, editing: boolean) =>
  masked ? `Guardado: ${masked}. Deixe em branco para manter.` : editing ? 'Nenhum guardado.' : 'Opcional.';

function IntegrationForm(props: {
  integration: Integration | undefined;
  onCancel: () => void;
  onSaved: (saved: Integration, created: boolean) => void;
}): JSX.Element {
  const start = props.integration;
  const banco = start?.tipoIntegracao === 'BANCO' ? start : undefined;
  const apiStart = start?.tipoIntegracao === 'API' ? start : undefined;
  const [tipo, setTipo] = useState<'BANCO' | 'API'>(start?.tipoIntegracao ?? 'BANCO');
  const [nome, setNome] = useState(start?.nome ?? '');
  const [intervalo, setIntervalo] = useState(start?.intervaloMinutos ? String(start.intervaloMinutos) : '');
  const [ativo, setAtivo] = useState(start?.ativo ?? true);
  const [driver, setDriver] = useState<(typeof drivers)[number]>(banco?.conexao.driver ?? 'postgresql');
  const [host, setHost] = useState(banco?.conexao.host ?? '');
  const [porta, setPorta] = useState(banco ? String(banco.conexao.porta) : '');
  const [bancoNome, setBancoNome] = useState(banco?.conexao.banco ?? '');
  const [usuario, setUsuario] = useState(start?.conexao.usuario ?? '');
  const [parametros, setParametros] = useState(banco?.conexao.parametros ?? '');
  const [urlBase, setUrlBase] = useState(apiStart?.conexao.urlBase ?? '');
  const [autenticacao, setAutenticacao] = useState<Auth>(apiStart?.conexao.autenticacao ?? 'NENHUMA');
  const [cabecalho, setCabecalho] = useState(apiStart?.conexao.cabecalho ?? '');
  const [senha, setSenha] = useState('');
  const [token, setToken] = useState('');
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const err = (name: string) => errorAt(refusal, name);
  const optional = (v: string) => (v.trim() ? v.trim() : null);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    // A number the operator did not type as one goes as null: the API names the field.
    const intervaloMinutos = intervalo.trim() ? Number(intervalo) : null;
    const common = { nome, intervaloMinutos, ativo };
    const body =
      tipo === 'BANCO'
        ? {
            ...common,
            tipoIntegracao: 'BANCO' as const,
            conexao: {
              driver,
              host: host.trim(),
              porta: Number(porta),
              banco: bancoNome,
              usuario: optional(usuario),
              parametros: optional(parametros),
            },
            ...(senha && { segredos: { senha } }),
          }
        : {
            ...common,
            tipoIntegracao: 'API' as const,
            conexao: { urlBase: urlBase.trim(), autenticacao, usuario: optional(usuario), cabecalho: optional(cabecalho) },
            ...((senha || token) && { segredos: { ...(senha && { senha }), ...(token && { token }) } }),
          };
    const answer = start
      ? await api.PUT('/api/admin/integracoes/{id}', { params: { path: { id: start.id } }, body })
      : await api.POST('/api/admin/integracoes', { body });
    setBusy(false);
    if (!answer.data) return setRefusal(problem(answer.error, answer.response.status));
    props.onSaved(answer.data, !start);
  };

  const maskedSenha = start?.segredos.senha;
  const maskedToken = start?.tipoIntegracao === 'API' ? start.segredos.token : undefined;
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="integracao-form-title" class="form-block panel" noValidate>
      <h3 id="integracao-form-title">{start ? `Editar ${start.nome}` : 'Nova integração'}</h3>
      <FormError
        refusal={refusal}
        fields={[
          'tipoIntegracao',
          'nome',
          'intervaloMinutos',
          ...['driver', 'host', 'porta', 'banco', 'usuario', 'parametros', 'urlBase', 'autenticacao', 'cabecalho'].map(
            (k) => `conexao.${k}`,
          ),
          'segredos.senha',
          'segredos.token',
        ]}
      />
      <Select
        label="Tipo"
        options={[
          ['BANCO', 'Banco de dados'],
          ['API', 'API HTTP'],
        ]}
        value={tipo}
        disabled={!!start}
        error={err('tipoIntegracao')}
        onChange={(e) => setTipo(e.currentTarget.value as 'BANCO' | 'API')}
      />
      <Field label="Nome" value={nome} required error={err('nome')} onInput={(e) => setNome(e.currentTarget.value)} />
      <Field
        label="Intervalo (minutos)"
        type="number"
        min={1}
        max={10080}
        value={intervalo}
        hint="De quanto em quanto tempo o agente a executa; em branco, só quando iniciada à mão."
        error={err('intervaloMinutos')}
        onInput={(e) => setIntervalo(e.currentTarget.value)}
      />
      <Check label="Ativa" checked={ativo} onChange={setAtivo} />
      {tipo === 'BANCO' ? (
        <fieldset>
          <legend>Conexão com o banco</legend>
          <Select
            label="Driver"
            options={drivers.map((d) => [d, d] as const)}
            value={driver}
            error={err('conexao.driver')}
            onChange={(e) => setDriver(e.currentTarget.value as (typeof drivers)[number])}
          />
          <Field label="Host" value={host} required error={err('conexao.host')} onInput={(e) => setHost(e.currentTarget.value)} />
          <Field
            label="Porta"
            type="number"
            min={1}
            max={65535}
            value={porta}
            required
            error={err('conexao.porta')}
            onInput={(e) => setPorta(e.currentTarget.value)}
          />
          <Field
            label="Banco"
            value={bancoNome}
            required
            error={err('conexao.banco')}
            onInput={(e) => setBancoNome(e.currentTarget.value)}
          />
          <Field
            label="Usuário"
            value={usuario}
            autocomplete="off"
            error={err('conexao.usuario')}
            onInput={(e) => setUsuario(e.currentTarget.value)}
          />
          <Field
            label="Parâmetros do driver"
            value={parametros}
            hint="Ex.: sslmode=require"
            error={err('conexao.parametros')}
            onInput={(e) => setParametros(e.currentTarget.value)}
          />
          <Field
            label="Senha do banco"
            type="password"
            autocomplete="new-password"
            value={senha}
            hint={secretHint(maskedSenha, !!start)}
            error={err('segredos.senha')}
            onInput={(e) => setSenha(e.currentTarget.value)}
          />
        </fieldset>
      ) : (
        <fieldset>
          <legend>Conexão com a API</legend>
          <Field
            label="URL base"
            type="url"
            value={urlBase}
            required
            error={err('conexao.urlBase')}
            onInput={(e) => setUrlBase(e.currentTarget.value)}
          />
          <Select
            label="Autenticação"
            options={auths}
            value={autenticacao}
            error={err('conexao.autenticacao')}
            onChange={(e) => setAutenticacao(e.currentTarget.value as Auth)}
          />
          <Field
            label="Usuário"
            value={usuario}
            autocomplete="off"
            error={err('conexao.usuario')}
            onInput={(e) => setUsuario(e.currentTarget.value)}
          />
          <Field
            label="Cabeçalho da chave"
            value={cabecalho}
            hint="Só para chave em cabeçalho (padrão X-Api-Key)."
            error={err('conexao.cabecalho')}
            onInput={(e) => setCabecalho(e.currentTarget.value)}
          />
          <Field
            label="Token ou chave"
            type="password"
            autocomplete="off"
            value={token}
            hint={secretHint(maskedToken, !!start)}
            error={err('segredos.token')}
            onInput={(e) => setToken(e.currentTarget.value)}
          />
          <Field
            label="Senha da API"
            type="password"
            autocomplete="new-password"
            value={senha}
            hint={secretHint(maskedSenha, !!start)}
            error={err('segredos.senha')}
            onInput={(e) => setSenha(e.currentTarget.value)}
          />
        </fieldset>
      )}
      <div class="actions">
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancelar
        </button>
        <button type="submit" disabled={busy}>
          {start ? 'Salvar integração' : 'Criar integração'}
        </button>
      </div>
    </form>
  );
}

function Certificates(props: { integration: Integration; onClose: () => void }): JSX.Element {
  const id = props.integration.id;
  const list = useLoad(() => api.GET('/api/admin/integracoes/{id}/certificados', { params: { path: { id } } }), [id]);
  const [csr, setCsr] = useState('');
  const [validade, setValidade] = useState('365');
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<Schemas['AgentCertificateIssued']>();
  const [revoking, setRevoking] = useState<Certificate>();
  const [motivo, setMotivo] = useState('');
  const [revokeError, setRevokeError] = useState<string>();

  const issue = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    setIssued(undefined);
    const { data, error, response } = await api.POST('/api/admin/integracoes/{id}/certificados', {
      params: { path: { id } },
      body: { csr, ...(validade.trim() && { validadeDias: Number(validade) }) },
    });
    setBusy(false);
    if (!data) return setRefusal(problem(error, response.status));
    setCsr('');
    setIssued(data);
    list.reload();
  };

  const revoke = async (certificate: Certificate) => {
    setBusy(true);
    const { error, response } = await api.POST('/api/admin/integracoes/{id}/certificados/{serial}/revogar', {
      params: { path: { id, serial: certificate.serial } },
      body: { motivo: motivo.trim() || null },
    });
    setBusy(false);
    setRevoking(undefined);
    setMotivo('');
    setRevokeError(response.ok ? undefined : problem(error, response.status).message);
    list.reload();
  };

  return (
    <section aria-labelledby="certificados-title" class="panel">
      <div class="page-header">
        <h3 id="certificados-title">Certificados de {props.integration.nome}</h3>
        <button type="button" class="secondary" onClick={props.onClose}>
          Fechar certificados
        </button>
      </div>
      {list.error && <Alert>{list.error}</Alert>}
      {revokeError && <Alert>{revokeError}</Alert>}
      {!list.data ? (
        <Loading what="os certificados" />
      ) : list.data.length === 0 ? (
        <p class="muted">Nenhum certificado emitido.</p>
      ) : (
        <Table>
          <caption>Certificados do agente (os revogados também)</caption>
          <thead>
            <tr>
              <th scope="col">Série</th>
              <th scope="col">Emitido em</th>
              <th scope="col">Válido até</th>
              <th scope="col">Situação</th>
              <th scope="col">Ações</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((c) => (
              <tr key={c.serial}>
                <td>
                  <code class="wrap">{c.serial}</code>
                </td>
                <td>{when(c.emitidoEm)}</td>
                <td>{when(c.validoAte)}</td>
                <td>{c.revogado ? `revogado em ${when(c.revogadoEm)}${c.motivo ? ` (${c.motivo})` : ''}` : 'válido'}</td>
                <td>
                  {!c.revogado && (
                    <button type="button" class="secondary" aria-label={`Revogar o certificado ${c.serial}`} onClick={() => setRevoking(c)}>
                      Revogar
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {issued && (
        <div class="issued">
          <Alert kind="info">
            Certificado {issued.serial} emitido, válido até {when(issued.validoAte)}. Instale-o no agente junto com a chave privada que
            gerou o pedido (ela nunca sai do agente).
          </Alert>
          <label for="certificado-pem">Certificado (PEM)</label>
          <textarea id="certificado-pem" readOnly rows={8} class="pem" value={issued.certificado} />
        </div>
      )}
      <form onSubmit={(e) => void issue(e)} aria-labelledby="emitir-title" class="form-block" noValidate>
        <h4 id="emitir-title">Emitir certificado</h4>
        <FormError refusal={refusal} fields={['csr', 'validadeDias']} />
        <TextArea
          label="Pedido de certificado (CSR, PEM)"
          hint="Gerado pelo agente: chave ECDSA P-256/P-384 ou RSA de 2048 bits ou mais."
          rows={6}
          value={csr}
          error={errorAt(refusal, 'csr')}
          onInput={(e) => setCsr(e.currentTarget.value)}
        />
        <Field
          label="Validade (dias)"
          type="number"
          min={1}
          max={825}
          value={validade}
          hint="De 1 a 825 dias."
          error={errorAt(refusal, 'validadeDias')}
          onInput={(e) => setValidade(e.currentTarget.value)}
        />
        <div class="actions">
          <button type="submit" disabled={busy}>
            Emitir certificado
          </button>
        </div>
      </form>
      {revoking && (
        <ConfirmDialog
          title="Revogar o certificado?"
          confirm="Revogar"
          danger
          busy={busy}
          onCancel={() => setRevoking(undefined)}
          onConfirm={() => void revoke(revoking)}
        >
          <p>
            O certificado <code class="wrap">{revoking.serial}</code> deixa de ser aceito na hora (a lista de revogação é publicada).
          </p>
          <Field label="Motivo (opcional)" value={motivo} maxLength={200} onInput={(e) => setMotivo(e.currentTarget.value)} />
        </ConfirmDialog>
      )}
    </section>
  );
}
