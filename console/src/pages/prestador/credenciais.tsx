// Credenciais: the provider's `nbwp_` machine credentials (the X-Api-Key and X-Api-Secret of
// POST /api/external/prestador/v1/execucao): the list with each one's key, limit, allowlist, last use and state; a new
// one and a regenerated secret shown once; an edit (name, limit, allowlist, active) and the revocation, which is final.
// The API checks every field (the allowlist's entries: IPv4/IPv6 addresses or CIDR ranges, at most 50) and its refusal
// is shown beside the field it names.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../../api/client';
import { Alert, Check, Field, FormError, Loading, Page, Table, TextArea, useLoad } from '../../components';
import { ConfirmDialog } from '../../dialog';
import { when } from '../../format';
import { errorAt, problem, refusedText, type Refusal } from '../../refusal';
import { allowlistEntries, allowlistError, credentialState, type Credential } from './model';
import { SecretShown } from './segredo';

interface Shown {
  title: string;
  apiKey: string;
  apiSecret: string;
}

export function Credenciais(): JSX.Element {
  const list = useLoad(() => api.GET('/api/prestador/credenciais'), []);
  const [shown, setShown] = useState<Shown>();
  const [editing, setEditing] = useState<Credential | 'nova'>();
  const [confirming, setConfirming] = useState<{ action: 'regenerar' | 'revogar'; credential: Credential }>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const [failed, setFailed] = useState<string>();

  const act = async (action: 'regenerar' | 'revogar', c: Credential) => {
    setBusy(true);
    setFailed(undefined);
    setDone(undefined);
    const params = { params: { path: { id: c.id } } };
    if (action === 'regenerar') {
      const { data, error, response } = await api.POST('/api/prestador/credenciais/{id}/regenerar', params);
      setBusy(false);
      setConfirming(undefined);
      if (!data) return setFailed(refusedText(response.status, problem(error, response.status).message));
      setShown({ title: `Novo segredo da credencial “${data.nome}”`, apiKey: data.apiKey, apiSecret: data.apiSecret });
    } else {
      const { error, response } = await api.DELETE('/api/prestador/credenciais/{id}', params);
      setBusy(false);
      setConfirming(undefined);
      if (!response.ok) return setFailed(refusedText(response.status, problem(error, response.status).message));
      setDone(`Credencial “${c.nome}” revogada.`);
    }
    list.reload();
  };

  return (
    <Page title="Credenciais">
      <p class="hint">
        Cada credencial é um par <code>X-Api-Key</code> / <code>X-Api-Secret</code> para registrar a execução dos agendamentos pela API (
        <code>POST /api/external/prestador/v1/execucao</code>).
      </p>
      {shown && (
        <SecretShown
          title={shown.title}
          values={[
            ['Chave', shown.apiKey],
            ['Segredo', shown.apiSecret],
          ]}
          onDone={() => setShown(undefined)}
        />
      )}
      {list.error && <Alert>{list.error}</Alert>}
      {failed && <Alert>{failed}</Alert>}
      {done && <Alert kind="info">{done}</Alert>}
      {editing ? (
        <CredentialForm
          key={editing === 'nova' ? 'nova' : editing.id}
          credential={editing === 'nova' ? undefined : editing}
          onCancel={() => setEditing(undefined)}
          onSaved={(message, secret) => {
            setEditing(undefined);
            setDone(message);
            if (secret) setShown(secret);
            list.reload();
          }}
        />
      ) : (
        <div class="toolbar">
          <button
            type="button"
            onClick={() => {
              setDone(undefined);
              setEditing('nova');
            }}
          >
            Nova credencial
          </button>
        </div>
      )}
      {!list.data ? (
        !list.error && <Loading what="as credenciais" />
      ) : list.data.length === 0 ? (
        <p>Nenhuma credencial ainda.</p>
      ) : (
        <Table>
          <caption>Credenciais do prestador</caption>
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">Chave</th>
              <th scope="col">IPs permitidos</th>
              <th scope="col" class="num">
                Limite por minuto
              </th>
              <th scope="col">Último uso</th>
              <th scope="col">Situação</th>
              <th scope="col">Ações</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((c) => {
              const state = credentialState(c);
              return (
                <tr key={c.id}>
                  <td>
                    {c.nome}
                    <div class="muted">criada em {when(c.criadoEm)}</div>
                  </td>
                  <td>
                    <code class="wrap">{c.apiKey}</code>
                  </td>
                  <td>{c.ipAllowlist.length === 0 ? 'Qualquer endereço' : c.ipAllowlist.join(', ')}</td>
                  <td class="num">{c.limitePorMinuto ?? 'Sem limite'}</td>
                  <td>{c.ultimoUsoEm ? when(c.ultimoUsoEm) : 'Nunca usada'}</td>
                  <td>
                    <span class={`badge ${state.tone}`}>{state.label}</span>
                    {c.revogadoEm && <div class="muted">em {when(c.revogadoEm)}</div>}
                  </td>
                  <td>
                    {!c.revogadoEm && (
                      <div class="row-actions">
                        <button
                          type="button"
                          class="secondary"
                          aria-label={`Editar a credencial ${c.nome}`}
                          onClick={() => {
                            setDone(undefined);
                            setEditing(c);
                          }}
                        >
                          Editar
                        </button>
                        <button
                          type="button"
                          class="secondary"
                          aria-label={`Regenerar segredo da credencial ${c.nome}`}
                          onClick={() => setConfirming({ action: 'regenerar', credential: c })}
                        >
                          Regenerar segredo
                        </button>
                        <button
                          type="button"
                          class="secondary"
                          aria-label={`Revogar a credencial ${c.nome}`}
                          onClick={() => setConfirming({ action: 'revogar', credential: c })}
                        >
                          Revogar
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      {confirming && (
        <ConfirmDialog
          title={
            confirming.action === 'regenerar'
              ? `Regenerar o segredo da credencial “${confirming.credential.nome}”?`
              : `Revogar a credencial “${confirming.credential.nome}”?`
          }
          confirm={confirming.action === 'regenerar' ? 'Regenerar segredo' : 'Revogar'}
          danger
          busy={busy}
          onCancel={() => setConfirming(undefined)}
          onConfirm={() => void act(confirming.action, confirming.credential)}
        >
          {confirming.action === 'regenerar' ? (
            <p>A chave continua a mesma; o segredo atual deixa de funcionar na hora. O novo segredo será mostrado uma única vez.</p>
          ) : (
            <p>A revogação é definitiva: as chamadas com esta credencial passam a ser recusadas e ela não pode ser reativada.</p>
          )}
        </ConfirmDialog>
      )}
    </Page>
  );
}

function CredentialForm(props: {
  credential: Credential | undefined;
  onCancel: () => void;
  onSaved: (message: string, secret?: Shown) => void;
}): JSX.Element {
  const { credential } = props;
  const [nome, setNome] = useState(credential?.nome ?? '');
  const [limite, setLimite] = useState(credential?.limitePorMinuto?.toString() ?? '');
  const [allowlist, setAllowlist] = useState((credential?.ipAllowlist ?? []).join('\n'));
  const [ativo, setAtivo] = useState(credential?.ativo ?? true);
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setRefusal(undefined);
    const limit = limite.trim();
    if (limit && !/^\d+$/.test(limit)) {
      return setRefusal({
        message: 'Informe um número inteiro de 1 a 100000, ou deixe em branco para sem limite.',
        field: 'limitePorMinuto',
      });
    }
    const body = { nome, limitePorMinuto: limit ? Number(limit) : null, ipAllowlist: allowlistEntries(allowlist), ativo };
    setBusy(true);
    if (credential) {
      const { data, error, response } = await api.PUT('/api/prestador/credenciais/{id}', { params: { path: { id: credential.id } }, body });
      setBusy(false);
      if (!data) return setRefusal(problem(error, response.status));
      props.onSaved(`Credencial “${data.nome}” salva.`);
    } else {
      const { data, error, response } = await api.POST('/api/prestador/credenciais', { body });
      setBusy(false);
      if (!data) return setRefusal(problem(error, response.status));
      props.onSaved(`Credencial “${data.nome}” criada.`, {
        title: `Segredo da credencial “${data.nome}”`,
        apiKey: data.apiKey,
        apiSecret: data.apiSecret,
      });
    }
  };

  const title = credential ? `Editar a credencial “${credential.nome}”` : 'Nova credencial';
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="credencial-form-title" class="form-block panel" noValidate>
      <h2 id="credencial-form-title">{title}</h2>
      <FormError refusal={refusal} fields={['nome', 'limitePorMinuto', 'ipAllowlist', 'ativo']} />
      <Field
        label="Nome"
        value={nome}
        required
        maxLength={100}
        hint="Para reconhecer a credencial: o sistema ou o ambiente que a usa (até 100 caracteres)."
        error={errorAt(refusal, 'nome')}
        onInput={(e) => setNome(e.currentTarget.value)}
      />
      <Field
        label="Limite por minuto"
        inputMode="numeric"
        value={limite}
        hint="Requisições por minuto, de 1 a 100000. Em branco: sem limite."
        error={errorAt(refusal, 'limitePorMinuto')}
        onInput={(e) => setLimite(e.currentTarget.value)}
      />
      <TextArea
        label="IPs permitidos"
        rows={4}
        value={allowlist}
        hint="Um endereço IPv4 ou IPv6, ou uma faixa CIDR (203.0.113.0/24, 2001:db8::/32), por linha; até 50. Em branco: qualquer endereço."
        error={allowlistError(allowlist, refusal)}
        onInput={(e) => setAllowlist(e.currentTarget.value)}
      />
      <Check
        label="Ativa"
        checked={ativo}
        onChange={setAtivo}
        hint="Uma credencial desativada é recusada até ser reativada; revogar é definitivo."
      />
      <div class="actions">
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancelar
        </button>
        <button type="submit" disabled={busy}>
          {credential ? 'Salvar credencial' : 'Criar credencial'}
        </button>
      </div>
    </form>
  );
}
