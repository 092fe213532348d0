// Provedor: the provider the application sends through and the chosen one's settings (secrets write-only:
// the API answers them masked, and a secret left blank keeps the stored one), its WhatsApp numbers, and a
// test send.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api, type Schemas } from '../../api/client';
import { Alert, Field, FormError, lines, Loading, SaveActions, Select, TextArea, useLoad } from '../../components';
import { providerLabel, type Provider } from '../../labels';
import { errorAt, problem, type Refusal } from '../../refusal';
import { session } from '../../session';

type Application = Schemas['AdminApplication'];

const providers = Object.entries(providerLabel) as [Provider, string][];

export function Provedor(): JSX.Element {
  const id = session()!.aplicacaoId;
  const loaded = useLoad(() => api.GET('/api/admin/aplicacoes/{id}', { params: { path: { id } } }), [id]);
  const [app, setApp] = useState<Application | undefined>();
  const current = app ?? loaded.data;
  if (!current) return loaded.error ? <Alert>{loaded.error}</Alert> : <Loading what="o provedor" />;
  return (
    <>
      <p>
        Provedor em uso: <strong data-testid="provedor-atual">{providerLabel[current.provider]}</strong>
      </p>
      <ProviderForm app={current} onSaved={setApp} />
      <NumbersForm app={current} onSaved={setApp} />
      <TestSend />
    </>
  );
}

const secretHint = (masked: string | undefined) =>
  masked ? `Guardado: ${masked}. Deixe em branco para manter o atual.` : 'Ainda não informado.';

interface ProviderFields {
  provider: Provider;
  a: { accountSid: string; authToken: string; fromNumber: string; baseUrl: string };
  b: { phoneNumberId: string; accessToken: string; appSecret: string; verifyToken: string; wabaId: string; baseUrl: string };
}

const fieldsOf = (app: Application): ProviderFields => ({
  provider: app.provider,
  a: {
    accountSid: app.providerA?.accountSid ?? '',
    authToken: '',
    fromNumber: app.providerA?.fromNumber ?? '',
    baseUrl: app.providerA?.baseUrl ?? '',
  },
  b: {
    phoneNumberId: app.providerB?.phoneNumberId ?? '',
    accessToken: '',
    appSecret: '',
    verifyToken: '',
    wabaId: app.providerB?.wabaId ?? '',
    baseUrl: app.providerB?.baseUrl ?? '',
  },
});

/** Only what changed: a plain field that differs from the stored one, a secret that was typed. */
function changes<T extends Record<string, string>>(typed: T, stored: Record<string, string | null> | null, secrets: readonly string[]) {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(typed) as [keyof T & string, string][]) {
    const v = value.trim();
    if (!v) continue;
    if (secrets.includes(key) || !stored || stored[key] !== v) out[key] = v as T[keyof T & string];
  }
  return Object.keys(out).length ? out : undefined;
}

function ProviderForm(props: { app: Application; onSaved: (app: Application) => void }): JSX.Element {
  const plataforma = session()!.plataforma;
  const [fields, setFields] = useState<ProviderFields>(() => fieldsOf(props.app));
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const a = props.app.providerA;
  const b = props.app.providerB;
  const setA = (key: keyof ProviderFields['a'], value: string) => setFields((f) => ({ ...f, a: { ...f.a, [key]: value } }));
  const setB = (key: keyof ProviderFields['b'], value: string) => setFields((f) => ({ ...f, b: { ...f.b, [key]: value } }));
  const err = (name: string) => errorAt(refusal, name);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    setSaved(false);
    const { baseUrl: baseA, ...typedA } = fields.a;
    const { baseUrl: baseB, ...typedB } = fields.b;
    // The settings of the provider chosen only (the form shows no other): what was typed for another one stays in the form.
    const providerA =
      fields.provider === 'provider_a' ? changes(plataforma ? { ...typedA, baseUrl: baseA } : typedA, a, ['authToken']) : undefined;
    const providerB =
      fields.provider === 'provider_b'
        ? changes(plataforma ? { ...typedB, baseUrl: baseB } : typedB, b, ['accessToken', 'appSecret', 'verifyToken'])
        : undefined;
    const { data, error, response } = await api.PUT('/api/admin/aplicacoes/{id}/provider', {
      params: { path: { id: props.app.id } },
      body: { provider: fields.provider, ...(providerA && { providerA }), ...(providerB && { providerB }) },
    });
    setBusy(false);
    if (!data) return setRefusal(problem(error, response.status));
    setSaved(true);
    // The secrets typed are stored: the fields go back to blank, the masks show the new ones.
    setFields((f) => ({ ...f, a: { ...f.a, authToken: '' }, b: { ...f.b, accessToken: '', appSecret: '', verifyToken: '' } }));
    props.onSaved(data);
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="provedor-form-title" class="form-block" noValidate>
      <h3 id="provedor-form-title">Provedor e credenciais</h3>
      <FormError
        refusal={refusal}
        fields={[
          'provider',
          ...['accountSid', 'authToken', 'fromNumber', 'baseUrl'].map((k) => `providerA.${k}`),
          ...['phoneNumberId', 'accessToken', 'appSecret', 'verifyToken', 'wabaId', 'baseUrl'].map((k) => `providerB.${k}`),
        ]}
      />
      <Select
        label="Provedor"
        options={providers}
        value={fields.provider}
        error={err('provider')}
        onChange={(e) => setFields((f) => ({ ...f, provider: e.currentTarget.value as Provider }))}
      />
      {fields.provider === 'link' && (
        <p class="hint">O link não envia pelo WhatsApp: cada envio devolve um link wa.me para enviar à mão.</p>
      )}
      {fields.provider !== 'link' && (
        <p class="hint">
          As credenciais são só de escrita: o servidor mostra apenas os últimos caracteres. Um segredo deixado em branco mantém o que está
          guardado.
        </p>
      )}
      {fields.provider === 'provider_a' && (
        <fieldset>
          <legend>Configurações do provedor A</legend>
          <Field
            label="Account SID"
            value={fields.a.accountSid}
            error={err('providerA.accountSid')}
            onInput={(e) => setA('accountSid', e.currentTarget.value)}
          />
          <Field
            label="Auth token"
            type="password"
            autocomplete="off"
            value={fields.a.authToken}
            hint={secretHint(a?.authToken)}
            error={err('providerA.authToken')}
            onInput={(e) => setA('authToken', e.currentTarget.value)}
          />
          <Field
            label="Número de envio (provedor A)"
            type="tel"
            value={fields.a.fromNumber}
            hint="Com o código do país. Passa a ser um dos números da aplicação."
            error={err('providerA.fromNumber')}
            onInput={(e) => setA('fromNumber', e.currentTarget.value)}
          />
          {plataforma ? (
            <Field
              label="URL base (provedor A)"
              type="url"
              value={fields.a.baseUrl}
              error={err('providerA.baseUrl')}
              onInput={(e) => setA('baseUrl', e.currentTarget.value)}
            />
          ) : (
            a && <p class="hint">URL base: {a.baseUrl} (só o administrador da plataforma altera)</p>
          )}
        </fieldset>
      )}
      {fields.provider === 'provider_b' && (
        <fieldset>
          <legend>Configurações do provedor B</legend>
          <Field
            label="Phone number ID"
            value={fields.b.phoneNumberId}
            error={err('providerB.phoneNumberId')}
            onInput={(e) => setB('phoneNumberId', e.currentTarget.value)}
          />
          <Field
            label="WABA ID"
            value={fields.b.wabaId}
            error={err('providerB.wabaId')}
            onInput={(e) => setB('wabaId', e.currentTarget.value)}
          />
          <Field
            label="Access token"
            type="password"
            autocomplete="off"
            value={fields.b.accessToken}
            hint={secretHint(b?.accessToken)}
            error={err('providerB.accessToken')}
            onInput={(e) => setB('accessToken', e.currentTarget.value)}
          />
          <Field
            label="App secret"
            type="password"
            autocomplete="off"
            value={fields.b.appSecret}
            hint={secretHint(b?.appSecret)}
            error={err('providerB.appSecret')}
            onInput={(e) => setB('appSecret', e.currentTarget.value)}
          />
          <Field
            label="Verify token"
            type="password"
            autocomplete="off"
            value={fields.b.verifyToken}
            hint={secretHint(b?.verifyToken)}
            error={err('providerB.verifyToken')}
            onInput={(e) => setB('verifyToken', e.currentTarget.value)}
          />
          {plataforma ? (
            <Field
              label="URL base (provedor B)"
              type="url"
              value={fields.b.baseUrl}
              error={err('providerB.baseUrl')}
              onInput={(e) => setB('baseUrl', e.currentTarget.value)}
            />
          ) : (
            b && <p class="hint">URL base: {b.baseUrl} (só o administrador da plataforma altera)</p>
          )}
        </fieldset>
      )}
      <SaveActions label="Salvar provedor" busy={busy} saved={saved && 'Provedor salvo. Vale a partir do próximo envio.'} />
    </form>
  );
}

function NumbersForm(props: { app: Application; onSaved: (app: Application) => void }): JSX.Element {
  const [text, setText] = useState(() => props.app.numerosWhatsapp.join('\n'));
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    setSaved(false);
    const { data, error, response } = await api.PUT('/api/admin/aplicacoes/{id}/numeros', {
      params: { path: { id: props.app.id } },
      body: { numeros: lines(text) },
    });
    setBusy(false);
    if (!data) return setRefusal(problem(error, response.status));
    setText(data.numerosWhatsapp.join('\n'));
    setSaved(true);
    props.onSaved(data);
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="numeros-title" class="form-block">
      <h3 id="numeros-title">Números de WhatsApp</h3>
      <FormError refusal={refusal} fields={['numeros']} />
      <TextArea
        label="Números da aplicação"
        hint="Um por linha, com o código do país (ex.: +55 11 91234-5678). No máximo 10; cada número pertence a uma só aplicação."
        value={text}
        rows={4}
        error={errorAt(refusal, 'numeros')}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <SaveActions label="Salvar números" busy={busy} saved={saved && 'Números salvos.'} />
    </form>
  );
}

function TestSend(): JSX.Element {
  const [telefone, setTelefone] = useState('');
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Schemas['MessageSendResult']>();
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    setSent(undefined);
    const { data, error, response } = await api.POST('/api/admin/whatsapp/teste', { body: { telefone } });
    setBusy(false);
    if (!data) return setRefusal(problem(error, response.status));
    setSent(data);
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="teste-title" class="form-block">
      <h3 id="teste-title">Envio de teste</h3>
      <p class="hint">Uma mensagem real pelo provedor em uso, cobrada do saldo como qualquer envio.</p>
      <FormError refusal={refusal} fields={['telefone']} />
      <Field
        label="Telefone de destino"
        type="tel"
        value={telefone}
        hint="Com o código do país."
        error={errorAt(refusal, 'telefone')}
        onInput={(e) => setTelefone(e.currentTarget.value)}
      />
      <div class="actions">
        <button type="submit" disabled={busy}>
          Enviar teste
        </button>
      </div>
      {sent && (
        <Alert kind="info">
          Mensagem de teste enviada (nº {sent.mensagemId}).{' '}
          {sent.link && (
            <>
              O provedor link não envia sozinho:{' '}
              <a href={sent.link} target="_blank" rel="noopener noreferrer">
                abrir o WhatsApp com a mensagem
              </a>
              .
            </>
          )}
        </Alert>
      )}
    </form>
  );
}
