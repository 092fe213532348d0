// Clientes OAuth2: the application's clients (revoked ones too), a new one with its scopes (its secret
// shown once), and revocation after a confirmation.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api, type Schemas } from '../../api/client';
import { Alert, Checkboxes, Field, FormError, Loading, SecretOnce, Table, useLoad } from '../../components';
import { errorAt, problem, type Refusal } from '../../refusal';
import { when } from '../../format';
import { session } from '../../session';
import { ConfirmDialog } from '../../dialog';

type Client = Schemas['AdminOAuthClient'];
type Scope = Client['scopes'][number];

/** Every scope the contract lists, in words (a scope missing here is a type error). */
const scopeText: Record<Scope, string> = {
  'mensagens:enviar': 'enviar mensagens',
  'atendimentos:read': 'ler atendimentos',
  'atendimentos:escalar': 'escalar atendimentos',
  'agendamentos:read': 'ler agendamentos',
  'agendamentos:write': 'criar e alterar agendamentos',
  'pacientes:read': 'ler pacientes',
  'pacientes:write': 'criar e alterar pacientes',
  'integracoes:read': 'ler integrações',
  'integracoes:write': 'alterar integrações',
  'registros:importar': 'importar registros',
};
const scopeOptions = (Object.keys(scopeText) as Scope[]).map((s) => [s, `${s} (${scopeText[s]})`] as const);

export function ClientesOAuth(): JSX.Element {
  const id = session()!.aplicacaoId;
  const list = useLoad(() => api.GET('/api/admin/aplicacoes/{id}/oauth-clients', { params: { path: { id } } }), [id]);
  const [created, setCreated] = useState<Schemas['AdminOAuthClientCreated']>();
  const [revoking, setRevoking] = useState<Client>();
  const [busy, setBusy] = useState(false);
  const [revokeError, setRevokeError] = useState<string>();

  const revoke = async (client: Client) => {
    setBusy(true);
    const { error, response } = await api.DELETE('/api/admin/aplicacoes/{id}/oauth-clients/{clientId}', {
      params: { path: { id, clientId: client.clientId } },
    });
    setBusy(false);
    setRevoking(undefined);
    setRevokeError(response.ok ? undefined : problem(error, response.status).message);
    list.reload();
  };

  return (
    <>
      <p class="hint">
        Cada cliente pede tokens em <code>/oauth2/token</code> (client credentials) com o seu ID e segredo, e só recebe os escopos marcados
        aqui.
      </p>
      {created && (
        <SecretOnce
          title={`Cliente ${created.nome} criado`}
          values={[
            ['Client ID', created.clientId],
            ['Client secret', created.clientSecret],
          ]}
          onDone={() => setCreated(undefined)}
        />
      )}
      <NewClient
        applicationId={id}
        onCreated={(c) => {
          setCreated(c);
          list.reload();
        }}
      />
      {list.error && <Alert>{list.error}</Alert>}
      {revokeError && <Alert>{revokeError}</Alert>}
      {!list.data ? (
        <Loading what="os clientes" />
      ) : list.data.length === 0 ? (
        <p class="muted">Nenhum cliente OAuth2 ainda.</p>
      ) : (
        <Table>
          <caption>Clientes OAuth2</caption>
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">Client ID</th>
              <th scope="col">Escopos</th>
              <th scope="col">Criado em</th>
              <th scope="col">Situação</th>
              <th scope="col">Ações</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((c) => (
              <tr key={c.clientId} data-testid="cliente-oauth">
                <td>{c.nome}</td>
                <td>
                  <code>{c.clientId}</code>
                </td>
                <td>{c.scopes.join(', ')}</td>
                <td>{when(c.criadoEm)}</td>
                <td>{c.revogadoEm ? `revogado em ${when(c.revogadoEm)}` : 'ativo'}</td>
                <td>
                  {!c.revogadoEm && (
                    <button
                      type="button"
                      class="secondary"
                      aria-label={`Revogar o cliente ${c.nome} (${c.clientId})`}
                      onClick={() => setRevoking(c)}
                    >
                      Revogar
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {revoking && (
        <ConfirmDialog
          title={`Revogar o cliente ${revoking.nome}?`}
          confirm="Revogar"
          danger
          busy={busy}
          onCancel={() => setRevoking(undefined)}
          onConfirm={() => void revoke(revoking)}
        >
          <p>
            O endpoint de token recusa este cliente a partir de agora; os tokens que ele já tem valem até expirar. A revogação não pode ser
            desfeita.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

function NewClient(props: { applicationId: number; onCreated: (created: Schemas['AdminOAuthClientCreated']) => void }): JSX.Element {
  const [nome, setNome] = useState('');
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    const { data, error, response } = await api.POST('/api/admin/aplicacoes/{id}/oauth-clients', {
      params: { path: { id: props.applicationId } },
      body: { nome, scopes },
    });
    setBusy(false);
    if (!data) return setRefusal(problem(error, response.status));
    setNome('');
    setScopes([]);
    props.onCreated(data);
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="oauth-novo-title" class="form-block" noValidate>
      <h3 id="oauth-novo-title">Novo cliente</h3>
      <FormError refusal={refusal} fields={['nome', 'scopes']} />
      <Field
        label="Nome do cliente"
        value={nome}
        required
        maxLength={200}
        error={errorAt(refusal, 'nome')}
        onInput={(e) => setNome(e.currentTarget.value)}
      />
      <Checkboxes
        legend="Escopos"
        hint="Pelo menos um."
        options={scopeOptions}
        checked={scopes}
        error={errorAt(refusal, 'scopes')}
        onChange={setScopes}
      />
      <div class="actions">
        <button type="submit" disabled={busy}>
          Criar cliente
        </button>
      </div>
    </form>
  );
}
