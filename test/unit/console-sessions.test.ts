// The console-session rules (shared/domain/console-sessions.ts) with an in-memory repository and an
// injected clock: a token's 12-hour life, the family's 24-hour absolute end, rotation, reuse
// detection, and the binding to the user's password. The DynamoDB side and the HTTP answers are
// tested through the local gateway (test/integration/auth-sessions.test.ts).
import { beforeEach, describe, expect, it } from 'vitest';
import type { PortalUser } from '#shared/domain/applications/records';
import {
  endSession,
  refreshSession,
  REFRESH_TOKEN_TTL_SECONDS,
  SESSION_MAX_SECONDS,
  SessionRefused,
  startSession,
  type RefreshTokenRecord,
  type SessionFamily,
  type SessionRepository,
} from '#shared/domain/console-sessions';
import type { LoginAccount, PortalTokenSigner } from '#shared/domain/login';
import { epochSeconds } from '#shared/domain/time';

/** The token signer the entry points pass (signPortalToken), faked: the domain takes it as a port. */
const signToken: PortalTokenSigner = async (input) => `jwt-${input.aplicacaoId}-${input.subject}-${input.ttlSeconds}`;

const HOUR = 3600;
const T0 = 1_800_000_000;
/** The moment `seconds` after the epoch. */
const moment = (seconds: number) => new Date(seconds * 1000);

function memoryRepository() {
  const tokens = new Map<string, RefreshTokenRecord>();
  const families = new Map<string, SessionFamily>();
  const users = new Map<string, PortalUser & { ativo?: boolean }>();
  const accounts = new Map<string, LoginAccount>();
  const inactive = new Set<number>();
  const repo: SessionRepository = {
    getRefreshToken: async (id) => (tokens.has(id) ? { ...tokens.get(id)! } : undefined),
    getFamily: async (aplicacaoId, id) => {
      const family = families.get(id);
      return family && family.aplicacaoId === aplicacaoId ? { ...family } : undefined;
    },
    getPortalUser: async (aplicacaoId, id) => users.get(`${aplicacaoId}/${id}`),
    findLoginAccount: async (email) => accounts.get(email),
    isApplicationActive: async (id) => !inactive.has(id),
    startFamily: async (family, first) => {
      families.set(family.id, { ...family });
      tokens.set(first.id, { ...first });
    },
    rotate: async (spent, next, now) => {
      const stored = tokens.get(spent.id)!;
      if (stored.usadoEm !== undefined) return 'spent';
      if (families.get(spent.familiaId)!.revogadoEm !== undefined) return 'revoked';
      stored.usadoEm = epochSeconds(now);
      tokens.set(next.id, { ...next });
      return 'rotated';
    },
    revokeFamily: async (_aplicacaoId, id, now) => {
      const family = families.get(id)!;
      family.revogadoEm ??= epochSeconds(now);
    },
  };
  return { repo, tokens, families, users, accounts, inactive };
}

const user: PortalUser = {
  id: 7,
  aplicacaoId: 3,
  role: 'admin',
  email: 'Ana@Clinica.example',
  nome: 'Ana',
  criadoEm: '2026-01-01T00:00:00Z',
};

let store: ReturnType<typeof memoryRepository>;

beforeEach(() => {
  store = memoryRepository();
  store.users.set('3/7', user);
  store.accounts.set('ana@clinica.example', { aplicacaoId: 3, userId: 7, senhaHash: 'scrypt$hash-1' });
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SessionRefused);
  return (error as SessionRefused).reason;
};

describe('console sessions', () => {
  it('issues a token of 12 hours, stored as a hash of its secret', async () => {
    // Act
    const issued = await startSession(store.repo, user, 'scrypt$hash-1', moment(T0));

    // Assess
    expect(issued.maxAgeSeconds).toBe(REFRESH_TOKEN_TTL_SECONDS);
    expect(REFRESH_TOKEN_TTL_SECONDS).toBe(12 * HOUR);
    const [id, secret] = issued.value.split('.');
    const record = store.tokens.get(id!)!;
    expect(record.segredoHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify([...store.tokens.values(), ...store.families.values()])).not.toContain(secret);
    expect(record.expiraEm).toBe(T0 + 12 * HOUR);
  });

  it('refreshes until the token is 12 hours old, not at 12 hours', async () => {
    // Prepare
    const a = await startSession(store.repo, user, 'scrypt$hash-1', moment(T0));
    const b = await startSession(store.repo, user, 'scrypt$hash-1', moment(T0));

    // Act
    const justBefore = await refreshSession({ repo: store.repo, signToken }, a.value, moment(T0 + 12 * HOUR - 1));
    const atExpiry = await refusal(refreshSession({ repo: store.repo, signToken }, b.value, moment(T0 + 12 * HOUR)));

    // Assess
    expect(justBefore.access).toMatchObject({ accessToken: 'jwt-3-7-900', expiresIn: 900, role: 'admin' });
    expect(atExpiry).toBe('expired');
  });

  it('never lives past 24 hours from the login, however often it is refreshed', async () => {
    // Prepare
    let token = (await startSession(store.repo, user, 'scrypt$hash-1', moment(T0))).value;

    // Act: a refresh every 10 hours.
    const maxAges: number[] = [];
    for (const at of [T0 + 10 * HOUR, T0 + 20 * HOUR]) {
      const next = await refreshSession({ repo: store.repo, signToken }, token, moment(at));
      maxAges.push(next.refresh.maxAgeSeconds);
      token = next.refresh.value;
    }
    const atEnd = await refusal(refreshSession({ repo: store.repo, signToken }, token, moment(T0 + SESSION_MAX_SECONDS)));

    // Assess: the second refresh's cookie lives only the 4 hours left of the family.
    expect(maxAges).toEqual([12 * HOUR, 4 * HOUR]);
    expect(atEnd).toBe('expired');
  });

  it('revokes the family when a spent token comes back: the next token dies too', async () => {
    // Prepare
    const first = (await startSession(store.repo, user, 'scrypt$hash-1', moment(T0))).value;
    const second = (await refreshSession({ repo: store.repo, signToken }, first, moment(T0 + 60))).refresh.value;

    // Act
    const reused = await refusal(refreshSession({ repo: store.repo, signToken }, first, moment(T0 + 120)));
    const afterReuse = await refusal(refreshSession({ repo: store.repo, signToken }, second, moment(T0 + 180)));

    // Assess
    expect(reused).toBe('reused');
    expect(afterReuse).toBe('revoked');
  });

  it('treats losing a concurrent rotation as reuse', async () => {
    // Prepare: the token is spent between its read and the rotation (another refresh won).
    const token = (await startSession(store.repo, user, 'scrypt$hash-1', moment(T0))).value;
    store.repo.rotate = async () => 'spent';

    // Act
    const lost = await refusal(refreshSession({ repo: store.repo, signToken }, token, moment(T0 + 60)));

    // Assess
    expect(lost).toBe('reused');
    expect([...store.families.values()][0]!.revogadoEm).toBe(T0 + 60);
  });

  it('refuses once the password, the role or the activity of the user changed, or its application is inactive', async () => {
    // Prepare
    const start = () => startSession(store.repo, user, 'scrypt$hash-1', moment(T0)).then((s) => s.value);
    const [passwordChanged, roleChanged, deactivated, appInactive] = await Promise.all([start(), start(), start(), start()]);

    // Act and assess, one change at a time.
    store.accounts.set('ana@clinica.example', { aplicacaoId: 3, userId: 7, senhaHash: 'scrypt$hash-2' });
    expect(await refusal(refreshSession({ repo: store.repo, signToken }, passwordChanged, moment(T0 + 60)))).toBe('user');
    store.accounts.set('ana@clinica.example', { aplicacaoId: 3, userId: 7, senhaHash: 'scrypt$hash-1' });

    store.users.set('3/7', { ...user, role: 'prestador' });
    expect(await refusal(refreshSession({ repo: store.repo, signToken }, roleChanged, moment(T0 + 60)))).toBe('user');

    store.users.set('3/7', { ...user, ativo: false });
    expect(await refusal(refreshSession({ repo: store.repo, signToken }, deactivated, moment(T0 + 60)))).toBe('user');

    store.users.set('3/7', user);
    store.inactive.add(3);
    expect(await refusal(refreshSession({ repo: store.repo, signToken }, appInactive, moment(T0 + 60)))).toBe('user');
  });

  it('refuses a forged secret without spending the token, and a malformed value', async () => {
    const token = (await startSession(store.repo, user, 'scrypt$hash-1', moment(T0))).value;
    const [id] = token.split('.');

    expect(await refusal(refreshSession({ repo: store.repo, signToken }, `${id}.${'x'.repeat(43)}`, moment(T0 + 1)))).toBe('unknown');
    expect(await refusal(refreshSession({ repo: store.repo, signToken }, 'not-a-token', moment(T0 + 1)))).toBe('unknown');
    expect((await refreshSession({ repo: store.repo, signToken }, token, moment(T0 + 2))).refresh.maxAgeSeconds).toBe(12 * HOUR);
  });

  it('logout revokes the family, also through a spent token', async () => {
    const first = (await startSession(store.repo, user, 'scrypt$hash-1', moment(T0))).value;
    const second = (await refreshSession({ repo: store.repo, signToken }, first, moment(T0 + 60))).refresh.value;

    await endSession(store.repo, first, moment(T0 + 120));

    expect(await refusal(refreshSession({ repo: store.repo, signToken }, second, moment(T0 + 180)))).toBe('revoked');
  });
});
