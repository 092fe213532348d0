// The app chat's and pushes' use cases with in-memory stores (shared/operations/app-chat.ts): the push consent gate
// (revoked: nothing sent, nothing charged), one APP_PUSH per push sent, a disabled endpoint removed and not charged,
// no push the balance does not cover; a patient's app message kept uncharged (never refused) on a short balance.
import { describe, expect, it } from 'vitest';
import type { PushPort } from '#shared/adapters/ports';
import type { ChatStore, Device, DeviceStore } from '#shared/domain/app-chat';
import type { Consent } from '#shared/domain/consents';
import type { Inbox } from '#shared/domain/inbound-messages';
import type { Patient } from '#shared/domain/patients';
import { defaultTariffs, type Tariff } from '#shared/domain/tariffs';
import { pushToPatient, receiveAppMessage, type PushDeps } from '#shared/operations/app-chat';
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
  function chatWorld(saldo: string) {
    const ledger = memoryLedger(saldo);
    const recorded: unknown[] = [];
    const inbox: Inbox = {
      newId: async () => 99,
      lookup: async () => ({ pacienteId: 7, atendimentoId: 50, setorId: null }),
      record: async (input) => {
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
      byIds: async () => new Map(),
    };
    let ids = 100;
    const deps = {
      inbox,
      chat,
      ledger: ledger.repo,
      tariffs: { listAll: async () => tariffs },
      newId: async () => ++ids,
      escalationWords: [],
      now: () => at,
    };
    return { deps, ledger, recorded };
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

  it('keeps the patient’s message uncharged, never refused, when the balance does not cover it', async () => {
    const world = chatWorld('0.01');

    const message = await receiveAppMessage(world.deps, patient, 'Olá');

    expect(message).toMatchObject({ id: 101, lancamentoId: null, valor: '0.00' });
    expect(world.recorded).toHaveLength(1);
    expect(world.ledger.entries).toEqual([]);
  });
});
