// One appointment (/console/agendamentos/<id>): the patient (CPF masked until the operator asks), the
// operator's moves its status allows, every move as a timeline, and the flow's messages with their status.
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../../api/client';
import { Alert, Loading, Page, Table, TextArea, useLoad } from '../../components';
import { problem, refusedText } from '../../refusal';
import { cpf, maskedCpf, phone, when } from '../../format';
import { appointmentStatusLabel, messageStatusLabel, stepLabel } from '../../labels';
import { actor, movesFrom, statusTone, type Detail, type FlowMessage, type Move, type OperatorMove } from './model';

export function Detalhe(props: { id: string; back: string }): JSX.Element {
  const id = /^[1-9]\d{0,15}$/.test(props.id) ? Number(props.id) : undefined;
  const loaded = useLoad(
    () =>
      id === undefined
        ? Promise.resolve({ error: { message: 'Este endereço não é de um agendamento.' }, response: new Response(null, { status: 404 }) })
        : api
            .GET('/api/admin/agendamentos/{id}', { params: { path: { id } } })
            .then((r) => (r.response.status === 404 ? { ...r, error: { message: 'Agendamento não encontrado nesta aplicação.' } } : r)),
    [id],
  );
  const a = loaded.data;
  return (
    <Page title={a ? `Agendamento nº ${a.id}` : 'Agendamento'} actions={<a href={props.back}>← Voltar ao quadro do dia</a>}>
      {loaded.error && <Alert>{loaded.error}</Alert>}
      {!a ? (
        !loaded.error && <Loading what="o agendamento" />
      ) : (
        <>
          <Dados a={a} />
          <Acoes a={a} onMoved={loaded.reload} />
          <Historico moves={a.historico} />
          <Mensagens messages={a.mensagens} />
        </>
      )}
    </Page>
  );
}

function Dados(props: { a: Detail }): JSX.Element {
  const { a } = props;
  const [showCpf, setShowCpf] = useState(false);
  return (
    <section class="card appointment-card" aria-labelledby="dados-title">
      <h2 id="dados-title">
        {a.pacienteNome ?? 'Paciente sem nome'} <span class={`badge ${statusTone(a.status)}`}>{appointmentStatusLabel[a.status]}</span>
      </h2>
      {a.pendencia && <Alert kind="warning">{a.pendencia}</Alert>}
      <dl class="pairs">
        <dt>Telefone</dt>
        <dd>{phone(a.pacienteTelefone)}</dd>
        <dt>CPF</dt>
        <dd>
          {a.pacienteCpf === null ? (
            '—'
          ) : (
            <>
              <span data-testid="cpf">{showCpf ? cpf(a.pacienteCpf) : maskedCpf(a.pacienteCpf)}</span>{' '}
              <button type="button" class="link-button small" aria-pressed={showCpf} onClick={() => setShowCpf(!showCpf)}>
                {showCpf ? 'Ocultar CPF' : 'Mostrar CPF'}
              </button>
            </>
          )}
        </dd>
        <dt>Procedimento</dt>
        <dd>{a.procedimento}</dd>
        <dt>Número do pedido</dt>
        <dd>{a.numeroPedido ?? '—'}</dd>
        <dt>Retirada</dt>
        <dd>
          {a.dataLimiteRetirada ?? '—'}
          {a.localRetirada ? ` · ${a.localRetirada}` : ''}
        </dd>
        <dt>Prestador</dt>
        <dd>{a.prestador ?? '—'}</dd>
        <dt>Médico solicitante</dt>
        <dd>{a.medicoSolicitante ?? '—'}</dd>
        <dt>Observações</dt>
        <dd>{a.observacoes ?? '—'}</dd>
        <dt>Criado em</dt>
        <dd>{when(a.criadoEm)}</dd>
        <dt>Atualizado em</dt>
        <dd>{when(a.atualizadoEm)}</dd>
      </dl>
    </section>
  );
}

const moveTitle: Record<OperatorMove, string> = {
  confirmar: 'Confirmar agendamento',
  cancelar: 'Cancelar agendamento',
  reprocessar: 'Reprocessar',
};

const done: Record<OperatorMove, string> = {
  confirmar: 'Agendamento confirmado.',
  cancelar: 'Agendamento cancelado.',
  reprocessar: 'Agendamento enviado de novo ao fluxo de comunicação.',
};

/** The moves the status allows; confirm and cancel open a form (cancel's reason is required), reprocess goes at once. */
function Acoes(props: { a: Detail; onMoved: () => void }): JSX.Element {
  const moves = movesFrom(props.a.status);
  const [open, setOpen] = useState<OperatorMove | undefined>();
  const [motivo, setMotivo] = useState('');
  const [refusal, setRefusal] = useState<{ message: string; field?: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (open) formRef.current?.querySelector('textarea')?.focus();
  }, [open]);

  const start = (move: OperatorMove) => {
    setResult(undefined);
    setRefusal(undefined);
    if (move === 'reprocessar') void send(move);
    else setOpen(move);
  };

  const send = async (move: OperatorMove) => {
    const path = { params: { path: { id: props.a.id } } };
    const reason = motivo.trim();
    if (move === 'cancelar' && !reason) {
      setRefusal({ message: 'Diga o motivo do cancelamento.', field: 'motivo' });
      return;
    }
    setBusy(true);
    const answer =
      move === 'confirmar'
        ? await api.POST('/api/admin/agendamentos/{id}/confirmar', { ...path, body: reason ? { motivo: reason } : {} })
        : move === 'cancelar'
          ? await api.POST('/api/admin/agendamentos/{id}/cancelar', { ...path, body: { motivo: reason } })
          : await api.POST('/api/admin/agendamentos/{id}/reprocessar', path);
    setBusy(false);
    if (answer.error !== undefined || !answer.data) {
      // The typed reason stays; a 409 (the appointment moved meanwhile) says so, and the page reads it again.
      const status = answer.response.status;
      const said = problem(answer.error, status);
      if (status === 409) {
        setRefusal({
          message:
            'O servidor recusou (409): o agendamento mudou de status enquanto isso e não permite mais esta ação. O status atual está acima.',
        });
        props.onMoved();
      } else if (said.field === 'motivo') {
        setRefusal({ message: 'O motivo deve ter de 1 a 1000 caracteres (sem contar espaços nas pontas).', field: 'motivo' });
      } else setRefusal({ message: refusedText(status, said.message) });
      return;
    }
    setOpen(undefined);
    setMotivo('');
    setResult(done[move]);
    props.onMoved();
  };

  const motivoError = refusal?.field === 'motivo' ? refusal.message : undefined;
  return (
    <section class="actions-panel" aria-labelledby="acoes-title">
      <h2 id="acoes-title">Ações</h2>
      {result && <Alert kind="info">{result}</Alert>}
      {refusal && !motivoError && !open && <Alert>{refusal.message}</Alert>}
      {moves.length === 0 ? (
        <p class="muted">Um agendamento {appointmentStatusLabel[props.a.status].toLowerCase()} não muda mais.</p>
      ) : (
        !open && (
          <div class="button-row">
            {moves.map((m) => (
              <button
                key={m}
                type="button"
                class={m === 'cancelar' ? 'danger' : m === 'reprocessar' ? 'secondary' : ''}
                disabled={busy}
                onClick={() => start(m)}
              >
                {moveTitle[m]}
              </button>
            ))}
            {moves.includes('reprocessar') && (
              <p class="muted">Reprocessar devolve o agendamento ao fluxo, que o valida e avisa o paciente de novo.</p>
            )}
          </div>
        )
      )}
      {open && (
        <form
          ref={formRef}
          class="inline-form"
          noValidate
          aria-labelledby="move-form-title"
          onSubmit={(e) => {
            e.preventDefault();
            void send(open);
          }}
        >
          <h3 id="move-form-title">{moveTitle[open]}</h3>
          {refusal && !motivoError && <Alert>{refusal.message}</Alert>}
          <TextArea
            label={open === 'cancelar' ? 'Motivo do cancelamento' : 'Observação (opcional)'}
            hint={open === 'cancelar' ? 'Fica no histórico do agendamento.' : 'Por exemplo: confirmou por telefone. Fica no histórico.'}
            name="motivo"
            rows={3}
            maxLength={1000}
            required={open === 'cancelar'}
            value={motivo}
            error={motivoError}
            onInput={(e) => setMotivo(e.currentTarget.value)}
          />
          <div class="button-row">
            <button type="submit" class={open === 'cancelar' ? 'danger' : ''} disabled={busy}>
              {busy ? 'Enviando…' : moveTitle[open]}
            </button>
            <button
              type="button"
              class="secondary"
              onClick={() => {
                setOpen(undefined);
                setRefusal(undefined);
              }}
            >
              Voltar
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function Historico(props: { moves: Move[] }): JSX.Element {
  return (
    <section aria-labelledby="historico-title">
      <h2 id="historico-title">Histórico</h2>
      <ol class="moves">
        {props.moves.map((m, i) => (
          <li key={i}>
            <p class="moves-when">{when(m.em)}</p>
            <p>
              {m.de === null ? (
                <>
                  Criado como <span class={`badge ${statusTone(m.para)}`}>{appointmentStatusLabel[m.para]}</span>
                </>
              ) : (
                <>
                  <span class={`badge ${statusTone(m.de)}`}>{appointmentStatusLabel[m.de]}</span> →{' '}
                  <span class={`badge ${statusTone(m.para)}`}>{appointmentStatusLabel[m.para]}</span>
                </>
              )}{' '}
              por {actor(m.por)}
            </p>
            {m.observacao && <p class="moves-note">“{m.observacao}”</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Mensagens(props: { messages: FlowMessage[] }): JSX.Element {
  return (
    <section aria-labelledby="mensagens-title">
      <h2 id="mensagens-title">Mensagens ao paciente</h2>
      {props.messages.length === 0 ? (
        <p class="muted">O fluxo de comunicação ainda não escreveu ao paciente sobre este agendamento.</p>
      ) : (
        <Table label="Mensagens ao paciente">
          <thead>
            <tr>
              <th scope="col">Passo</th>
              <th scope="col">Mensagem</th>
              <th scope="col">Enviada</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {props.messages.map((m) => (
              <tr key={m.id}>
                <td>{stepLabel[m.passo]}</td>
                <td class="message-body">{m.body}</td>
                <td>{when(m.dataEnvio)}</td>
                <td>
                  <span class={`badge badge-${m.status}`}>{messageStatusLabel[m.status]}</span>
                  <div class="muted">
                    {m.dataLeitura
                      ? `Lida em ${when(m.dataLeitura)}`
                      : m.dataEntrega
                        ? `Entregue em ${when(m.dataEntrega)}`
                        : m.statusDescricao}
                  </div>
                  {m.errorMessage && (
                    <div class="field-error">
                      {m.errorCode ? `${m.errorCode}: ` : ''}
                      {m.errorMessage}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
