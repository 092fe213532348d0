// Fluxo de agendamentos: how long before the deadline the reminder goes out and how long to wait for a
// reply (the API keeps seconds; the form shows minutes), the words that confirm, cancel or opt out, and the send
// window (the quiet hours) outside which reminders and campaigns wait.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api, type Schemas } from '../../api/client';
import { Alert, Field, FormError, lines, Loading, SaveActions, TextArea, useLoad } from '../../components';
import { errorAt, problem, type Refusal } from '../../refusal';

type Settings = Schemas['AppointmentFlowSettings'];

export function Fluxo(): JSX.Element {
  const loaded = useLoad(() => api.GET('/api/admin/whatsapp/fluxo-agendamentos'), []);
  if (!loaded.data) return loaded.error ? <Alert>{loaded.error}</Alert> : <Loading what="o fluxo de agendamentos" />;
  return <FlowForm settings={loaded.data} />;
}

const minutes = (seconds: number) => String(Math.round((seconds / 60) * 100) / 100);

function FlowForm(props: { settings: Settings }): JSX.Element {
  const s = props.settings;
  const [lembrete, setLembrete] = useState(minutes(s.lembreteAntesSegundos));
  const [semResposta, setSemResposta] = useState(minutes(s.semRespostaSegundos));
  const [confirmar, setConfirmar] = useState(s.palavrasConfirmar.join('\n'));
  const [cancelar, setCancelar] = useState(s.palavrasCancelar.join('\n'));
  const [optOut, setOptOut] = useState(s.palavrasOptOut.join('\n'));
  const [inicio, setInicio] = useState(s.horarioEnvioInicio);
  const [fim, setFim] = useState(s.horarioEnvioFim);
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setSaved(false);
    const lembreteAntesSegundos = Math.round(Number(lembrete.replace(',', '.')) * 60);
    const semRespostaSegundos = Math.round(Number(semResposta.replace(',', '.')) * 60);
    if (lembrete.trim() === '' || !Number.isFinite(lembreteAntesSegundos))
      return setRefusal({ field: 'lembreteAntesSegundos', message: 'Informe os minutos (um número).' });
    if (semResposta.trim() === '' || !Number.isFinite(semRespostaSegundos))
      return setRefusal({ field: 'semRespostaSegundos', message: 'Informe os minutos (um número).' });
    setBusy(true);
    setRefusal(undefined);
    const { data, error, response } = await api.PUT('/api/admin/whatsapp/fluxo-agendamentos', {
      body: {
        lembreteAntesSegundos,
        semRespostaSegundos,
        palavrasConfirmar: lines(confirmar),
        palavrasCancelar: lines(cancelar),
        palavrasOptOut: lines(optOut),
        horarioEnvioInicio: inicio.trim(),
        horarioEnvioFim: fim.trim(),
      },
    });
    setBusy(false);
    if (!data) return setRefusal(problem(error, response.status));
    setSaved(true);
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Fluxo de agendamentos" class="form-block" noValidate>
      <p class="hint">
        O lembrete repete o aviso antes da data limite do agendamento; sem resposta do paciente no prazo depois da última mensagem, o
        agendamento passa a “não respondeu”. As respostas são comparadas sem diferenciar maiúsculas, acentos e espaços, e cada palavra só
        pode estar em uma lista.
      </p>
      <FormError
        refusal={refusal}
        fields={[
          'lembreteAntesSegundos',
          'semRespostaSegundos',
          'palavrasConfirmar',
          'palavrasCancelar',
          'palavrasOptOut',
          'horarioEnvioInicio',
          'horarioEnvioFim',
        ]}
      />
      <Field
        label="Lembrete antes da data limite (minutos)"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={lembrete}
        hint="No máximo 30 dias (43200 minutos)."
        error={errorAt(refusal, 'lembreteAntesSegundos')}
        onInput={(e) => setLembrete(e.currentTarget.value)}
      />
      <Field
        label="Prazo de resposta após a última mensagem (minutos)"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={semResposta}
        hint="No máximo 30 dias (43200 minutos)."
        error={errorAt(refusal, 'semRespostaSegundos')}
        onInput={(e) => setSemResposta(e.currentTarget.value)}
      />
      <fieldset class="group">
        <legend>Horário de envio (America/Sao_Paulo)</legend>
        <p class="hint">Fora dele, lembretes e campanhas esperam e saem sozinhos quando o horário abre. Envios pela API não esperam.</p>
        <Field
          label="Envios a partir de"
          inputMode="numeric"
          placeholder="08:00"
          maxLength={5}
          value={inicio}
          hint="HH:MM, de 00:00 a 23:59."
          error={errorAt(refusal, 'horarioEnvioInicio')}
          onInput={(e) => setInicio(e.currentTarget.value)}
        />
        <Field
          label="Envios até"
          inputMode="numeric"
          placeholder="20:00"
          maxLength={5}
          value={fim}
          hint="HH:MM, depois do início; 24:00 para o fim do dia."
          error={errorAt(refusal, 'horarioEnvioFim')}
          onInput={(e) => setFim(e.currentTarget.value)}
        />
      </fieldset>
      <TextArea
        label="Palavras que confirmam"
        hint="Uma por linha (até 30)."
        value={confirmar}
        error={errorAt(refusal, 'palavrasConfirmar')}
        onInput={(e) => setConfirmar(e.currentTarget.value)}
      />
      <TextArea
        label="Palavras que cancelam"
        hint="Uma por linha (até 30)."
        value={cancelar}
        error={errorAt(refusal, 'palavrasCancelar')}
        onInput={(e) => setCancelar(e.currentTarget.value)}
      />
      <TextArea
        label="Palavras de descadastro (não receber mais mensagens)"
        hint="Uma por linha (até 30)."
        value={optOut}
        error={errorAt(refusal, 'palavrasOptOut')}
        onInput={(e) => setOptOut(e.currentTarget.value)}
      />
      <SaveActions label="Salvar fluxo" busy={busy} saved={saved && 'Fluxo salvo.'} />
    </form>
  );
}
