// The AI assistant under the local service (docs/ai.md): provider_a's signed webhook brings a patient's message,
// the inbound consumer answers it through the Bedrock simulator and the ordinary send, or hands the attendance to a
// person (each reason); an operator's suggestion and a template draft; every interaction charged IA_INTERACAO at its
// kind's tariff through the one debit path, and the platform's AI margin over them.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '#shared/domain/money';
import { MOBILE_FAILURE_RECIPIENTS } from '#infra/local/simulators/common';
import { providerASignature } from '#shared/providers/signatures';
import { bearer, client, useLocalService, type Json } from '../support/local-service.ts';

const service = useLocalService();
const api = client(service);

let phones = 0;
const newPhone = () => `+55419${String(process.pid % 1000).padStart(3, '0')}${String(++phones).padStart(5, '0')}`;
const outra = () => service.sandbox.applications.outra;
const demo = () => service.sandbox.applications.demo;
const outraAdmin = () => bearer(outra().tokens.admin);
/** demo's admin is the sandbox's platform administrator. */
const platformAdmin = () => bearer(demo().tokens.admin);

const INSTRUCTIONS = [
  'Horário de atendimento: segunda a sexta, das 8h às 18h, e sábado das 8h às 12h.',
  'Endereço: Rua das Flores, 100, Centro, Curitiba.',
  'Estacionamento gratuito no subsolo do prédio.',
].join('\n');

/** provider_a posts the patient's message to outra's number, signed as provider_a signs it. */
async function patientWrites(from: string, body: string, messageSid = `SM${randomBytes(16).toString('hex')}`) {
  const url = `${service.baseUrl}/api/webhooks/whatsapp/webhook`;
  const params = {
    MessageSid: messageSid,
    AccountSid: 'AC0000',
    From: `whatsapp:${from}`,
    To: `whatsapp:${outra().numerosWhatsapp[0]}`,
    Body: body,
    ProfileName: 'Paciente de Teste',
    NumMedia: '0',
  };
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Provider-A-Signature': providerASignature(url, params, outra().providerA.authToken),
    },
    body: new URLSearchParams(params).toString(),
  });
  expect(response.status).toBe(200);
  await service.queues.drained(15_000);
  return messageSid;
}

async function get(url: string, auth = outraAdmin()): Promise<Json> {
  const reply = await api.call('GET', url, auth);
  expect(reply.status, url).toBe(200);
  return reply.body;
}

const sentTo = async (phone: string) =>
  (await get(`/api/admin/mensagens?telefone=${encodeURIComponent(phone)}&size=100`)).content as Json[];
const statement = async () => (await get('/api/admin/extrato?size=100')).content as Json[];
const aiEntries = async () => (await statement()).filter((e) => e.referenciaTipo === 'IA_INTERACAO');

/** The patient's attendance in outra (the one its message landed in), as stored: status and history. */
async function attendanceOf(phone: string) {
  const [message] = (await get(`/api/admin/mensagens-recebidas?telefone=${encodeURIComponent(phone)}&size=1`)).content as Json[];
  // As the console reads it: its status, and its moves with who made them and why (historico).
  return get(`/api/admin/atendimentos/${String(message!.atendimentoId)}`);
}

const modelCalls = () => service.bedrock.calls().length;

async function setTariff(subtipo: string, valor: string): Promise<number> {
  const reply = await api.call('POST', '/api/admin/tarifas', platformAdmin(), {
    aplicacaoId: outra().id,
    categoria: 'IA',
    subtipo,
    valor,
    unidade: 'POR_INTERACAO',
  });
  expect(reply.status).toBe(201);
  return Number(reply.body.id);
}
const dropTariff = async (id: number) =>
  expect((await api.call('PUT', `/api/admin/tarifas/${id}`, platformAdmin(), { ativo: false })).status).toBe(200);

beforeAll(async () => {
  const reply = await api.call('PUT', '/api/admin/whatsapp/ia', outraAdmin(), {
    autoResposta: true,
    instrucoes: INSTRUCTIONS,
    horarioAtendimento: 'segunda a sexta, 8h às 18h',
  });
  expect(reply.status).toBe(200);
});

afterAll(async () => {
  await api.call('PUT', '/api/admin/whatsapp/ia', outraAdmin(), { autoResposta: false, instrucoes: '' });
});

describe('automatic answers', () => {
  it('answers a question its instructions cover with an ordinary message, charged one IA_INTERACAO at the AUTO_RESPOSTA tariff', async () => {
    // Prepare
    const phone = newPhone();
    const before = (await statement())[0]!;
    const started = Date.now();

    // Act
    await patientWrites(phone, 'Qual o horário de atendimento?');

    // Assess: an answer to that phone within 10 s, in the attendance's conversation, the attendance still with the bot
    const [answer, ...others] = await sentTo(phone);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(others).toHaveLength(0);
    expect(answer).toMatchObject({ toNumber: phone, contexto: 'SUPORTE' });
    expect(answer!.body).toContain('segunda a sexta, das 8h às 18h');
    const attendance = await attendanceOf(phone);
    expect(attendance.status).toBe('BOT');
    const detail = await get(`/api/admin/atendimentos/${attendance.id}`);
    expect((detail.conversa as Json[]).map((m) => m.direcao)).toEqual(['ENTRADA', 'SAIDA']);

    // The statement: the message's debit and the interaction's, each from the balance the one before left.
    const entries = (await statement()).filter((e) => Number(e.id) > Number(before.id));
    const ai = entries.find((e) => e.referenciaTipo === 'IA_INTERACAO')!;
    expect(ai).toMatchObject({ tipo: 'DEBIT', valor: '0.05', tarifaCobrada: '0.05', custoProviderAUsd: null });
    expect(ai.descricao).toBe('Interação com IA: resposta automática');
    expect(entries.map((e) => e.referenciaTipo).sort()).toEqual(['IA_INTERACAO', 'MENSAGEM_ENVIADA']);
    for (const e of entries) {
      expect(toCents(String(e.saldoAnterior)) - toCents(String(e.valor))).toBe(toCents(String(e.saldoPosterior)));
    }
    expect(toCents(String(before.saldoPosterior)) - toCents(String(entries[0]!.saldoPosterior))).toBe(
      entries.reduce((sum, e) => sum + toCents(String(e.valor)), 0n),
    );
  });

  it('answers a redelivered message once: one message, one charge', async () => {
    // Prepare
    const phone = newPhone();
    const sid = await patientWrites(phone, 'Qual o endereço da clínica?');
    const charged = (await aiEntries()).length;

    // Act: provider_a delivers the same message again
    await patientWrites(phone, 'Qual o endereço da clínica?', sid);

    // Assess
    expect(await sentTo(phone)).toHaveLength(1);
    expect((await aiEntries()).length).toBe(charged);
  });

  it('removes CPFs, card and phone numbers and e-mail addresses before anything reaches the model', async () => {
    // Prepare
    const phone = newPhone();
    const calls = modelCalls();

    // Act
    await patientWrites(phone, 'Meu CPF é 123.456.789-09, e-mail maria@exemplo.com, celular (41) 99876-5432: tem estacionamento?');

    // Assess: the model was asked, without any of them, and the answer came from the instructions
    const sent = JSON.stringify(
      service.bedrock
        .calls()
        .slice(calls)
        .map((c) => c.body),
    );
    expect(sent).toContain('tem estacionamento?');
    expect(sent).not.toMatch(/123\.456\.789-09|maria@exemplo\.com|99876-5432/);
    expect(sent).toContain('[número removido]');
    expect(sent).toContain('[e-mail removido]');
    expect((await sentTo(phone))[0]!.body).toContain('Estacionamento gratuito');
  });
});

describe('hand-offs to a person (the attendance to its queue, nothing charged for the AI)', () => {
  const handedOff = async (phone: string, motivo: string | undefined) => {
    const attendance = await attendanceOf(phone);
    expect(attendance.status).toBe('FILA');
    expect(attendance.historico.at(-1)).toMatchObject(motivo ? { de: 'BOT', para: 'FILA', por: 'ia', motivo } : { por: 'paciente' });
    expect(await sentTo(phone)).toHaveLength(0);
  };

  it('when the patient asks for a person, without calling the model', async () => {
    const phone = newPhone();
    const [charged, calls] = [(await aiEntries()).length, modelCalls()];
    await patientWrites(phone, 'quero falar com um atendente');
    await handedOff(phone, undefined);
    expect(modelCalls()).toBe(calls);
    expect((await aiEntries()).length).toBe(charged);
  });

  it('when the instructions do not answer the question', async () => {
    const phone = newPhone();
    const charged = (await aiEntries()).length;
    await patientWrites(phone, 'Vocês aceitam cachorro?');
    await handedOff(phone, 'SEM_RESPOSTA');
    expect((await aiEntries()).length).toBe(charged);
  });

  it('when the guardrail refuses a clinical question', async () => {
    const phone = newPhone();
    const charged = (await aiEntries()).length;
    await patientWrites(phone, 'Posso tomar dipirona antes do exame?');
    await handedOff(phone, 'GUARDRAIL');
    expect(service.bedrock.calls().at(-1)).toMatchObject({ stopReason: 'guardrail_intervened' });
    expect((await aiEntries()).length).toBe(charged);
  });

  it('when the model does not answer', async () => {
    const phone = newPhone();
    await patientWrites(phone, 'Qual o horário? [simular:indisponivel]');
    await handedOff(phone, 'IA_INDISPONIVEL');
  });

  it('after 3 automatic answers in the attendance', async () => {
    // Prepare: three questions answered
    const phone = newPhone();
    for (const question of ['Qual o horário de atendimento?', 'Qual o endereço?', 'Tem estacionamento?'])
      await patientWrites(phone, question);
    expect(await sentTo(phone)).toHaveLength(3);
    const charged = (await aiEntries()).length;

    // Act: a fourth
    await patientWrites(phone, 'E no sábado, qual o horário?');

    // Assess
    const attendance = await attendanceOf(phone);
    expect(attendance.status).toBe('FILA');
    expect(attendance.historico.at(-1)).toMatchObject({ por: 'ia', motivo: 'LIMITE_RESPOSTAS' });
    expect(await sentTo(phone)).toHaveLength(3);
    expect((await aiEntries()).length).toBe(charged);
  });

  it('when the balance does not cover the interaction, before the model is called', async () => {
    // Prepare: outra's own AUTO_RESPOSTA tariff above its balance
    const tariff = await setTariff('AUTO_RESPOSTA', '99999999.00');
    const phone = newPhone();
    const [before, calls] = [(await statement())[0]!, modelCalls()];
    try {
      // Act
      await patientWrites(phone, 'Qual o horário de atendimento?');

      // Assess: handed off, nothing written on the statement, no model call paid for
      await handedOff(phone, 'SALDO_INSUFICIENTE');
      expect((await statement())[0]!.id).toBe(before.id);
      expect(modelCalls()).toBe(calls);
    } finally {
      await dropTariff(tariff);
    }
  });
  it('when the answer cannot be sent: the provider refused it, and the interaction’s charge is given back', async () => {
    // Prepare: provider_a's simulator refuses sends to this number (400)
    const phone = MOBILE_FAILURE_RECIPIENTS.rejected;
    const before = (await statement())[0]!;

    // Act
    await patientWrites(phone, 'Qual o horário de atendimento?');

    // Assess: handed off; the interaction charged, then refunded, and the message's debit compensated: nothing spent
    const attendance = await attendanceOf(phone);
    expect(attendance.status).toBe('FILA');
    expect(attendance.historico.at(-1)).toMatchObject({ por: 'ia', motivo: 'ENVIO_FALHOU' });
    const entries = (await statement()).filter((e) => Number(e.id) > Number(before.id));
    const ai = entries.find((e) => e.referenciaTipo === 'IA_INTERACAO')!;
    expect(entries.find((e) => e.referenciaTipo === 'ESTORNO')).toMatchObject({ tipo: 'CREDIT', valor: ai.valor, referenciaId: ai.id });
    expect(entries.reduce((sum, e) => sum + (e.tipo === 'DEBIT' ? -1n : 1n) * toCents(String(e.valor)), 0n)).toBe(0n);
    expect(entries[0]!.saldoPosterior).toBe(before.saldoPosterior);
  });
});

describe('an operator’s reply suggestion', () => {
  it('suggests an answer from the conversation and the instructions, not sent, charged at the CONSULTOR tariff', async () => {
    // Prepare: a patient the bot handed to a person
    const phone = newPhone();
    await patientWrites(phone, 'Quero um atendente. Qual o endereço de vocês?');
    const attendance = await attendanceOf(phone);

    // Act
    const reply = await api.call('POST', `/api/admin/atendimentos/${attendance.id}/sugestao`, outraAdmin());

    // Assess
    expect(reply.status).toBe(200);
    expect(reply.body.texto).toContain('Rua das Flores, 100');
    expect(await sentTo(phone)).toHaveLength(0);
    expect((await statement())[0]).toMatchObject({
      referenciaTipo: 'IA_INTERACAO',
      valor: '0.03',
      descricao: 'Interação com IA: sugestão de resposta',
    });
  });

  it('is refused with nothing charged: 422 on a clinical question, 402 on a short balance (the model not called), 404 for another application', async () => {
    // Prepare: a patient with a clinical question, another with one the instructions answer
    const [sick, asking] = [newPhone(), newPhone()];
    await patientWrites(sick, 'Quero falar com um atendente, estou com febre, que remédio devo tomar?');
    await patientWrites(asking, 'Quero falar com um atendente sobre o estacionamento');
    const [clinicalOne, plainOne] = [await attendanceOf(sick), await attendanceOf(asking)];
    const before = (await statement())[0]!;

    // Act
    const clinical = await api.call('POST', `/api/admin/atendimentos/${clinicalOne.id}/sugestao`, outraAdmin());
    const tariff = await setTariff('CONSULTOR', '99999999.00');
    let short;
    const calls = modelCalls();
    try {
      short = await api.call('POST', `/api/admin/atendimentos/${plainOne.id}/sugestao`, outraAdmin());
    } finally {
      await dropTariff(tariff);
    }
    const callsWhenShort = modelCalls() - calls;
    const foreign = await api.call('POST', `/api/admin/atendimentos/${plainOne.id}/sugestao`, platformAdmin());

    // Assess
    expect(clinical.status).toBe(422);
    expect(short.status).toBe(402);
    expect(short.body).toMatchObject({ error: 'insufficient_balance', saldo: before.saldoPosterior });
    expect(callsWhenShort).toBe(0);
    expect(foreign.status).toBe(404);
    expect((await statement())[0]!.id).toBe(before.id);
  });
});

describe('a template drafted by the AI assistant', () => {
  it('is a RASCUNHO template that passes the template rules, charged at the GERACAO_CONTEUDO tariff', async () => {
    // Act
    const reply = await api.call('POST', '/api/admin/whatsapp/templates-hsm/sugestoes', outraAdmin(), {
      objetivo: 'lembrar o paciente de confirmar a consulta de amanhã',
      categoria: 'UTILITY',
    });

    // Assess
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ estado: 'RASCUNHO', categoria: 'UTILITY', idioma: 'pt_BR', variaveis: ['pacienteNome'] });
    expect(reply.body.corpo).toMatch(/\{\{1\}\}.*confirmar a consulta de amanhã/);
    expect(reply.body.botoes).toEqual(['Confirmar', 'Remarcar']);
    expect((await get(`/api/admin/whatsapp/templates-hsm/${reply.body.id}`)).nome).toBe(reply.body.nome);
    expect((await statement())[0]).toMatchObject({ referenciaTipo: 'IA_INTERACAO', valor: '0.10' });
  });

  it('is refused (422, nothing written or charged) when the draft breaks a rule: promotional text in a UTILITY template', async () => {
    const [before, templates] = [(await statement())[0]!, ((await get('/api/admin/whatsapp/templates-hsm')) as unknown as Json[]).length];
    const reply = await api.call('POST', '/api/admin/whatsapp/templates-hsm/sugestoes', outraAdmin(), {
      objetivo: 'avisar da promoção de 30% de desconto no check-up',
      categoria: 'UTILITY',
    });
    expect(reply.status).toBe(422);
    expect(reply.body.message).toContain('promotional');
    expect((await statement())[0]!.id).toBe(before.id);
    expect(((await get('/api/admin/whatsapp/templates-hsm')) as unknown as Json[]).length).toBe(templates);
  });

  it('is 402, the model not called, when the balance does not cover the GERACAO_CONTEUDO tariff', async () => {
    const [before, calls] = [(await statement())[0]!, modelCalls()];
    const tariff = await setTariff('GERACAO_CONTEUDO', '99999999.00');
    let reply;
    try {
      reply = await api.call('POST', '/api/admin/whatsapp/templates-hsm/sugestoes', outraAdmin(), {
        objetivo: 'lembrar o paciente de trazer os exames',
        categoria: 'UTILITY',
      });
    } finally {
      await dropTariff(tariff);
    }
    expect(reply.status).toBe(402);
    expect(reply.body).toMatchObject({ error: 'insufficient_balance', saldo: before.saldoPosterior });
    expect(modelCalls()).toBe(calls);
    expect((await statement())[0]!.id).toBe(before.id);
  });
});

describe('the platform’s AI margin', () => {
  it('sums the month’s interactions of outra: tokens, what was charged, what the tokens cost, the margin; platform admins only', async () => {
    // Act
    const summary = await get('/api/admin/ia/resumo', platformAdmin());
    const refused = await api.call('GET', '/api/admin/ia/resumo', outraAdmin());

    // Assess: what was charged is the sum of outra's IA_INTERACAO entries of the month
    expect(refused.status).toBe(403);
    const row = (summary.aplicacoes as Json[]).find((a) => a.aplicacaoId === outra().id)!;
    const month = String(summary.mes);
    const charged = (await aiEntries())
      .filter((e) => String(e.criadoEm).startsWith(month))
      .reduce((sum, e) => sum + toCents(String(e.valor)), 0n);
    expect(toCents(String(row.cobrado))).toBe(charged);
    expect(row.interacoes).toBeGreaterThan(row.cobradas as number);
    expect(row.tokensEntrada).toBeGreaterThan(0);
    expect(row.modelo).toBe(process.env.MODEL_ID ?? row.modelo);
    if (summary.cotacaoUsdBrl !== null) {
      expect(Number(row.custoModelo)).toBeGreaterThan(0);
      expect(Number(row.margem)).toBeCloseTo(Number(row.cobrado) - Number(row.custoModelo), 6);
    }
  });
});
