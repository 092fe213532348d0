// The portal logins end to end through the local gateway (DynamoDB Local, the real token and
// admin handlers): e-mail and password with its lockout, and the patient's one-time code sent
// over WhatsApp, read here from the local outbox. The lock lasts LOGIN_LOCK_SECONDS (2 s here).
import { randomInt, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import type * as Crypto from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useLocalService } from '../support/local-service.ts';
import { sandboxPatientPhone, userEmail, type SandboxApp } from '#infra/local/seed';
import { adapter, useAdapters } from '#shared/adapters/index';
import { signPortalToken } from '#shared/auth/tokens';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { db } from '#shared/db/client';
import { dynamoPatientRepository } from '#shared/db/patients';
import { addPatientPhone, dynamoUserAuthRepository } from '#shared/db/users';
import { registerPortalUser } from '#shared/domain/applications/registration';
import { deliverPatientCode, exchangePatientCode, PatientLoginThrottled, requestPatientCode } from '#shared/domain/patient-otp';

const LOCK_SECONDS = 2;

// Every scrypt derivation the service makes (it runs in this process): the work a login does, counted rather than timed.
const derivations = vi.hoisted(() => [] as { password: string; saltBytes: number; keylen: number; N?: number; r?: number; p?: number }[]);
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  const scrypt = ((...args: Parameters<typeof actual.scrypt>) => {
    const [secret, salt, keylen, options] = args;
    const { N, r, p } = typeof options === 'object' ? options : {};
    derivations.push({
      password: typeof secret === 'string' ? secret : '(bytes)',
      saltBytes: Buffer.from(salt as Buffer).length,
      keylen,
      N,
      r,
      p,
    });
    return (actual.scrypt as (...a: unknown[]) => void)(...args);
  }) as typeof actual.scrypt;
  return { ...actual, scrypt, default: { ...actual, scrypt } };
});

let demo: SandboxApp;
let outra: SandboxApp;

const service = useLocalService({ env: { LOGIN_LOCK_SECONDS: String(LOCK_SECONDS) } });

beforeAll(async () => {
  ({ demo, outra } = service.sandbox.applications);
});

interface Answer {
  status: number;
  headers: Headers;
  json: Record<string, unknown>;
}

async function call(method: string, route: string, body?: unknown, token?: string): Promise<Answer> {
  const response = await fetch(`${service.baseUrl}${route}`, {
    method,
    headers: {
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

const password = 'uma senha bem comprida 42';
const newEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@clinica.example`;
const login = (email: string, senha: string) => call('POST', '/api/auth/login', { email, senha });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function createUser(app: SandboxApp, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
  const answer = await call('POST', '/api/admin/usuarios', { nome: 'Usuário de teste', ...fields }, app.tokens.admin);
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return answer.json;
}

const newPlantonista = async (app: SandboxApp = demo) => {
  const email = newEmail('plantonista');
  await createUser(app, { email, role: 'plantonista', senha: password });
  return email;
};

const newPatientPhone = async (app: SandboxApp = demo) => {
  const telefone = `+55219${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`;
  await createUser(app, { email: newEmail('paciente'), role: 'paciente', telefone });
  return telefone;
};

describe('POST /api/auth/login', () => {
  it("issues a short-lived portal token of the user's role, not to be cached", async () => {
    // Prepare
    const email = await newPlantonista();

    // Act
    const answer = await login(email.toUpperCase(), password);

    // Assess
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, role: 'plantonista' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const claims = decodeJwt(answer.json.access_token as string);
    expect(claims).toMatchObject({ role: 'plantonista', aplicacao_id: demo.id });
    expect(claims.exp! - claims.iat!).toBe(3600);
  });

  it('gives admins a 15-minute token', async () => {
    const email = newEmail('admin');
    await createUser(outra, { email, role: 'admin', senha: password });

    const answer = await login(email, password);

    expect(answer.json).toMatchObject({ expires_in: 900, role: 'admin' });
    const claims = decodeJwt(answer.json.access_token as string);
    expect(claims.exp! - claims.iat!).toBe(900);
  });

  it('answers a wrong password, an unknown e-mail, a user without password and a patient alike', async () => {
    // Prepare
    const email = await newPlantonista();
    const patientEmail = newEmail('paciente');
    await createUser(demo, { email: patientEmail, role: 'paciente', telefone: `+55319${String(randomInt(0, 10 ** 8)).padStart(8, '0')}` });

    // Act
    const answers = await Promise.all([
      login(email, 'senha errada qualquer'),
      login(newEmail('ninguem'), password),
      login(userEmail('admin', 'demo'), password), // seeded without a password
      login(patientEmail, password),
    ]);

    // Assess
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ error: 'invalid_credentials', message: 'Invalid e-mail or password' });
    }
  });

  it('does the same password work for an unknown e-mail as for a wrong password', async () => {
    // Prepare: a known e-mail, an unknown one, a user without a password.
    const email = await newPlantonista();
    const derivationsOf = async (answer: () => Promise<Answer>) => {
      const from = derivations.length;
      expect((await answer()).status).toBe(401);
      return derivations.slice(from);
    };

    // Act
    const wrong = await derivationsOf(() => login(email, 'wrong password 1'));
    const unknown = await derivationsOf(() => login(newEmail('ninguem'), 'wrong password 1'));
    const noPassword = await derivationsOf(() => login(userEmail('admin', 'demo'), 'wrong password 1'));

    // Assess: one scrypt derivation of the password each, at the same cost (a shortcut for unknown e-mails would make none).
    const one = [{ password: 'wrong password 1', saltBytes: 16, keylen: 32, N: 2 ** 15, r: 8, p: 1 }];
    expect(wrong).toEqual(one);
    expect(unknown).toEqual(one);
    expect(noPassword).toEqual(one);
  });

  it('locks the e-mail after 5 failures: even the right password is refused until the lock ends', async () => {
    // Prepare
    const email = await newPlantonista();

    // Act
    const failures = [];
    for (let i = 0; i < 5; i++) failures.push(await login(email, `tentativa ${i} errada`));
    const locked = await login(email, password);
    await sleep(LOCK_SECONDS * 1000 + 300);
    const afterLock = await login(email, password);

    // Assess
    expect(failures.map((f) => f.status)).toEqual([401, 401, 401, 401, 401]);
    expect(locked.status).toBe(429);
    expect(locked.json).toMatchObject({ error: 'too_many_attempts' });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(LOCK_SECONDS);
    expect(afterLock.status).toBe(200);
  });

  it('locks an unknown e-mail the same way, so the lock tells nothing about who exists', async () => {
    const known = await newPlantonista();
    const unknown = newEmail('ninguem');
    for (let i = 0; i < 5; i++) {
      await login(known, 'errada errada errada');
      await login(unknown, 'errada errada errada');
    }

    const [lockedKnown, lockedUnknown] = await Promise.all([login(known, password), login(unknown, password)]);

    expect(lockedKnown.status).toBe(429);
    expect(lockedUnknown.status).toBe(429);
    expect(lockedUnknown.json).toEqual(lockedKnown.json);
  });

  it('forgets the failures after a success', async () => {
    const email = await newPlantonista();
    const statuses: number[] = [];

    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) statuses.push((await login(email, 'errada errada errada')).status);
      statuses.push((await login(email, password)).status);
    }

    expect(statuses).toEqual([401, 401, 401, 401, 200, 401, 401, 401, 401, 200]);
  });

  it('checks at most 5 passwords even when the guesses arrive together', async () => {
    const email = await newPlantonista();

    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => login(email, `palpite paralelo ${i}`)));

    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('answers 400 naming the missing field', async () => {
    const noPassword = await call('POST', '/api/auth/login', { email: 'a@b.example' });
    const noEmail = await call('POST', '/api/auth/login', { senha: password });

    expect(noPassword.status).toBe(400);
    expect(noPassword.json).toMatchObject({ error: 'validation_error', field: 'senha' });
    expect(noEmail.json).toMatchObject({ error: 'validation_error', field: 'email' });
  });
});

describe('patient one-time code', () => {
  const outbox = () => path.join(service.dataDir, 'outbox');

  /** The WhatsApp texts the local outbox holds for a phone, oldest first, once the queued codes were sent. */
  async function textsTo(telefone: string): Promise<{ aplicacaoId: number; to: string; body: string }[]> {
    await service.queues.drained();
    const files = (await readdir(outbox()).catch(() => [] as string[])).filter((f) => f.includes('-whatsapp-')).sort();
    const texts = await Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(outbox(), f), 'utf8'))));
    return texts.filter((t) => t.channel === 'whatsapp' && t.to === telefone);
  }

  async function codeSentTo(telefone: string): Promise<string> {
    const texts = await textsTo(telefone);
    const code = /Seu código de acesso: (\d{6})/.exec(texts.at(-1)?.body ?? '')?.[1];
    expect(code, `a code sent to ${telefone}`).toBeDefined();
    return code as string;
  }

  const requestCode = (aplicacao: string, telefone: string) => call('POST', '/api/auth/paciente/codigo', { aplicacao, telefone });
  const exchange = (aplicacao: string, telefone: string, codigo: string) =>
    call('POST', '/api/auth/paciente/token', { aplicacao, telefone, codigo });
  const otpItem = async (aplicacaoId: number, telefone: string) =>
    (await db().send(new GetCommand({ TableName: service.tableName, Key: { pk: `APP#${aplicacaoId}`, sk: `OTP#${telefone}` } }))).Item;

  /** The 30 seconds between two codes of a phone, passed: its last request, and its code once stored, made older. */
  async function allowNextCodeNow(aplicacaoId: number, telefone: string): Promise<void> {
    await service.queues.drained(); // the code queued last is stored (and sent) before it is made older
    const before = Math.floor(Date.now() / 1000) - 31;
    const older = (sk: string, attribute: string) =>
      db()
        .send(
          new UpdateCommand({
            TableName: service.tableName,
            Key: { pk: `APP#${aplicacaoId}`, sk },
            UpdateExpression: `SET ${attribute} = :before`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':before': before },
          }),
        )
        .catch((error: Error) => {
          if (error.name !== 'ConditionalCheckFailedException') throw error;
        });
    await Promise.all([older(`OTPPEDIDO#${telefone}`, 'ultimoEm'), older(`OTP#${telefone}`, 'enviadoEm')]);
  }

  it('sends a code to the sandbox patient over WhatsApp and exchanges it for a patient token', async () => {
    // Prepare
    const telefone = sandboxPatientPhone(demo.id);

    // Act
    const requested = await requestCode('demo', telefone);
    const code = await codeSentTo(telefone);
    const exchanged = await exchange('demo', telefone, code);

    // Assess
    expect(requested.status).toBe(202);
    expect(requested.json).toEqual({ status: 'ENVIADO' });
    expect(await textsTo(telefone)).toEqual([expect.objectContaining({ aplicacaoId: demo.id, to: telefone })]);
    expect(exchanged.status).toBe(200);
    expect(exchanged.json).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600 });
    const token = exchanged.json.access_token as string;
    expect(decodeJwt(token)).toMatchObject({ role: 'paciente', aplicacao_id: demo.id });
    const own = await call('GET', '/api/v4/saude/perfil', undefined, token);
    expect(own.status, JSON.stringify(own.json)).toBe(200);
    expect((await call('GET', '/api/plantonista/perfil', undefined, token)).status).toBe(403);
    // The token names the patient record of the phone, created at the first login.
    expect(decodeJwt(token).paciente_id).toEqual(expect.any(Number));

    // A code is good once.
    const reused = await exchange('demo', telefone, code);
    expect(reused.status).toBe(401);
    expect(reused.json).toEqual({ error: 'invalid_code', message: 'The code is invalid or expired' });
  });

  it('answers 202 for an unknown phone or application too, and sends nothing', async () => {
    const unknownPhone = '+5511987654321'; // no patient (the sandbox's are +55119000000<id>)

    const answers = await Promise.all([requestCode('demo', unknownPhone), requestCode('nao-existe', sandboxPatientPhone(demo.id))]);

    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.json).toEqual({ status: 'ENVIADO' });
    }
    expect(await textsTo(unknownPhone)).toEqual([]);
  });

  it('sends at most one code per phone every 30 seconds; the first stays valid', async () => {
    const telefone = await newPatientPhone();

    const first = await requestCode('demo', telefone);
    const second = await requestCode('demo', telefone);
    const texts = await textsTo(telefone);
    const exchanged = await exchange('demo', telefone, await codeSentTo(telefone));

    expect([first.status, second.status]).toEqual([202, 202]);
    expect(texts).toHaveLength(1);
    expect(exchanged.status).toBe(200);
  });

  it('kills the code after 5 wrong guesses: the right one is refused after', async () => {
    // Prepare
    const telefone = await newPatientPhone();
    await requestCode('demo', telefone);
    const code = await codeSentTo(telefone);
    const wrong = code === '000000' ? '111111' : '000000';

    // Act
    const guesses = [];
    for (let i = 0; i < 5; i++) guesses.push((await exchange('demo', telefone, wrong)).status);
    const right = await exchange('demo', telefone, code);

    // Assess
    expect(guesses).toEqual([401, 401, 401, 401, 401]);
    expect(right.status).toBe(401);
    expect(await otpItem(demo.id, telefone)).toBeUndefined();
  });

  it('accepts the right code after fewer than 5 wrong guesses', async () => {
    const telefone = await newPatientPhone(outra);
    await requestCode('outra', telefone);
    const code = await codeSentTo(telefone);
    const wrong = code === '000000' ? '111111' : '000000';

    for (let i = 0; i < 4; i++) await exchange('outra', telefone, wrong);
    const right = await exchange('outra', telefone, code);

    expect(right.status).toBe(200);
    expect(decodeJwt(right.json.access_token as string)).toMatchObject({ role: 'paciente', aplicacao_id: outra.id });
  });

  it('lets one of two simultaneous exchanges of the same code succeed', async () => {
    const telefone = await newPatientPhone();
    await requestCode('demo', telefone);
    const code = await codeSentTo(telefone);

    const answers = await Promise.all([
      exchange('demo', telefone, code),
      exchange('demo', telefone, code),
      exchange('demo', telefone, code),
    ]);

    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401]);
  });

  it('binds the code to its application', async () => {
    const telefone = await newPatientPhone();
    await requestCode('demo', telefone);
    const code = await codeSentTo(telefone);

    const elsewhere = await exchange('outra', telefone, code);

    expect(elsewhere.status).toBe(401);
  });

  it('refuses a code past its 5 minutes even before DynamoDB removes it', async () => {
    // Prepare: the stored code, made to have expired a second ago (TTL deletion is lazy).
    const telefone = await newPatientPhone();
    await requestCode('demo', telefone);
    const code = await codeSentTo(telefone);
    await db().send(
      new UpdateCommand({
        TableName: service.tableName,
        Key: { pk: `APP#${demo.id}`, sk: `OTP#${telefone}` },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );

    // Act
    const answer = await exchange('demo', telefone, code);

    // Assess
    expect(answer.status).toBe(401);
  });

  it('stores only a hash of the code, for 5 minutes', async () => {
    const telefone = await newPatientPhone();
    await requestCode('demo', telefone);
    const code = await codeSentTo(telefone);

    const item = await otpItem(demo.id, telefone);

    expect(item).toBeDefined();
    expect(JSON.stringify(item)).not.toContain(code);
    expect(item!.codigoHash).toMatch(/^[0-9a-f]{64}$/);
    const lifetime = Number(item!.expiresAt) - Math.floor(Date.now() / 1000);
    expect(lifetime).toBeGreaterThan(290);
    expect(lifetime).toBeLessThanOrEqual(300);
  });

  it('reaches a patient stored before phones existed once the seed gave it one', async () => {
    // Prepare: a paciente as an older data folder holds it (no telefone), then the seed's upgrade.
    const patient = await registerPortalUser(
      dynamoApplicationRepository(),
      { aplicacaoId: outra.id, role: 'paciente', email: newEmail('antigo'), nome: 'Antigo' },
      new Date(),
    );
    const telefone = `+55419${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`;
    await requestCode('outra', telefone);
    const before = await textsTo(telefone);

    // Act (30 seconds later: a phone, known or not, gets one code request every 30 seconds)
    await addPatientPhone(patient, telefone);
    await allowNextCodeNow(outra.id, telefone);
    await requestCode('outra', telefone);
    const exchanged = await exchange('outra', telefone, await codeSentTo(telefone));

    // Assess
    expect(before).toEqual([]);
    expect(exchanged.status).toBe(200);
    expect(decodeJwt(exchanged.json.access_token as string)).toMatchObject({ sub: String(patient.id), role: 'paciente' });
  });

  describe('answered before the send, limited per phone', () => {
    const unknownPhone = () => `+55619${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`;
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
    const retryAfterOf = (answer: Answer) => Number(answer.headers.get('retry-after'));

    it("answers a patient's phone and an unknown one alike before the WhatsApp send, which here never completes", async () => {
      // Prepare: a sender that never finishes, noting each phone it was asked to reach.
      const telefone = await newPatientPhone();
      const unknown = unknownPhone();
      const original = await adapter('whatsapp');
      const reached: string[] = [];
      let sendStarted!: () => void;
      const started = new Promise<void>((resolve) => (sendStarted = resolve));
      let release!: () => void;
      const never = new Promise<void>((resolve) => (release = resolve));
      useAdapters({
        whatsapp: {
          sendText: async ({ to }) => {
            reached.push(to);
            sendStarted();
            await never;
          },
        },
      });

      try {
        // Act
        const answers = await Promise.all([requestCode('demo', telefone), requestCode('demo', unknown)]);
        await started;
        const reachedWhileAnswered = [...reached];
        release();
        await service.queues.drained();

        // Assess: both answered while the patient's send was still under way; the unknown phone got no text.
        expect(answers.map((a) => a.status)).toEqual([202, 202]);
        expect(answers[0].json).toEqual(answers[1].json);
        expect(reachedWhileAnswered).toEqual([telefone]);
        expect(reached).toEqual([telefone]);
      } finally {
        release();
        useAdapters({ whatsapp: original });
      }
    });

    it('counts wrong codes across codes: after 10 in 24 hours both routes answer 429 with Retry-After for that phone, known or not', async () => {
      // Prepare: the attack of issue #25, a code then 5 wrong guesses, twice; an unknown phone guessed as often.
      const telefone = await newPatientPhone();
      const unknown = unknownPhone();
      const guesses: number[] = [];
      for (let round = 0; round < 2; round++) {
        await requestCode('demo', telefone);
        const code = await codeSentTo(telefone);
        for (let i = 0; i < 5; i++) {
          guesses.push((await exchange('demo', telefone, wrongFor(code))).status);
          guesses.push((await exchange('demo', unknown, '123456')).status);
        }
        await allowNextCodeNow(demo.id, telefone);
      }

      // Act
      const asked = await requestCode('demo', telefone);
      const guessed = await exchange('demo', telefone, '123456');
      const askedUnknown = await requestCode('demo', unknown);
      const guessedUnknown = await exchange('demo', unknown, '123456');

      // Assess
      expect(guesses).toEqual(Array.from({ length: 20 }, () => 401));
      for (const answer of [asked, guessed, askedUnknown, guessedUnknown]) {
        expect(answer.status).toBe(429);
        expect(answer.json).toEqual({ error: 'too_many_attempts', message: 'Too many wrong codes for this phone; try again later' });
        expect(answer.headers.get('cache-control')).toBe('no-store');
        expect(retryAfterOf(answer)).toBeGreaterThanOrEqual(1);
        expect(retryAfterOf(answer)).toBeLessThanOrEqual(24 * 3600);
      }
      expect(await textsTo(telefone)).toHaveLength(2); // no third code
    });

    it('refuses even the right code once the phone is locked', async () => {
      // Prepare: three codes, each replacing the previous one, with 4 + 4 + 2 wrong guesses: the third is still live.
      const telefone = await newPatientPhone(outra);
      const perCode = [4, 4, 2];
      let code = '';
      for (const wrong of perCode) {
        await requestCode('outra', telefone);
        code = await codeSentTo(telefone);
        for (let i = 0; i < wrong; i++) await exchange('outra', telefone, wrongFor(code));
        await allowNextCodeNow(outra.id, telefone);
      }

      // Act
      const right = await exchange('outra', telefone, code);

      // Assess
      expect(right.status).toBe(429);
      expect(right.json).toMatchObject({ error: 'too_many_attempts' });
      expect(await otpItem(outra.id, telefone)).toMatchObject({ tentativas: 2 }); // the code was not even tried
    });

    it('does not count a right code among the wrong ones', async () => {
      // Prepare: 4 wrong guesses and the right code, twice; then 1 wrong: 9 wrong guesses in all, 11 guesses.
      const telefone = await newPatientPhone();
      const statuses: number[] = [];
      for (const wrong of [4, 4, 1]) {
        await requestCode('demo', telefone);
        const code = await codeSentTo(telefone);
        for (let i = 0; i < wrong; i++) statuses.push((await exchange('demo', telefone, wrongFor(code))).status);
        // Act
        statuses.push((await exchange('demo', telefone, code)).status);
        await allowNextCodeNow(demo.id, telefone);
      }

      // Assess
      expect(statuses).toEqual([401, 401, 401, 401, 200, 401, 401, 401, 401, 200, 401, 200]);
    });

    it('sends at most 5 codes per phone an hour: the 6th request is 429 with Retry-After, for an unknown phone too', async () => {
      // Prepare
      const telefone = await newPatientPhone();
      const unknown = unknownPhone();
      const firstFive: number[] = [];
      for (let i = 0; i < 5; i++) {
        firstFive.push((await requestCode('demo', telefone)).status, (await requestCode('demo', unknown)).status);
        await Promise.all([allowNextCodeNow(demo.id, telefone), allowNextCodeNow(demo.id, unknown)]);
      }

      // Act
      const sixth = await requestCode('demo', telefone);
      const sixthUnknown = await requestCode('demo', unknown);

      // Assess
      expect(firstFive).toEqual(Array.from({ length: 10 }, () => 202));
      for (const answer of [sixth, sixthUnknown]) {
        expect(answer.status).toBe(429);
        expect(answer.json).toEqual({ error: 'too_many_codes', message: 'Too many codes asked for this phone; try again later' });
        expect(retryAfterOf(answer)).toBeGreaterThanOrEqual(1);
        expect(retryAfterOf(answer)).toBeLessThanOrEqual(3600);
      }
      expect(await textsTo(telefone)).toHaveLength(5);
      expect(await textsTo(unknown)).toEqual([]);
    });

    it('drops the code when the WhatsApp send fails, so none is left to guess, and counts no message', async () => {
      // Prepare: a provider that refuses every text.
      const telefone = await newPatientPhone();
      const original = await adapter('whatsapp');
      useAdapters({
        whatsapp: {
          sendText: async () => {
            throw new Error('provider refused');
          },
        },
      });
      const out = vi.spyOn(console, 'log');

      try {
        // Act
        const answer = await requestCode('demo', telefone);
        await service.queues.drained();

        // Assess
        expect(answer.status).toBe(202);
        expect(await otpItem(demo.id, telefone)).toBeUndefined();
        expect(out.mock.calls.filter((c) => String(c[0]).includes('"PlatformMessagesSent"'))).toEqual([]);
      } finally {
        out.mockRestore();
        useAdapters({ whatsapp: original });
      }
    });

    it('counts each code sent as a message the platform pays, by application and provider', async () => {
      // Prepare
      const telefone = await newPatientPhone(outra);
      const out = vi.spyOn(console, 'log');

      try {
        // Act
        await Promise.all([requestCode('outra', telefone), requestCode('outra', unknownPhone())]);
        await service.queues.drained();

        // Assess: one data point, for the one code sent (none for the unknown phone).
        const points = out.mock.calls
          .map((c) => String(c[0]))
          .filter((line) => line.includes('"PlatformMessagesSent"'))
          .map((line) => JSON.parse(line) as Record<string, unknown>);
        expect(points).toEqual([
          {
            _aws: {
              Timestamp: expect.any(Number),
              CloudWatchMetrics: [
                {
                  Namespace: 'WhatsappPlatform',
                  Dimensions: [['aplicacaoId', 'provider', 'motivo']],
                  Metrics: [{ Name: 'PlatformMessagesSent', Unit: 'Count' }],
                },
              ],
            },
            aplicacaoId: String(outra.id),
            provider: 'provider_a',
            motivo: 'codigo_login',
            PlatformMessagesSent: 1,
          },
        ]);
      } finally {
        out.mockRestore();
      }
    });
  });

  describe('the limits over time (clock given)', () => {
    const repo = () => dynamoUserAuthRepository();
    const phone = () => `+55719${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`;
    const guess = (telefone: string, now: number) =>
      exchangePatientCode(
        { repo: repo(), patients: dynamoPatientRepository(), signToken: signPortalToken },
        { aplicacao: 'demo', telefone, codigo: '123456' },
        new Date(now * 1000),
      ).then(
        () => 'token',
        (error: unknown) =>
          error instanceof PatientLoginThrottled ? `429 ${error.reason} ${error.retryAfterSeconds}` : (error as Error).name,
      );
    const ask = (telefone: string, now: number, queued: unknown[]) =>
      requestPatientCode(
        { repo: repo(), queue: async (work) => void queued.push(work) },
        { aplicacao: 'demo', telefone },
        new Date(now * 1000),
      ).then(
        () => 'ok',
        (error: unknown) =>
          error instanceof PatientLoginThrottled ? `429 ${error.reason} ${error.retryAfterSeconds}` : (error as Error).name,
      );

    it('locks a phone after 10 wrong codes until 24 hours after the first, then counts again from zero', async () => {
      // Prepare: 10 wrong guesses, one a minute from t0.
      const telefone = phone();
      const t0 = 1_900_000_000;
      const first: string[] = [];
      for (let i = 0; i < 10; i++) first.push(await guess(telefone, t0 + i * 60));

      // Act
      const anHourLater = [await guess(telefone, t0 + 3600), await ask(telefone, t0 + 3600, [])];
      const lastSecond = await guess(telefone, t0 + 24 * 3600 - 1);
      const dayLater = await guess(telefone, t0 + 24 * 3600);

      // Assess
      expect(first).toEqual(Array.from({ length: 10 }, () => 'InvalidCode'));
      expect(anHourLater).toEqual([`429 guesses ${23 * 3600}`, `429 guesses ${23 * 3600}`]);
      expect(lastSecond).toBe('429 guesses 1');
      expect(dayLater).toBe('InvalidCode');
    });

    it('queues 5 codes an hour, 30 seconds apart at least; the 6th waits for the end of the hour', async () => {
      // Prepare
      const telefone = phone();
      const t0 = 1_900_000_000;
      const queued: unknown[] = [];

      // Act
      const answers = [];
      for (const at of [0, 29, 30, 60, 90, 120]) answers.push(await ask(telefone, t0 + at, queued)); // at 29 s: dropped, not counted
      const sixth = await ask(telefone, t0 + 600, queued);
      const nextHour = await ask(telefone, t0 + 3600, queued);

      // Assess
      expect(answers).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
      expect(sixth).toBe(`429 codes ${3600 - 600}`);
      expect(nextHour).toBe('ok');
      expect(queued).toHaveLength(6); // 5 in the first hour (the one at 29 s dropped), 1 in the next
      expect(queued[0]).toEqual({ aplicacaoId: demo.id, telefone, pedidoEm: t0 });
    });

    it('spaces the codes by when they were asked for, however long each waited in the queue', async () => {
      // Prepare: two requests 30 seconds apart; the first sent 20 seconds late, the second 1 second late, then again.
      const telefone = await newPatientPhone();
      const t0 = 1_900_000_000;
      const sent: string[] = [];
      const whatsapp = { sendText: async ({ body }: { body: string }) => void sent.push(body) };
      const deliver = (pedidoEm: number, now: number) =>
        deliverPatientCode({ repo: repo(), whatsapp }, { aplicacaoId: demo.id, telefone, pedidoEm }, new Date(now * 1000)).then(
          (d) => d.status,
        );

      // Act
      const first = await deliver(t0, t0 + 20);
      const second = await deliver(t0 + 30, t0 + 31);
      const secondAgain = await deliver(t0 + 30, t0 + 35); // SQS delivered it twice

      // Assess: two codes, the repeated message none.
      expect([first, second, secondAgain]).toEqual(['sent', 'sent', 'throttled']);
      expect(sent).toHaveLength(2);
    });
  });

  it('answers 400 naming the field for a malformed phone or code', async () => {
    const badPhone = await requestCode('demo', '11999990000');
    const badCode = await exchange('demo', sandboxPatientPhone(demo.id), '12ab');

    expect(badPhone.status).toBe(400);
    expect(badPhone.json).toMatchObject({ error: 'validation_error', field: 'telefone' });
    expect(badCode.status).toBe(400);
    expect(badCode.json).toMatchObject({ error: 'validation_error', field: 'codigo' });
  });
});
