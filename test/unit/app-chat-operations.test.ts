// The app chat's and pushes' use cases with in-memory stores (shared/operations/app-chat.ts): the push consent gate
// (revoked: nothing sent, nothing charged), one APP_PUSH per push sent, a disabled endpoint removed and not charged,
// no push the balance does not cover; a patient's app message kept uncharged (never refused) on a short balance; a
// keyed retry: 409 while the first request may still charge, charged by the retry once that request is gone, 422 for
// another text.
import { describe, expect, it } from 'vitest';
import type { PushPort } from '#shared/adapters/ports';
import type { ChatMessage, ChatStore, Device, DeviceStore } from '#shared/domain/app-chat';
import type { Attendance } from '#shared/domain/attendances';
import type { Consent } from '#shared/domain/consents';
import type { IdempotencyStore } from '#shared/domain/idempotency';
import type { Inbox, InboundMessageRecord } from '#shared/domain/inbound-messages';
import type { Patient } from '#shared/domain/patients';
import { sendTimeoutSeconds } from '#shared/domain/send-budget';
import { defaultTariffs, type Tariff } from '#shared/domain/tariffs';
import { answerOnApp, pushToPatient, receiveAppMessage, type AnswerDeps, type PushDeps } from '#shared/operations/app-chat';
import { memoryLedger, prepared } from '../support/memory-ledger.ts';

const at = new Date('2026-11-29T12:00:00Z');
const tariffs: Tariff[] = defaultTariffs.map((t, i) => ({
  id: i + 1,
  subtipoDescricao: t.subtipo,
  unidadeDescricao: t.unidade,
  moeda: 'BRL',
  descricao: t.descricao ?? '',
  ativo: true,
  aplicacaoId: null,
  vigenciaInicio: null,
  vigenciaFim: null,
  criadoEm: at.toISOString(),
  atualizadoEm: at.toISOString(),
  ...t,
}));

const device = (id: number, endpoint: string): Device => ({
  id,
  aplicacaoId: 1,
  pacienteId: 7,
  plataforma: 'android',
  endpoint,
  tokenHash: `h${id}`,
  criadoEm: at.toISOString(),
});
const pushConsent = (concedido: boolean): Consent => ({
  tipo: 'NOTIFICACOES_PUSH',
  concedido,
  concedidoEm: null,
  revogadoEm: null,
  dispositivo: null,
  versaoTermos: null,
  atualizadoEm: at.toISOString(),
  versao: 1,
  historico: [],
});

function pushWorld(options: { saldo?: string; consent?: boolean; devices?: Device[] } = {}) {
  const ledger = memoryLedger(options.saldo ?? '10.00');
  let devices = [...(options.devices ?? [device(1, 'live-1'), device(2, 'disabled-2')])];
  const sent: string[] = [];
  const unregistered: string[] = [];
  const push: PushPort = {
    register: async () => 'x',
    send: async (endpoint) => {
      if (endpoint.startsWith('disabled')) return 'disabled';
      sent.push(endpoint);
      return 'sent';
    },
    unregister: async (endpoint) => void unregistered.push(endpoint),
  };
  const store: DeviceStore = {
    list: async () => devices,
    get: async (_a, _p, id) => devices.find((d) => d.id === id),
    put: async () => true,
    remove: async (_a, _p, id) => {
      const before = devices.length;
      devices = devices.filter((d) => d.id !== id);
      return devices.length < before;
    },
  };
  const deps: PushDeps = {
    push,
    devices: store,
    consents: { list: async () => (options.consent === undefined ? [] : [pushConsent(options.consent)]) },
    ledger: ledger.repo,
    tariffs: { listAll: async () => tariffs },
    saldo: async () => ledger.state()?.saldo,
    now: () => at,
  };
  return { deps, ledger, sent, unregistered, devices: () => devices };
}
const notification = { titulo: 'Clínica', texto: 'Nova mensagem', dados: {} };

describe('pushToPatient', () => {
  it('sends nothing and charges nothing while NOTIFICACOES_PUSH is revoked or was never granted', async () => {
    for (const consent of [false, undefined]) {
      const world = pushWorld({ consent });

      const outcome = await pushToPatient(world.deps, 1, 7, notification);

      expect(outcome).toEqual({ enviadas: 0, removidos: 0, motivo: 'SEM_CONSENTIMENTO' });
      expect(world.sent).toEqual([]);
      expect(world.ledger.entries).toEqual([]);
      expect(world.devices()).toHaveLength(2);
    }
  });

  it('charges one APP_PUSH per push sent, and removes a disabled endpoint’s device without charging it', async () => {
    const world = pushWorld({ consent: true });

    const outcome = await pushToPatient(world.deps, 1, 7, notification);

    expect(outcome).toEqual({ enviadas: 1, removidos: 1, motivo: null });
    expect(world.sent).toEqual(['live-1']);
    expect(world.ledger.entries.map((e) => [e.referenciaTipo, e.tipo, e.valor, e.referenciaId, e.saldoPosterior])).toEqual([
      ['APP_PUSH', 'DEBIT', '0.01', 1, '9.99'],
    ]);
    expect(world.devices().map((d) => d.id)).toEqual([1]);
    expect(world.unregistered).toEqual(['disabled-2']);
  });

  it('sends no push the balance does not cover', async () => {
    const world = pushWorld({ consent: true, saldo: '0.00', devices: [device(1, 'live-1')] });

    const outcome = await pushToPatient(world.deps, 1, 7, notification);

    expect(outcome).toEqual({ enviadas: 0, removidos: 0, motivo: 'SALDO_INSUFICIENTE' });
    expect(world.sent).toEqual([]);
    expect(world.ledger.entries).toEqual([]);
  });
});

describe('receiveAppMessage', () => {
  const patient: Patient = {
    id: 7,
    aplicacaoId: 1,
    telefone: '+5511987654321',
    nome: 'Ana',
  } as Patient;
  function chatWorld(saldo: string, chatPrice?: string) {
    const priced = tariffs.map((t) =>
      chatPrice !== undefined && t.categoria === 'APP' && t.subtipo === 'CHAT' ? { ...t, valor: chatPrice } : t,
    );
    const ledger = memoryLedger(saldo);
    const recorded: unknown[] = [];
    // What an earlier request under a key left: its inbound message and chat item.
    const stored = new Map<string, InboundMessageRecord>();
    const items = new Map<number, ChatMessage>();
    const inbox: Inbox = {
      newId: async () => 99,
      lookup: async () => ({ pacienteId: 7, atendimentoId: 50, setorId: null }),
      record: async (input) => {
        if (stored.has(input.message.providerMessageId)) return { committed: false, refusals: ['duplicate'], raced: false, error: null };
        recorded.push(input);
        return { committed: true };
      },
      escalateIfBot: async () => false,
      ensureDefaultSector: async () => undefined,
    };
    const chat: ChatStore = {
      write: (m) => ({ write: prepared(`chat ${m.id} ${m.direcao}`) }),
      chargeWrite: (m, lancamentoId) => ({ write: prepared(`charge ${m.id} ${lancamentoId}`) }),
      page: async () => ({ content: [], total: 0 }),
      byIds: async (_app, _patient, ids) => new Map(ids.flatMap((id) => (items.has(id) ? [[id, items.get(id)!] as const] : []))),
    };
    let ids = 100;
    const deps = {
      inbox,
      chat,
      ledger: ledger.repo,
      tariffs: { listAll: async () => priced },
      newId: async () => ++ids,
      escalationWords: [],
      storedAppMessage: async (_app: number, providerMessageId: string) => stored.get(providerMessageId),
      now: () => at,
    };
    return { deps, ledger, recorded, stored, items };
  }

  it('records the message in the attendance with canal APP and its chat item, then charges APP_CHAT once with the chat item', async () => {
    const world = chatWorld('1.00');

    const message = await receiveAppMessage(world.deps, patient, 'Olá');

    expect(message).toMatchObject({ id: 101, direcao: 'ENTRADA', atendimentoId: 50, lancamentoId: 1, valor: '0.02' });
    expect(world.recorded).toEqual([
      expect.objectContaining({
        message: expect.objectContaining({ provider: 'app', providerMessageId: '101', canal: 'APP', texto: 'Olá' }),
        openAttendanceId: 50,
        extras: [{ write: 'chat 101 ENTRADA' }],
      }),
    ]);
    expect(world.ledger.entries.map((e) => [e.referenciaTipo, e.valor, e.saldoPosterior])).toEqual([['APP_CHAT', '0.02', '0.98']]);
    expect(world.ledger.writes).toEqual([['charge 101 1']]);
  });

  /** A message a first request under `key` stored `ago` ms before now, and never charged. */
  function storedUncharged(world: ReturnType<typeof chatWorld>, key: string, ago: number): ChatMessage {
    const em = new Date(at.getTime() - ago).toISOString();
    const message: ChatMessage = {
      id: 60,
      aplicacaoId: 1,
      pacienteId: 7,
      direcao: 'ENTRADA',
      texto: 'Olá',
      em,
      atendimentoId: 50,
      usuarioId: null,
      lancamentoId: null,
      valor: '0.00',
    };
    world.stored.set(`7:${key}`, { id: 60, texto: 'Olá', pacienteId: 7 } as InboundMessageRecord);
    world.items.set(60, message);
    return message;
  }

  it('answers a keyed retry 409 while the first request may still charge its message, writing nothing', async () => {
    const world = chatWorld('1.00');
    storedUncharged(world, 'k1', 1_000);

    const retry = receiveAppMessage(world.deps, patient, 'Olá', 'k1');

    await expect(retry).rejects.toMatchObject({ kind: 'conflict', details: { mensagemId: 60 } });
    expect(world.ledger.entries).toEqual([]);
  });

  it('charges, on a keyed retry, the message a first request stored and stopped before charging', async () => {
    const world = chatWorld('1.00');
    storedUncharged(world, 'k1', (sendTimeoutSeconds + 1) * 1000);

    const retry = await receiveAppMessage(world.deps, patient, 'Olá', 'k1');

    expect(retry).toMatchObject({ id: 60, lancamentoId: 1, valor: '0.02' });
    expect(world.recorded).toEqual([]);
    expect(world.ledger.entries.map((e) => [e.referenciaTipo, e.referenciaId, e.valor])).toEqual([['APP_CHAT', 60, '0.02']]);
    expect(world.ledger.writes).toEqual([['charge 60 1']]);
  });

  it('answers a keyed retry with the message at once when the application’s chat tariff is 0.00 (nothing to charge)', async () => {
    const world = chatWorld('1.00', '0.00');
    const first = storedUncharged(world, 'k1', 1_000);

    const retry = await receiveAppMessage(world.deps, patient, 'Olá', 'k1');

    expect(retry).toEqual(first);
    expect(world.ledger.entries).toEqual([]);
  });

  it('refuses a keyed retry with another text (422), writing nothing', async () => {
    const world = chatWorld('1.00');
    storedUncharged(world, 'k1', 1_000);

    await expect(receiveAppMessage(world.deps, patient, 'Outra', 'k1')).rejects.toMatchObject({ kind: 'unprocessable' });
    expect(world.ledger.entries).toEqual([]);
  });

  it('keeps the patient’s message uncharged, never refused, when the balance does not cover it', async () => {
    const world = chatWorld('0.01');

    const message = await receiveAppMessage(world.deps, patient, 'Olá');

    expect(message).toMatchObject({ id: 101, lancamentoId: null, valor: '0.00' });
    expect(world.recorded).toHaveLength(1);
    expect(world.ledger.entries).toEqual([]);
  });
});

describe('answerOnApp', () => {
  it('keeps the answer and says FALHA_PUSH when the push service fails, so the answer is not retried as failed', async () => {
    // Prepare: a granted consent, a device whose push throws, the chat tariff at 0.00 (one commit, no ledger)
    const pushes = pushWorld({ consent: true, devices: [device(1, 'live-1')] });
    pushes.deps.push.send = async () => {
      throw new Error('SNS throttled');
    };
    const committed: unknown[][] = [];
    const deps: AnswerDeps = {
      ...pushes.deps,
      inbox: {} as Inbox,
      chat: { write: (m) => ({ write: prepared(`chat ${m.id}`) }) } as ChatStore,
      tariffs: { listAll: async () => tariffs.map((t) => (t.categoria === 'APP' && t.subtipo === 'CHAT' ? { ...t, valor: '0.00' } : t)) },
      newId: async () => 300,
      escalationWords: [],
      storedAppMessage: async () => undefined,
      unitOfWork: {
        commit: async (writes) => {
          committed.push([...writes]);
          return { committed: true };
        },
      },
      conversationWrite: () => ({ write: prepared('conversation 300') }),
      pushes: pushes.deps,
      idempotency: {} as IdempotencyStore,
    };
    const attendance = { id: 50, aplicacaoId: 1, pacienteId: 7 } as Attendance;

    // Act
    const answer = await answerOnApp(deps, { id: 1, nome: 'Clínica' }, attendance, 'Olá!', 9);

    // Assess
    expect(answer.mensagem).toMatchObject({ id: 300, direcao: 'SAIDA', texto: 'Olá!', usuarioId: 9 });
    expect(answer.push).toEqual({ enviadas: 0, removidos: 0, motivo: 'FALHA_PUSH' });
    expect(committed).toHaveLength(1);
  });
});
