import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lambdaContext, restEvent } from '#events/samples/api-gateway';
import { handler } from '#functions/public/handler';
import { resetAdapters, useAdapters } from '#shared/adapters/index';
import type { Mail } from '#shared/adapters/ports';
import { resetConfig } from '#shared/config';
import { localDateTime } from '#shared/domain/time';

const dynamo = mockClient(DynamoDBDocumentClient);
let sent: Mail[];
let mailFails: boolean;

const postContact = async (body: unknown, raw = false) => {
  const event = restEvent({
    method: 'POST',
    resource: '/api/contato',
    body: raw ? (body as string) : (body as object),
    headers: { 'Content-Type': 'application/json' },
  });
  const result = await handler(event, lambdaContext());
  return { ...result, json: JSON.parse(result.body) };
};

const stored = () => dynamo.commandCalls(PutCommand).map((c) => c.args[0].input.Item!);

const valid = {
  nome: '  Maria da Silva ',
  email: ' maria@clinica.example.com ',
  empresa: 'Clínica Boa Saúde',
  telefone: '+55 11 99999-0000',
  perfil: 'Gestora',
  mensagem: 'Gostaria de uma demonstração.',
};

describe('POST /api/contato', () => {
  beforeEach(() => {
    process.env.ADMIN_EMAIL = 'comercial@platform.example.com';
    process.env.MAIL_FROM = 'no-reply@platform.example.com';
    resetConfig();
    dynamo.reset();
    dynamo.on(UpdateCommand).resolves({ Attributes: { hi: 5000 } }); // id block 4901..5000
    dynamo.on(PutCommand).resolves({});
    sent = [];
    mailFails = false;
    useAdapters({
      mail: {
        send: async (mail) => {
          if (mailFails) throw new Error('SES is down');
          sent.push(mail);
        },
      },
    });
  });
  afterEach(() => {
    delete process.env.MAIL_FROM;
    delete process.env.ADMIN_EMAIL;
    resetAdapters();
    vi.useRealTimers();
  });
  afterAll(() => dynamo.restore());

  it('stores the request, mails the administrator and answers 201 with the id', async () => {
    // Prepare
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T04:53:56Z')); // 01:53:56 in São Paulo

    // Act
    const response = await postContact(valid);

    // Assess
    expect(response.statusCode).toBe(201);
    expect(response.json).toEqual({
      id: expect.any(Number),
      status: 'RECEBIDO',
      mensagem: 'Solicitação recebida',
      criadoEm: '2026-11-22T01:53:56',
    });
    const [item, ...others] = stored();
    expect(others).toHaveLength(0);
    expect(item).toMatchObject({
      pk: `CONTATO#${response.json.id}`,
      id: response.json.id,
      nome: 'Maria da Silva',
      email: 'maria@clinica.example.com',
      empresa: 'Clínica Boa Saúde',
      telefone: '+55 11 99999-0000',
      perfil: 'Gestora',
      mensagem: 'Gostaria de uma demonstração.',
      criadoEm: '2026-11-22T01:53:56',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'comercial@platform.example.com', replyTo: 'maria@clinica.example.com' });
    expect(sent[0]!.subject).toContain(String(response.json.id));
    expect(sent[0]!.text).toContain('Maria da Silva');
    expect(sent[0]!.text).toContain('Gostaria de uma demonstração.');
  });

  it('accepts only the required fields, treating blank and null optional fields as absent', async () => {
    const response = await postContact({ nome: 'João', email: 'joao@example.com', empresa: '   ', telefone: null });

    expect(response.statusCode).toBe(201);
    const item = stored()[0]!;
    expect(item.nome).toBe('João');
    expect(item.empresa).toBeUndefined();
    expect(item.telefone).toBeUndefined();
    expect(sent).toHaveLength(1);
  });

  it('gives every request its own id', async () => {
    const a = await postContact(valid);
    const b = await postContact(valid);

    expect(a.json.id).not.toBe(b.json.id);
  });

  it.each([
    ['nome missing', { email: 'a@example.com' }, 'nome', 'nome is required'],
    ['nome blank', { nome: '   ', email: 'a@example.com' }, 'nome', 'nome must not be empty'],
    ['email missing', { nome: 'Ana' }, 'email', 'email is required'],
    ['email malformed', { nome: 'Ana', email: 'ana@' }, 'email', 'email must be a valid e-mail address'],
    ['nome too long', { nome: 'x'.repeat(201), email: 'a@example.com' }, 'nome', 'nome must have at most 200 characters'],
    [
      'mensagem too long',
      { nome: 'Ana', email: 'a@example.com', mensagem: 'x'.repeat(5001) },
      'mensagem',
      'mensagem must have at most 5000 characters',
    ],
    // The wording for a wrong type comes from shared/http/validation.ts; the field is what matters here.
    [
      'telefone not a string',
      { nome: 'Ana', email: 'a@example.com', telefone: 11999990000 },
      'telefone',
      expect.stringMatching(/^telefone /),
    ],
  ] as [string, object, string, unknown][])(
    'refuses %s with 400 naming the field, storing and sending nothing',
    async (_, body, field, message) => {
      const response = await postContact(body);

      expect(response.statusCode).toBe(400);
      expect(response.json).toEqual({ error: 'validation_error', message, field });
      expect(stored()).toHaveLength(0);
      expect(sent).toHaveLength(0);
    },
  );

  it('refuses a body that is not JSON, or no body at all, with 400 and no effect', async () => {
    const invalid = await postContact('{"nome": "Ana", ', true);
    const empty = await handler(restEvent({ method: 'POST', resource: '/api/contato' }), lambdaContext());

    expect(invalid.statusCode).toBe(400);
    expect(invalid.json.error).toBe('invalid_json');
    expect(empty.statusCode).toBe(400);
    expect(JSON.parse(empty.body)).toMatchObject({ error: 'validation_error', message: 'body must be a JSON object' });
    expect(stored()).toHaveLength(0);
    expect(sent).toHaveLength(0);
  });

  it('still answers 201 when the e-mail fails: the request is stored, and the log holds no personal data', async () => {
    mailFails = true;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const infos = vi.spyOn(console, 'log').mockImplementation(() => undefined);

    const response = await postContact(valid);

    expect(response.statusCode).toBe(201);
    expect(stored()).toHaveLength(1);
    const logged = [...errors.mock.calls, ...infos.mock.calls].map((c) => String(c[0])).join('\n');
    expect(logged).toContain('demo request notification failed');
    expect(logged).toContain(String(response.json.id));
    expect(logged).not.toMatch(/Maria|maria@|Boa Saúde|99999|demonstração\./);
    errors.mockRestore();
    infos.mockRestore();
  });

  it("stores the request and mails nobody, with no error logged, where the deployment chose no e-mail (mailFrom 'none')", async () => {
    // Prepare: the stack gives the function no MAIL_FROM when the operator chose none.
    delete process.env.MAIL_FROM;
    resetConfig();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    // Act
    const response = await postContact(valid);

    // Assess
    expect(response.statusCode).toBe(201);
    expect(stored()).toHaveLength(1);
    expect(sent).toHaveLength(0);
    expect(errors).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('answers 500 and sends no e-mail when the request cannot be stored', async () => {
    dynamo.on(PutCommand).rejects(new Error('table gone'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const response = await postContact(valid);

    expect(response.statusCode).toBe(500);
    expect(sent).toHaveLength(0);
    vi.restoreAllMocks();
  });
});

describe('local date-time', () => {
  it('writes the São Paulo wall-clock time without a zone', () => {
    expect(localDateTime(new Date('2026-11-22T04:53:56.789Z'))).toBe('2026-11-22T01:53:56');
    expect(localDateTime(new Date('2026-01-01T02:00:00Z'))).toBe('2025-12-31T23:00:00');
    expect(localDateTime(new Date('2026-01-01T00:00:00Z'), 'UTC')).toBe('2026-01-01T00:00:00');
  });
});
