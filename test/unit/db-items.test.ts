import { NumberValue } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { appointmentEvent } from '#shared/db/appointment-events';
import { toApplication } from '#shared/db/application-item';
import { toAttendance } from '#shared/db/attendances';
import {
  boolean,
  decimal,
  fieldsOf,
  jsonText,
  listOf,
  MalformedItem,
  map,
  nullable,
  number,
  oneOf,
  openMap,
  string,
  stringMap,
  wordsOf,
  type Item,
} from '#shared/db/item';
import { itemToMessage } from '#shared/db/messages';

const key = { pk: 'APP#7', sk: 'THING#1', gsi1pk: 'APP#7#THINGS', gsi1sk: '1', tipo: 'THING' };

/** A small record read the way the repositories read theirs. */
const toThing = (item: Item) => {
  const f = fieldsOf(item);
  return {
    id: f.read('id', number),
    nome: f.read('nome', string),
    ativo: f.read('ativo', boolean),
    estado: f.read('estado', oneOf(['ABERTO', 'FECHADO'] as const)),
    nota: f.read('nota', nullable(string)),
    tags: f.read('tags', listOf(string)),
    dono: f.read(
      'dono',
      map((d) => ({ id: d.read('id', number) })),
    ),
    ...f.ifPresent('email', string),
    versao: f.orElse('versao', number, 1),
  };
};

const thing = { ...key, id: 1, nome: 'Um', ativo: true, estado: 'ABERTO', nota: null, tags: ['a'], dono: { id: 3 } };

describe('typed item readers', () => {
  it('build the record field by field: the keys and the kind left out, an absent optional field absent, a default for a missing one', () => {
    // Act
    const read = toThing(thing);

    // Assess
    expect(read).toStrictEqual({ id: 1, nome: 'Um', ativo: true, estado: 'ABERTO', nota: null, tags: ['a'], dono: { id: 3 }, versao: 1 });
    expect('email' in read).toBe(false);
    expect(toThing({ ...thing, email: 'a@b.c', versao: 4 })).toMatchObject({ email: 'a@b.c', versao: 4 });
  });

  it('read a nullable field an older item does not hold as null, not as a malformed item', () => {
    // Prepare
    const { nota: _, ...older } = thing;

    // Act
    const read = toThing(older);

    // Assess
    expect(read.nota).toBeNull();
  });

  it.each([
    ['id', { id: '1' }, 'id is a string of digits, expected a number'],
    ['nome', { nome: undefined }, 'nome is absent, expected a string'],
    ['ativo', { ativo: 'true' }, 'ativo is a string, expected a boolean'],
    ['estado', { estado: 'PERDIDO' }, 'estado is a string, expected one of ABERTO, FECHADO'],
    ['nota', { nota: 5 }, 'nota is a number, expected a string'],
    ['tags', { tags: 'a' }, 'tags is a string, expected a list'],
    ['an element of tags', { tags: ['a', 2] }, 'tags[1] is a number, expected a string'],
    ['a field of a nested map', { dono: { id: null } }, 'dono.id is null, expected a number'],
    ['a nested map', { dono: ['x'] }, 'dono is a list, expected a map'],
    ['an optional field present', { email: 7 }, 'email is a number, expected a string'],
  ])('refuse a malformed item naming its key and the field (%s)', (_, change, message) => {
    // Act
    const read = () => toThing({ ...thing, ...change });

    // Assess
    expect(read).toThrow(MalformedItem);
    expect(read).toThrow(`stored item APP#7 THING#1: ${message}`);
  });

  it('never quote the value refused (items hold personal data)', () => {
    expect(() => toThing({ ...thing, nome: 12345678909 })).toThrow(/^stored item APP#7 THING#1: nome is a number, expected a string$/);
  });

  it('read a number the client returned as an exact NumberValue as the nearest float, and money as its exact text', () => {
    // Prepare
    const item = { ...key, latitude: NumberValue.from('-23.5505'), valor: NumberValue.from('0.10'), inteiro: 5 };
    const f = fieldsOf(item);

    // Act / Assess
    expect(f.read('latitude', number)).toBe(-23.5505);
    expect(f.read('valor', decimal)).toBe('0.10');
    expect(f.read('inteiro', decimal)).toBe('5');
    expect(() => f.read('nada', decimal)).toThrow('nada is absent, expected a number');
  });

  it('read a map of strings, refusing one that holds anything else', () => {
    const f = fieldsOf({ ...key, detalhes: { motivo: 'x' }, outros: { motivo: 1 } });
    expect(f.read('detalhes', stringMap)).toEqual({ motivo: 'x' });
    expect(() => f.read('outros', stringMap)).toThrow('outros.motivo is a number, expected a string');
  });

  it('keep the whole list of a union of words: one left out does not compile', () => {
    type Word = 'a' | 'b';
    expect(wordsOf<Word>()(['a', 'b'])).toEqual(['a', 'b']);
    // @ts-expect-error: 'b' is missing
    wordsOf<Word>()(['a']);
    // @ts-expect-error: 'c' is not a Word
    wordsOf<Word>()(['a', 'b', 'c']);
  });
});

describe('record mappers', () => {
  const application = {
    pk: 'APP#9',
    sk: 'APP',
    gsi1pk: 'APPS',
    gsi1sk: 'APP#9',
    tipo: 'APP',
    id: 9,
    nome: 'Nove',
    slug: 'nove',
    provider: 'provider_a',
    ativo: true,
    criadoEm: '2026-01-01T00:00:00.000Z',
    atualizadoEm: '2026-01-02T00:00:00.000Z',
    providerA: { accountSid: 'AC1', authToken: { versao: 'v1', mascara: '****4321' }, fromNumber: '+5511999990001', baseUrl: 'http://x' },
  };

  it('read an application with its sealed settings, keys and bookkeeping left out', () => {
    expect(toApplication(application)).toStrictEqual({
      id: 9,
      nome: 'Nove',
      slug: 'nove',
      provider: 'provider_a',
      ativo: true,
      criadoEm: '2026-01-01T00:00:00.000Z',
      providerA: { accountSid: 'AC1', authToken: { versao: 'v1', mascara: '****4321' }, fromNumber: '+5511999990001', baseUrl: 'http://x' },
    });
  });

  it('refuse an application whose provider secret is neither a reference nor a clear value, naming where', () => {
    const malformed = { ...application, providerA: { ...application.providerA, authToken: { versao: 'v1' } } };
    expect(() => toApplication(malformed)).toThrow('stored item APP#9 APP: providerA.authToken.mascara is absent, expected a string');
  });

  it('refuse an attendance in a status no attendance has', () => {
    const item = {
      pk: 'APP#9',
      sk: 'ATEND#5',
      id: 5,
      aplicacaoId: 9,
      pacienteId: 2,
      telefone: '+5511999990002',
      setorId: 9,
      status: 'PERDIDO',
      criadoEm: 'x',
      filaDesde: null,
      assumidoEm: null,
      encerradoEm: null,
      ultimaMensagemEm: 'x',
      atendenteId: null,
      historico: [],
    };
    expect(() => toAttendance(item)).toThrow(
      'stored item APP#9 ATEND#5: status is a string, expected one of BOT, FILA, EM_ANDAMENTO, ENCERRADO',
    );
    expect(toAttendance({ ...item, status: 'BOT' })).toMatchObject({ status: 'BOT', mensagens: 0, atendenteId: null });
  });
});

describe('words of a domain list', () => {
  const message = {
    pk: 'APP#9',
    sk: 'MSG#1',
    tipo: 'MSG',
    id: 1,
    aplicacaoId: 9,
    provider: 'provider_a',
    messageSid: 'SM1',
    toNumber: '+5511999990002',
    fromNumber: null,
    body: 'Olá',
    status: 'DELIVERED',
    statusRank: 3,
    contexto: 'SUPORTE',
    contextoId: null,
    usuarioId: null,
    dataEnvio: '2026-01-01T10:00:00',
    dataEntrega: '2026-01-01T10:00:05',
    dataLeitura: null,
    errorCode: null,
    errorMessage: null,
    lancamentoId: 4,
    tarifaCobrada: NumberValue.from('0.10'),
    reconciliarEm: null,
    historico: [
      { status: 'QUEUED', em: '2026-01-01T10:00:00' },
      { status: 'DELIVERED', em: '2026-01-01T10:00:05', errorCode: null, errorMessage: null },
    ],
  };

  it('read a message whose status, provider, context and timeline are words of their lists', () => {
    expect(itemToMessage(message)).toMatchObject({
      status: 'DELIVERED',
      provider: 'provider_a',
      contexto: 'SUPORTE',
      tarifaCobrada: '0.10',
      historico: [
        { status: 'QUEUED', em: '2026-01-01T10:00:00' },
        { status: 'DELIVERED', em: '2026-01-01T10:00:05', errorCode: null, errorMessage: null },
      ],
    });
    expect(itemToMessage({ ...message, contexto: null }).contexto).toBeNull();
    const { historico: _, ...older } = message;
    expect('historico' in itemToMessage(older)).toBe(false);
  });

  it.each([
    ['status', { status: 'LOST' }, 'status is a string, expected one of QUEUED, SENT, DELIVERED, READ, FAILED, UNDELIVERED'],
    ['provider', { provider: 'pigeon' }, 'provider is a string, expected one of provider_a, provider_b, link'],
    ['contexto', { contexto: 'OUTRO' }, 'contexto is a string, expected one of RESERVA, PAGAMENTO'],
    ['a step of the timeline', { historico: [{ status: 'SEEN', em: 'x' }] }, 'historico[0].status is a string, expected one of QUEUED'],
  ])('refuse a message with a word outside its list, naming the field (%s)', (_, change, refusal) => {
    // Act
    const read = () => itemToMessage({ ...message, ...change });

    // Assess
    expect(read).toThrow(MalformedItem);
    expect(read).toThrow(`stored item APP#9 MSG#1: ${refusal}`);
  });

  it('read an appointment event payload, refusing an event type or a history status outside their lists', () => {
    // Prepare
    const agendamento = {
      id: 5,
      pacienteTelefone: '+5511999990002',
      procedimento: 'Exame',
      pacienteNome: null,
      pacienteCpf: null,
      prestador: null,
      numeroPedido: 'P1',
      dataLimiteRetirada: null,
      localRetirada: null,
      observacoes: null,
      medicoSolicitante: null,
      status: 'CONFIRMADO',
      criadoEm: '2026-01-01T10:00:00',
      atualizadoEm: '2026-01-01T11:00:00',
      historico: [{ de: null, para: 'IMPORTADO', em: '2026-01-01T10:00:00', por: { tipo: 'cliente', id: 'c1' }, observacao: null }],
      pendencia: null,
    };
    const payload = { type: 'AGENDAMENTO_CONFIRMADO', timestamp: '2026-01-01T11:00:00', data: { agendamento } };
    const f = (p: unknown) => fieldsOf({ pk: 'APP#9', sk: 'EVENTO#e1', payload: p });

    // Act / Assess
    expect(f(payload).read('payload', appointmentEvent)).toStrictEqual(payload);
    expect(() => f({ ...payload, type: 'AGENDAMENTO_PERDIDO' }).read('payload', appointmentEvent)).toThrow(
      'stored item APP#9 EVENTO#e1: payload.type is a string, expected one of AGENDAMENTO_CONFIRMADO',
    );
    const lost = { ...agendamento, historico: [{ ...agendamento.historico[0], para: 'PERDIDO' }] };
    expect(() => f({ ...payload, data: { agendamento: lost } }).read('payload', appointmentEvent)).toThrow(
      'payload.data.agendamento.historico[0].para is a string, expected one of IMPORTADO',
    );
  });

  it('keep the fields an open map does not name, and read the ones it does', () => {
    // Prepare
    const window = openMap((w) => ({
      inicio: w.read('inicio', string),
      estado: w.read('estado', oneOf(['DISPONIVEL', 'RESERVADO'] as const)),
    }));
    const f = fieldsOf({
      ...key,
      janelas: [{ inicio: '10:00', estado: 'RESERVADO', reservaId: 7 }],
      outras: [{ inicio: '10:00', estado: 'X' }],
    });

    // Act / Assess
    expect(f.read('janelas', listOf(window))).toStrictEqual([{ inicio: '10:00', estado: 'RESERVADO', reservaId: 7 }]);
    expect(() => f.read('outras', listOf(window))).toThrow('outras[0].estado is a string, expected one of DISPONIVEL, RESERVADO');
  });

  it('read JSON text, refusing text that is not JSON without quoting it', () => {
    const f = fieldsOf({ ...key, corpo: '{"a":[1,2]}', quebrado: '{"cpf":"123' });
    expect(f.read('corpo', jsonText)).toStrictEqual({ a: [1, 2] });
    expect(() => f.read('quebrado', jsonText)).toThrow(/^stored item APP#7 THING#1: quebrado is a string, expected JSON text$/);
  });
});
