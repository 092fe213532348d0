// One attendance, open in the inbox: its whole conversation as bubbles (the patient left, the attendants
// right, each with its time and an answer's delivery status), the 24-hour window, taking it, answering
// (Enter sends, Shift+Enter breaks the line; the text stays when the API refuses), a reply suggested by the
// AI assistant (put in the reply box for the operator to review, never sent by itself) and closing it; its moves
// (Histórico), with why the AI assistant handed the patient over in sight.
import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { api } from '../../api/client';
import { Alert, Loading, TextArea, useLoad } from '../../components';
import { problem, refusedText } from '../../refusal';
import { money, phone, when } from '../../format';
import { session } from '../../session';
import { attendanceStatusLabel, deliveryLabel, handoffLabel, moverLabel } from '../../labels';
import { POLL_MS, messageTime, serviceWindow, type Attendance, type ConversationMessage } from './model';

export function Conversa(props: { id: string; onChanged: () => void }): JSX.Element {
  const id = /^[1-9]\d{0,15}$/.test(props.id) ? Number(props.id) : undefined;
  const loaded = useLoad(
    () =>
      id === undefined
        ? Promise.resolve({ error: { message: 'Este endereço não é de um atendimento.' }, response: new Response(null, { status: 404 }) })
        : api
            .GET('/api/admin/atendimentos/{id}', { params: { path: { id } } })
            .then((r) => (r.response.status === 404 ? { ...r, error: { message: 'Atendimento não encontrado nesta aplicação.' } } : r)),
    [id],
    POLL_MS,
  );
  const [draft, setDraft] = useState('');
  const a = loaded.data;
  if (!a) return loaded.error ? <Alert>{loaded.error}</Alert> : <Loading what="a conversa" />;
  const changed = () => {
    loaded.reload();
    props.onChanged();
  };
  return (
    <section aria-labelledby="conversa-title">
      <Cabecalho a={a} onChanged={changed} />
      {loaded.error && <Alert kind="warning">Não foi possível atualizar a conversa: {loaded.error}</Alert>}
      <Bolhas messages={a.conversa} />
      {/* A draft outlives the attendance leaving EM_ANDAMENTO under the operator's eyes (closed by someone else). */}
      {(a.status === 'EM_ANDAMENTO' || draft !== '') && <Resposta a={a} texto={draft} setTexto={setDraft} onSent={loaded.reload} />}
    </section>
  );
}

function Cabecalho(props: { a: Attendance; onChanged: () => void }): JSX.Element {
  const { a } = props;
  const me = Number(session()?.userId);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();
  const act = async (what: 'assumir' | 'encerrar') => {
    setBusy(true);
    setRefusal(undefined);
    const path = { params: { path: { id: a.id } } };
    const answer =
      what === 'assumir'
        ? await api.POST('/api/admin/atendimentos/{id}/assumir', path)
        : await api.POST('/api/admin/atendimentos/{id}/encerrar', path);
    setBusy(false);
    if (!answer.data) {
      const status = answer.response.status;
      setRefusal(
        status === 409
          ? what === 'assumir'
            ? 'Não foi possível assumir: outro atendente o assumiu ou ele foi encerrado enquanto isso.'
            : refusedText(status, problem(answer.error, status).message)
          : refusedText(status, problem(answer.error, status).message),
      );
    }
    props.onChanged();
  };
  const janela = serviceWindow(a.janelaAtendimentoFechaEm);
  return (
    <>
      <header class="conversation-head">
        <h2 id="conversa-title">{a.paciente.nome ?? phone(a.paciente.telefone)}</h2>
        <span class="badge">{attendanceStatusLabel[a.status]}</span>
        {a.canal === 'APP' && (
          <span
            class="badge app"
            title="O paciente escreveu pelo aplicativo: as respostas vão para o chat do aplicativo, não para o WhatsApp."
          >
            App
          </span>
        )}
        <div class="button-row">
          {(a.status === 'FILA' || a.status === 'BOT') && (
            <button type="button" disabled={busy} onClick={() => void act('assumir')}>
              Assumir
            </button>
          )}
          {a.status !== 'ENCERRADO' && (
            <button type="button" class="secondary" disabled={busy} onClick={() => void act('encerrar')}>
              Encerrar
            </button>
          )}
        </div>
      </header>
      <p class="muted">
        {a.paciente.nome ? `${phone(a.paciente.telefone)} · ` : ''}
        {a.setor.nome ?? a.setor.codigo ?? `Setor ${a.setor.id}`} · atendimento nº {a.id}
        {a.status === 'EM_ANDAMENTO' && (a.atendenteId === me ? ' · com você' : ` · com o atendente nº ${a.atendenteId ?? '?'}`)}
      </p>
      <Historico moves={a.historico} />
      {a.status !== 'ENCERRADO' &&
        (a.canal === 'APP' ? (
          <p class="window" data-testid="janela">
            As respostas vão para o chat do aplicativo do paciente (e como notificação push, se ele permitiu).
          </p>
        ) : (
          <p class={janela.open ? 'window' : 'window closed'} data-testid="janela">
            {janela.text}
          </p>
        ))}
      {refusal && <Alert>{refusal}</Alert>}
    </>
  );
}

/** The attendance's moves, the last one's reason in sight when the AI assistant handed the patient over. */
function Historico(props: { moves: Attendance['historico'] }): JSX.Element {
  const handoff = props.moves.findLast((m) => m.por === 'ia' && m.motivo);
  return (
    <>
      {handoff?.motivo && (
        <p class="muted" data-testid="encaminhamento">
          Encaminhado pelo assistente de IA: {handoffLabel[handoff.motivo]}.
        </p>
      )}
      <details class="history">
        <summary>Histórico</summary>
        <ol>
          {props.moves.map((m, i) => (
            <li key={i}>
              {when(m.em)} · {m.de ? `${attendanceStatusLabel[m.de]} → ` : ''}
              {attendanceStatusLabel[m.para]} {m.por === 'usuario' ? `pelo atendente nº ${m.usuarioId ?? '?'}` : moverLabel[m.por]}
              {m.motivo ? ` (${handoffLabel[m.motivo]})` : ''}
            </li>
          ))}
        </ol>
      </details>
    </>
  );
}

function Bolhas(props: { messages: ConversationMessage[] }): JSX.Element {
  const list = useRef<HTMLOListElement>(null);
  const last = props.messages.at(-1)?.id;
  // A new message scrolls the conversation to its end, as a chat does.
  useLayoutEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last]);
  if (props.messages.length === 0) return <p class="muted">Nenhuma mensagem nesta conversa.</p>;
  return (
    // Scrollable, so reachable by keyboard (tabIndex) and named for screen readers.
    <ol class="conversation" ref={list} tabIndex={0} aria-label="Conversa">
      {props.messages.map((m) => (
        <li key={`${m.direcao}-${m.id}`} class={m.direcao === 'SAIDA' ? 'bubble mine' : 'bubble'}>
          <span class="visually-hidden">{m.direcao === 'SAIDA' ? 'Atendente: ' : 'Paciente: '}</span>
          {m.texto ?? (m.midias.length === 0 ? <em>Mensagem sem texto ({m.tipoMensagem})</em> : null)}
          {m.midias.map((midia) => (
            <span key={midia.ref} class="attachment">
              Anexo{midia.contentType ? ` (${midia.contentType})` : ''}
            </span>
          ))}
          <span class="meta">
            {messageTime(m.em)}
            {m.direcao === 'SAIDA' && m.status && ` · ${deliveryLabel[m.status]}`}
            {m.canal === 'APP' && (
              <>
                {' · '}
                <span class="badge app">{m.direcao === 'SAIDA' ? 'Enviada ao App' : 'App'}</span>
              </>
            )}
          </span>
          {m.errorMessage && (
            <span class="meta field-error">
              {m.errorCode ? `${m.errorCode}: ` : ''}
              {m.errorMessage}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

/** What the operator reads when the assistant gives no suggestion, by the API's status. */
function suggestionRefused(status: number, error: unknown): string {
  const saldo = (error as { saldo?: unknown } | undefined)?.saldo;
  switch (status) {
    case 402:
      return `Saldo insuficiente para pedir uma sugestão à IA${typeof saldo === 'string' || typeof saldo === 'number' ? ` (saldo: ${money(saldo)})` : ''}. Adicione créditos e tente de novo.`;
    case 409:
      return 'Não foi possível sugerir: o atendimento não está mais em andamento.';
    case 422:
      // The guardrail (a clinical question, a personal identifier), or nothing the patient wrote in text.
      return `A IA não pode sugerir uma resposta para esta conversa (${
        (error as { reason?: unknown } | undefined)?.reason === 'guardrail'
          ? 'um assunto clínico ou um dado pessoal do paciente'
          : problem(error, status).message
      }). Responda você mesmo.`;
    case 503:
      return 'O assistente de IA está indisponível no momento. Tente de novo em instantes ou responda você mesmo.';
    default:
      return refusedText(status, problem(error, status).message);
  }
}

const notInProgress =
  'Não foi possível enviar: o atendimento não está mais em andamento (foi encerrado enquanto isso). O texto ficou abaixo.';

function Resposta(props: { a: Attendance; texto: string; setTexto: (texto: string) => void; onSent: () => void }): JSX.Element {
  const { texto, setTexto } = props;
  const answerable = props.a.status === 'EM_ANDAMENTO';
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; field?: string } | undefined>();
  // One Idempotency-Key per answer: a retry of the same text after a lost answer (no reply from the
  // server) is not sent twice; any answer the server gave, or another text, takes a new key.
  const key = useRef<{ value: string; texto: string } | undefined>(undefined);
  const area = useRef<HTMLFormElement>(null);
  useEffect(() => area.current?.querySelector('textarea')?.focus(), []);
  // WhatsApp's 24-hour window does not bind an answer that goes to the app's chat.
  const whatsappWindow = serviceWindow(props.a.janelaAtendimentoFechaEm);
  const janela = props.a.canal === 'APP' ? { ...whatsappWindow, open: true } : whatsappWindow;
  const [sent, setSent] = useState<string | undefined>();
  const [suggesting, setSuggesting] = useState(false);
  const [suggestion, setSuggestion] = useState<{ done: string } | { refused: string } | undefined>();

  const suggest = async () => {
    if (suggesting) return;
    setSuggesting(true);
    setSuggestion(undefined);
    setRefusal(undefined);
    const answer = await api.POST('/api/admin/atendimentos/{id}/sugestao', { params: { path: { id: props.a.id } } }).catch(() => undefined);
    setSuggesting(false);
    if (!answer) return setSuggestion({ refused: 'Não foi possível falar com o servidor. Tente de novo.' });
    if (!answer.data) return setSuggestion({ refused: suggestionRefused(answer.response.status, answer.error) });
    setTexto(answer.data.texto);
    setSuggestion({ done: 'Sugestão da IA colocada na resposta: revise e envie (nada foi enviado ao paciente).' });
    area.current?.querySelector('textarea')?.focus();
  };

  const send = async () => {
    if (busy) return;
    setSuggestion(undefined);
    setSent(undefined);
    if (!answerable) {
      setRefusal({ message: notInProgress });
      return;
    }
    if (!texto.trim()) {
      setRefusal({ message: 'Escreva a resposta antes de enviar.', field: 'mensagem' });
      return;
    }
    if (key.current?.texto !== texto) key.current = { value: crypto.randomUUID(), texto };
    setBusy(true);
    setRefusal(undefined);
    const answer = await api
      .POST('/api/admin/atendimentos/{id}/responder', {
        params: { path: { id: props.a.id }, header: { 'Idempotency-Key': key.current.value } },
        body: { mensagem: texto },
      })
      .catch(() => undefined);
    setBusy(false);
    if (!answer) {
      setRefusal({ message: 'Não foi possível falar com o servidor. A resposta não foi perdida: tente de novo.' });
      return;
    }
    key.current = undefined;
    if (!answer.data) {
      const status = answer.response.status;
      const said = problem(answer.error, status);
      const code = (answer.error as { providerCode?: unknown } | undefined)?.providerCode;
      setRefusal(
        status === 409
          ? { message: notInProgress }
          : status === 400 && (answer.error as { error?: string } | undefined)?.error === 'provider_rejected'
            ? {
                message: `O provedor do WhatsApp recusou a mensagem${typeof code === 'string' ? ` (código ${code})` : ''}. Nada foi cobrado.`,
              }
            : said.field === 'mensagem'
              ? { message: 'A resposta deve ter de 1 a 4096 caracteres.', field: 'mensagem' }
              : { message: refusedText(status, said.message) },
      );
      return; // the text stays for another try
    }
    setTexto('');
    setSent(
      'canal' in answer.data
        ? `Resposta enviada ao chat do aplicativo${answer.data.pushesEnviados > 0 ? ' e avisada por notificação push' : ' (sem notificação push: o paciente não permitiu ou não tem dispositivo)'}.`
        : 'Resposta enviada pelo WhatsApp.',
    );
    props.onSent();
  };

  const fieldError = refusal?.field === 'mensagem' ? refusal.message : undefined;
  return (
    <form
      ref={area}
      class="reply"
      noValidate
      aria-label="Responder ao paciente"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      {!janela.open && (
        <Alert kind="warning">
          A janela de 24 horas está fechada: o WhatsApp só entrega templates aprovados até o paciente escrever de novo.
        </Alert>
      )}
      {refusal && !fieldError ? <Alert>{refusal.message}</Alert> : !answerable && <Alert>{notInProgress}</Alert>}
      {suggestion && 'refused' in suggestion && <Alert>{suggestion.refused}</Alert>}
      <TextArea
        label="Resposta"
        hint="Enter envia; Shift+Enter quebra a linha."
        name="mensagem"
        rows={3}
        maxLength={4096}
        value={texto}
        error={fieldError}
        disabled={!janela.open}
        onInput={(e) => setTexto(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
      />
      <div class="actions">
        <button type="submit" disabled={busy || !janela.open || !answerable}>
          {busy ? 'Enviando…' : 'Enviar'}
        </button>
        <button type="button" class="secondary" disabled={suggesting || busy} aria-busy={suggesting} onClick={() => void suggest()}>
          {suggesting ? 'Sugerindo…' : 'Sugerir resposta'}
        </button>
        {/* Always in the page, so what it comes to say is announced. */}
        <p role="status" class="muted" data-testid="sugestao-status">
          {suggesting ? 'Pedindo uma sugestão ao assistente de IA…' : suggestion && 'done' in suggestion ? suggestion.done : (sent ?? '')}
        </p>
      </div>
    </form>
  );
}
