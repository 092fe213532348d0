// Perfil: the physician's record as the API answers it, personal data masked. Name, CPF and CRM are the
// application's (shown, never fields); contact and specialty are a form, the address another (the 27 UFs,
// the CEP masked as typed). The API geocodes the address before saving it: one it cannot place is refused
// on `endereco`, shown on the address form.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../../api/client';
import { Alert, Field, FormError, Loading, Page, SaveActions, Select, useLoad } from '../../components';
import { when } from '../../format';
import { errorAt, problem, type Refusal } from '../../refusal';
import { maskCep, orNull, ufOptions, type Address, type Profile, type Uf } from './model';

export function Perfil(): JSX.Element {
  const loaded = useLoad(() => api.GET('/api/plantonista/perfil'), []);
  const [profile, setProfile] = useState<Profile>();
  const current = profile ?? loaded.data;
  return (
    <Page title="Perfil">
      {!current ? (
        loaded.error ? (
          <Alert>{loaded.error}</Alert>
        ) : (
          <Loading what="o perfil" />
        )
      ) : (
        <>
          <Identity profile={current} />
          <ContactForm profile={current} onSaved={setProfile} />
          <AddressForm profile={current} onSaved={setProfile} />
        </>
      )}
    </Page>
  );
}

function Identity(props: { profile: Profile }): JSX.Element {
  const p = props.profile;
  return (
    <section aria-labelledby="cadastro-title" class="panel profile-facts">
      <h2 id="cadastro-title">Dados cadastrais</h2>
      <p class="hint">Registrados pela aplicação que o cadastrou; os dados pessoais aparecem mascarados.</p>
      <dl class="facts" data-testid="cadastro">
        <dt>Nome</dt>
        <dd>{p.nome}</dd>
        <dt>CPF</dt>
        <dd>{p.cpf ?? '—'}</dd>
        <dt>CRM</dt>
        <dd>{p.crm ?? '—'}</dd>
        <dt>Atualizado em</dt>
        <dd>{when(p.atualizadoEm)}</dd>
      </dl>
    </section>
  );
}

function ContactForm(props: { profile: Profile; onSaved: (profile: Profile) => void }): JSX.Element {
  // The masked phone and e-mail go back as they were read, which the API takes as "unchanged".
  const [telefone, setTelefone] = useState(props.profile.telefone ?? '');
  const [email, setEmail] = useState(props.profile.email ?? '');
  const [especialidade, setEspecialidade] = useState(props.profile.especialidade ?? '');
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    setSaved(false);
    const { data, error, response } = await api.PUT('/api/plantonista/perfil', {
      body: { telefone: orNull(telefone), email: orNull(email), especialidade: orNull(especialidade) },
    });
    setBusy(false);
    if (!data) return setRefusal(problem(error, response.status));
    setTelefone(data.telefone ?? '');
    setEmail(data.email ?? '');
    setEspecialidade(data.especialidade ?? '');
    setSaved(true);
    props.onSaved(data);
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="contato-title" class="form-block" noValidate>
      <h2 id="contato-title">Contato e especialidade</h2>
      <p class="hint">Telefone e e-mail aparecem mascarados: deixados como estão, não mudam.</p>
      <FormError refusal={refusal} fields={['telefone', 'email', 'especialidade']} />
      <Field
        label="Telefone"
        type="tel"
        autocomplete="tel"
        value={telefone}
        hint="Com o código do país (+55 11 91234-5678)."
        error={errorAt(refusal, 'telefone')}
        onInput={(e) => setTelefone(e.currentTarget.value)}
      />
      <Field
        label="E-mail"
        type="email"
        autocomplete="email"
        value={email}
        error={errorAt(refusal, 'email')}
        onInput={(e) => setEmail(e.currentTarget.value)}
      />
      <Field
        label="Especialidade"
        value={especialidade}
        maxLength={100}
        error={errorAt(refusal, 'especialidade')}
        onInput={(e) => setEspecialidade(e.currentTarget.value)}
      />
      <SaveActions label="Salvar contato" busy={busy} saved={saved && 'Contato salvo.'} />
    </form>
  );
}

type AddressFields = Record<Exclude<keyof Address, 'uf'>, string> & { uf: Uf | '' };

const fieldsOf = (a: Address | null): AddressFields => ({
  logradouro: a?.logradouro ?? '',
  numero: a?.numero ?? '',
  complemento: a?.complemento ?? '',
  bairro: a?.bairro ?? '',
  cidade: a?.cidade ?? '',
  uf: a?.uf ?? '',
  cep: a?.cep ?? '',
});

const coordinate = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 5 });

function AddressForm(props: { profile: Profile; onSaved: (profile: Profile) => void }): JSX.Element {
  const [fields, setFields] = useState<AddressFields>(() => fieldsOf(props.profile.endereco));
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const set = (key: keyof AddressFields, value: string) => setFields((f) => ({ ...f, [key]: value }));
  const err = (key: keyof AddressFields) => errorAt(refusal, `endereco.${key}`);
  // The geocoder could not place the address (or the API named the address as a whole).
  const notFound = refusal?.field === 'endereco' ? refusal.message : undefined;
  const place = props.profile.localizacao;

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    setSaved(false);
    const { data, error, response } = await api.PUT('/api/plantonista/perfil', {
      body: {
        endereco: {
          logradouro: fields.logradouro.trim(),
          numero: orNull(fields.numero),
          complemento: orNull(fields.complemento),
          bairro: orNull(fields.bairro),
          cidade: fields.cidade.trim(),
          // An unchosen UF goes as sent, for the API to name it.
          uf: fields.uf as Uf,
          cep: orNull(fields.cep),
        },
      },
    });
    setBusy(false);
    if (!data) return setRefusal(problem(error, response.status));
    setFields(fieldsOf(data.endereco));
    setSaved(true);
    props.onSaved(data);
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="endereco-title" class="form-block" noValidate>
      <h2 id="endereco-title">Endereço</h2>
      <p class="hint">
        O endereço é localizado no mapa ao salvar, para as vagas próximas.{' '}
        {place ? (
          <span data-testid="localizacao">
            Localização atual: {coordinate(place.latitude)}, {coordinate(place.longitude)}.
          </span>
        ) : (
          'Ainda sem localização.'
        )}
      </p>
      <FormError refusal={refusal} fields={['endereco']} />
      <fieldset class="group" aria-describedby={notFound ? 'endereco-error' : undefined} aria-invalid={notFound ? true : undefined}>
        <legend>Endereço de atendimento</legend>
        {notFound && (
          <p id="endereco-error" class="field-error" role="alert">
            Não foi possível localizar este endereço: confira o logradouro, o número, a cidade e a UF. ({notFound})
          </p>
        )}
        <Field
          label="Logradouro"
          autocomplete="address-line1"
          value={fields.logradouro}
          required
          maxLength={200}
          error={err('logradouro')}
          onInput={(e) => set('logradouro', e.currentTarget.value)}
        />
        <div class="field-row">
          <Field
            label="Número"
            value={fields.numero}
            maxLength={20}
            error={err('numero')}
            onInput={(e) => set('numero', e.currentTarget.value)}
          />
          <Field
            label="Complemento"
            autocomplete="address-line2"
            value={fields.complemento}
            maxLength={100}
            error={err('complemento')}
            onInput={(e) => set('complemento', e.currentTarget.value)}
          />
        </div>
        <Field
          label="Bairro"
          value={fields.bairro}
          maxLength={100}
          error={err('bairro')}
          onInput={(e) => set('bairro', e.currentTarget.value)}
        />
        <div class="field-row">
          <Field
            label="Cidade"
            autocomplete="address-level2"
            value={fields.cidade}
            required
            maxLength={100}
            error={err('cidade')}
            onInput={(e) => set('cidade', e.currentTarget.value)}
          />
          <Select
            label="UF"
            options={[['', 'Escolha a UF'], ...ufOptions]}
            value={fields.uf}
            error={err('uf')}
            onChange={(e) => set('uf', e.currentTarget.value)}
          />
          <Field
            label="CEP"
            autocomplete="postal-code"
            inputMode="numeric"
            placeholder="00000-000"
            maxLength={9}
            value={fields.cep}
            error={err('cep')}
            onInput={(e) => {
              // Set on the input too: a keystroke the mask drops leaves the state as it was, and Preact would not redraw.
              const masked = maskCep(e.currentTarget.value);
              e.currentTarget.value = masked;
              set('cep', masked);
            }}
          />
        </div>
      </fieldset>
      <SaveActions label="Salvar endereço" busy={busy} saved={saved && 'Endereço salvo e localizado.'} />
    </form>
  );
}
