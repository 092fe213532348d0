// Assistente de IA (issue #38): whether the assistant answers patients by itself, the instructions it answers
// from (what it may tell them: address, hours, documents...) and the opening hours. The API names the field it
// refuses (instrucoes blank while answering automatically, too long...), shown beside that field.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api, type Schemas } from '../../api/client';
import { Alert, Check, Field, FormError, Loading, SaveActions, TextArea, useLoad, useSubmit } from '../../components';
import { when } from '../../format';
import { errorAt, problem } from '../../refusal';

const FIELDS = ['autoResposta', 'instrucoes', 'horarioAtendimento'] as const;
const MAX_INSTRUCOES = 4000;
const MAX_HORARIO = 200;

export function Assistente(): JSX.Element {
  const loaded = useLoad(() => api.GET('/api/admin/whatsapp/ia'), []);
  if (!loaded.data) return loaded.error ? <Alert>{loaded.error}</Alert> : <Loading what="o assistente de IA" />;
  return <AssistenteForm settings={loaded.data} />;
}

type AssistantSettings = Schemas['AiSettings'];

function AssistenteForm(props: { settings: AssistantSettings }): JSX.Element {
  const [autoResposta, setAutoResposta] = useState(props.settings.autoResposta);
  const [instrucoes, setInstrucoes] = useState(props.settings.instrucoes);
  const [horario, setHorario] = useState(props.settings.horarioAtendimento ?? '');
  const [atualizadoEm, setAtualizadoEm] = useState(props.settings.atualizadoEm);
  const { refusal, done, busy, submit } = useSubmit();

  const save = (event: Event) =>
    submit(
      event,
      () => undefined,
      async () => {
        const { data, error, response } = await api.PUT('/api/admin/whatsapp/ia', {
          body: { autoResposta, instrucoes, horarioAtendimento: horario.trim() || null },
        });
        if (!data) return { refusal: problem(error, response.status) };
        setAutoResposta(data.autoResposta);
        setInstrucoes(data.instrucoes);
        setHorario(data.horarioAtendimento ?? '');
        setAtualizadoEm(data.atualizadoEm);
        return { done: data.autoResposta ? 'Assistente salvo: ele responde os pacientes automaticamente.' : 'Assistente salvo.' };
      },
    );

  return (
    <form onSubmit={(e) => void save(e)} aria-label="Assistente de IA" class="form-block" noValidate>
      <p class="hint">
        O assistente responde as perguntas dos pacientes com base nas instruções abaixo, e também sugere respostas aos atendentes na
        conversa. Cada resposta automática é cobrada do saldo como uma “Interação com IA”.
      </p>
      <p class="hint">
        A conversa passa para um atendente quando o paciente pede, quando o assistente não sabe responder, em uma pergunta clínica
        (medicamentos, sintomas, diagnósticos), quando o saldo não cobre a interação ou depois de 3 respostas automáticas.
      </p>
      <FormError refusal={refusal} fields={FIELDS} />
      <Check
        label="Responder automaticamente"
        checked={autoResposta}
        onChange={setAutoResposta}
        hint="Desligado, o assistente só sugere respostas aos atendentes."
      />
      {errorAt(refusal, 'autoResposta') && (
        <span class="field-error" role="alert">
          {errorAt(refusal, 'autoResposta')}
        </span>
      )}
      <TextArea
        label="Instruções"
        hint={`O que o assistente pode dizer aos pacientes: endereço, horários, documentos a levar, preparo de exames… Uma informação por linha ajuda. Até ${MAX_INSTRUCOES} caracteres (${instrucoes.length} usados).`}
        rows={8}
        maxLength={MAX_INSTRUCOES}
        value={instrucoes}
        error={errorAt(refusal, 'instrucoes')}
        onInput={(e) => setInstrucoes(e.currentTarget.value)}
      />
      <Field
        label="Horário de atendimento"
        placeholder="Segunda a sexta, das 8h às 18h"
        maxLength={MAX_HORARIO}
        value={horario}
        hint={`Opcional, até ${MAX_HORARIO} caracteres.`}
        error={errorAt(refusal, 'horarioAtendimento')}
        onInput={(e) => setHorario(e.currentTarget.value)}
      />
      <SaveActions label="Salvar" busyLabel="Salvando…" busy={busy} saved={done} />
      {atualizadoEm && <p class="muted">Última alteração em {when(atualizadoEm)}.</p>}
    </form>
  );
}
