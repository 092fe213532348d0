// Carimbo do tempo (issue #39): whether the application's consent changes, /execucao results and refunds get an
// RFC 3161 time stamp (PUT /api/admin/aplicacoes/{id}/carimbo-tempo), each charged as a "Carimbo do tempo" entry.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api, type Schemas } from '../../api/client';
import { Alert, Check, FormError, Loading, SaveActions, useLoad, useSubmit } from '../../components';
import { problem } from '../../refusal';
import { session } from '../../session';

type Application = Schemas['AdminApplication'];

export function CarimboTempo(): JSX.Element {
  const id = session()!.aplicacaoId;
  const loaded = useLoad(() => api.GET('/api/admin/aplicacoes/{id}', { params: { path: { id } } }), [id]);
  if (!loaded.data) return loaded.error ? <Alert>{loaded.error}</Alert> : <Loading what="o carimbo do tempo" />;
  return <CarimboForm app={loaded.data} />;
}

function CarimboForm(props: { app: Application }): JSX.Element {
  const [ativo, setAtivo] = useState(props.app.carimboTempo);
  const { refusal, done, busy, submit } = useSubmit();

  const save = (event: Event) =>
    submit(
      event,
      () => undefined,
      async () => {
        const { data, error, response } = await api.PUT('/api/admin/aplicacoes/{id}/carimbo-tempo', {
          params: { path: { id: props.app.id } },
          body: { ativo },
        });
        if (!data) return { refusal: problem(error, response.status) };
        setAtivo(data.carimboTempo);
        return {
          done: data.carimboTempo ? 'Carimbo do tempo ligado: os próximos eventos serão carimbados.' : 'Carimbo do tempo desligado.',
        };
      },
    );

  return (
    <form onSubmit={(e) => void save(e)} aria-label="Carimbo do tempo" class="form-block" noValidate>
      <p class="hint">
        Com o carimbo do tempo ligado, cada mudança de consentimento dos pacientes, cada resultado de execução informado pelos prestadores e
        cada estorno recebe um carimbo do tempo RFC 3161 de uma autoridade de carimbo do tempo, que prova quando o registro existia e que
        ele não foi alterado. Cada carimbo é cobrado do saldo como um lançamento “Carimbo do tempo”.
      </p>
      <FormError refusal={refusal} fields={['ativo']} />
      <Check
        label="Carimbar os eventos (RFC 3161)"
        checked={ativo}
        onChange={setAtivo}
        hint="Eventos anteriores à ativação não são carimbados."
      />
      <SaveActions label="Salvar" busyLabel="Salvando…" busy={busy} saved={done} />
    </form>
  );
}
