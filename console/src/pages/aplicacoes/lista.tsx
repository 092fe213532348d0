// The platform's applications, a page of the API at a time ("Mais" reads the next), and registering a
// new one: its API key and secret are shown once, right after, and never again.
import type { JSX } from 'preact';
import { useCallback, useEffect, useId, useRef, useState } from 'preact/hooks';
import { api } from '../../api/client';
import { ActiveBadge, Alert, ApplicationsNav, Field, FormError, Loading, Page, Select, Table } from '../../components';
import { providerLabel } from '../../labels';
import { errorAt, problem, type Refusal } from '../../refusal';
import type { components } from '../../api/schema';
import { when } from '../../format';
import { BASE } from '../../router';

type Application = components['schemas']['AdminApplication'];
type Created = components['schemas']['AdminApplicationCreated'];
type Provider = Application['provider'];

const PAGE_SIZE = 20;

export function ListaAplicacoes(): JSX.Element {
  const [rows, setRows] = useState<Application[]>();
  const [total, setTotal] = useState(0);
  const [next, setNext] = useState<number>();
  const [error, setError] = useState<string>();
  const [loadingMore, setLoadingMore] = useState(false);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created>();

  const load = useCallback(async (page: number) => {
    setLoadingMore(page > 0);
    try {
      const { data, error, response } = await api.GET('/api/admin/aplicacoes', { params: { query: { page, size: PAGE_SIZE } } });
      if (!data) return setError(problem(error, response.status).message);
      setError(undefined);
      setRows((current) => (page === 0 ? data.content : [...(current ?? []), ...data.content]));
      setTotal(data.totalElements);
      setNext(data.number + 1 < data.totalPages ? data.number + 1 : undefined);
    } catch {
      setError(problem(undefined).message);
    } finally {
      setLoadingMore(false);
    }
  }, []);
  useEffect(() => void load(0), [load]);

  return (
    <Page
      title="Aplicações"
      actions={
        <button type="button" onClick={() => (setCreated(undefined), setCreating(true))} disabled={creating}>
          Nova aplicação
        </button>
      }
    >
      <ApplicationsNav current="lista" />
      {created && <CreatedPanel created={created} onDone={() => setCreated(undefined)} />}
      {creating && (
        <NewApplication
          onCreated={(app) => {
            setCreating(false);
            setCreated(app);
            void load(0);
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      {error && <Alert>{error}</Alert>}
      {!rows ? (
        !error && <Loading what="as aplicações" />
      ) : (
        <>
          <Table>
            <caption>
              Aplicações ({rows.length} de {total})
            </caption>
            <thead>
              <tr>
                <th scope="col" class="num">
                  ID
                </th>
                <th scope="col">Nome</th>
                <th scope="col">Slug</th>
                <th scope="col">Provedor</th>
                <th scope="col">Situação</th>
                <th scope="col">Criada em</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id}>
                  <td class="num">{a.id}</td>
                  <td>
                    <a href={`${BASE}aplicacoes/${a.id}`}>{a.nome}</a>
                  </td>
                  <td>{a.slug}</td>
                  <td>{providerLabel[a.provider]}</td>
                  <td>
                    <ActiveBadge ativo={a.ativo} />
                  </td>
                  <td>{when(a.criadoEm)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {next !== undefined && (
            <div class="pager">
              <button type="button" class="secondary" onClick={() => void load(next)} disabled={loadingMore}>
                Mais
              </button>
            </div>
          )}
        </>
      )}
    </Page>
  );
}

/** The new application's API key pair, shown once: leaving this panel forgets the secret. */
function CreatedPanel(props: { created: Created; onDone: () => void }): JSX.Element {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { created } = props;
  return (
    <section class="panel secret" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Aplicação {created.nome} criada
      </h2>
      <Alert kind="warning">
        Copie o segredo da API agora e guarde-o em lugar seguro: ele é mostrado só desta vez e o console não consegue mostrá-lo de novo. Se
        ele se perder, será preciso gerar um novo par de chaves.
      </Alert>
      <Field label="Chave da API (X-Api-Key)" value={created.credenciais.apiKey} readOnly />
      <Field label="Segredo da API (X-Api-Secret)" value={created.credenciais.apiSecret} readOnly />
      <div class="actions">
        <button type="button" onClick={props.onDone}>
          Já guardei o segredo
        </button>
        <a href={`${BASE}aplicacoes/${created.id}`}>Abrir a aplicação {created.nome}</a>
      </div>
    </section>
  );
}

interface Draft {
  nome: string;
  slug: string;
  provider: Provider;
  providerA: { accountSid: string; authToken: string; fromNumber: string; baseUrl: string };
  providerB: { phoneNumberId: string; accessToken: string; appSecret: string; verifyToken: string; wabaId: string; baseUrl: string };
}

const empty: Draft = {
  nome: '',
  slug: '',
  provider: 'link',
  providerA: { accountSid: '', authToken: '', fromNumber: '', baseUrl: '' },
  providerB: { phoneNumberId: '', accessToken: '', appSecret: '', verifyToken: '', wabaId: '', baseUrl: '' },
};

const providerOptions = Object.entries(providerLabel) as [Provider, string][];
const FIELDS = ['nome', 'slug', 'provider', 'providerA', 'providerB'];

/** The filled settings only: an optional one left empty is not sent. */
const filled = <T extends Record<string, string>>(settings: T): T =>
  Object.fromEntries(Object.entries(settings).filter(([, v]) => v.trim() !== '')) as T;

function NewApplication(props: { onCreated: (app: Created) => void; onCancel: () => void }): JSX.Element {
  const [draft, setDraft] = useState<Draft>(empty);
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const setA = (key: keyof Draft['providerA'], value: string) => setDraft((d) => ({ ...d, providerA: { ...d.providerA, [key]: value } }));
  const setB = (key: keyof Draft['providerB'], value: string) => setDraft((d) => ({ ...d, providerB: { ...d.providerB, [key]: value } }));

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    try {
      const { data, error, response } = await api.POST('/api/admin/aplicacoes', {
        body: {
          nome: draft.nome.trim(),
          slug: draft.slug.trim(),
          provider: draft.provider,
          ...(draft.provider === 'provider_a' ? { providerA: filled(draft.providerA) } : {}),
          ...(draft.provider === 'provider_b' ? { providerB: filled(draft.providerB) } : {}),
        },
      });
      if (data) props.onCreated(data);
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
        Nova aplicação
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormError refusal={refusal} fields={FIELDS} />
        <Field
          label="Nome"
          value={draft.nome}
          onInput={(e) => setDraft({ ...draft, nome: e.currentTarget.value })}
          error={errorAt(refusal, 'nome')}
          required
        />
        <Field
          label="Slug"
          hint="De 3 a 40 letras minúsculas, números ou hífens, sem hífen no começo ou no fim; aparece nos endereços de webhook."
          value={draft.slug}
          onInput={(e) => setDraft({ ...draft, slug: e.currentTarget.value })}
          error={errorAt(refusal, 'slug')}
          required
          autocomplete="off"
        />
        <Select
          label="Provedor"
          options={providerOptions}
          value={draft.provider}
          onChange={(e) => setDraft({ ...draft, provider: e.currentTarget.value as Provider })}
          error={errorAt(refusal, 'provider')}
        />
        {draft.provider === 'provider_a' && (
          <fieldset class="group">
            <legend>Configuração do provider_a</legend>
            <Field
              label="Account SID"
              value={draft.providerA.accountSid}
              onInput={(e) => setA('accountSid', e.currentTarget.value)}
              error={errorAt(refusal, 'providerA.accountSid')}
            />
            <Field
              label="Auth token"
              type="password"
              autocomplete="off"
              value={draft.providerA.authToken}
              onInput={(e) => setA('authToken', e.currentTarget.value)}
              error={errorAt(refusal, 'providerA.authToken')}
            />
            <Field
              label="Número de envio"
              hint="Com o código do país, ex.: +5511999990000"
              type="tel"
              value={draft.providerA.fromNumber}
              onInput={(e) => setA('fromNumber', e.currentTarget.value)}
              error={errorAt(refusal, 'providerA.fromNumber')}
            />
            <Field
              label="URL da API (opcional)"
              type="url"
              value={draft.providerA.baseUrl}
              onInput={(e) => setA('baseUrl', e.currentTarget.value)}
              error={errorAt(refusal, 'providerA.baseUrl')}
            />
            {refusal?.field === 'providerA' && (
              <span class="field-error" role="alert">
                {refusal.message}
              </span>
            )}
          </fieldset>
        )}
        {draft.provider === 'provider_b' && (
          <fieldset class="group">
            <legend>Configuração do provider_b</legend>
            <Field
              label="Phone number ID"
              value={draft.providerB.phoneNumberId}
              onInput={(e) => setB('phoneNumberId', e.currentTarget.value)}
              error={errorAt(refusal, 'providerB.phoneNumberId')}
            />
            <Field
              label="Access token"
              type="password"
              autocomplete="off"
              value={draft.providerB.accessToken}
              onInput={(e) => setB('accessToken', e.currentTarget.value)}
              error={errorAt(refusal, 'providerB.accessToken')}
            />
            <Field
              label="App secret"
              type="password"
              autocomplete="off"
              value={draft.providerB.appSecret}
              onInput={(e) => setB('appSecret', e.currentTarget.value)}
              error={errorAt(refusal, 'providerB.appSecret')}
            />
            <Field
              label="Verify token"
              value={draft.providerB.verifyToken}
              onInput={(e) => setB('verifyToken', e.currentTarget.value)}
              error={errorAt(refusal, 'providerB.verifyToken')}
            />
            <Field
              label="WABA ID (opcional)"
              value={draft.providerB.wabaId}
              onInput={(e) => setB('wabaId', e.currentTarget.value)}
              error={errorAt(refusal, 'providerB.wabaId')}
            />
            <Field
              label="URL da API (opcional)"
              type="url"
              value={draft.providerB.baseUrl}
              onInput={(e) => setB('baseUrl', e.currentTarget.value)}
              error={errorAt(refusal, 'providerB.baseUrl')}
            />
            {refusal?.field === 'providerB' && (
              <span class="field-error" role="alert">
                {refusal.message}
              </span>
            )}
          </fieldset>
        )}
        <div class="actions">
          <button type="submit" disabled={busy}>
            Criar aplicação
          </button>
          <button type="button" class="secondary" onClick={props.onCancel} disabled={busy}>
            Cancelar
          </button>
        </div>
      </form>
    </section>
  );
}
