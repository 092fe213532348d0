// Malformed credentials of every shape thrown at every authentication scheme through the local
// gateway: the answer is always a 400/401/403, never a 500 or a pass, and a refusal never tells
// which part of a credential was wrong (one body per scheme, whatever the input).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocalService } from '../support/local-service.ts';
import type { Sandbox } from '#infra/local/seed';
import { gatewayResponses } from '#shared/http/gateway-responses';

let sandbox: Sandbox;

const service = useLocalService();

beforeAll(async () => {
  sandbox = service.sandbox;
});

const RUNS = 60;

/** Header-safe text (fetch refuses control characters and non-Latin-1 in header values). */
const headerText = fc.stringMatching(/^[\x20-\x7e]{0,120}$/);
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const segment = fc.stringMatching(/^[A-Za-z0-9_-]{0,60}$/);

/** Things that look like a JWT: random segments, `alg: none`, HS256 headers, wrong types, real-looking claims. */
const jwtLike = fc.oneof(
  fc.tuple(segment, segment, segment).map(([a, b, c]) => `${a}.${b}.${c}`),
  fc
    .record({
      alg: fc.constantFrom('none', 'HS256', 'RS256', 'ES256', 'RS512', ''),
      typ: fc.constantFrom('at+jwt', 'JWT', 'jwt', undefined),
      kid: fc.option(segment, { nil: undefined }),
    })
    .chain((header) =>
      fc
        .record({
          sub: headerText,
          aplicacao_id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
          scope: fc.constantFrom('agendamentos:read agendamentos:write', '', 'integracoes:read'),
          role: fc.constantFrom('admin', 'paciente', 'plantonista', 'prestador', 'root'),
          exp: fc.integer({ min: 0, max: 4_000_000_000 }),
        })
        .chain((claims) => segment.map((sig) => `${b64url(header)}.${b64url(claims)}.${sig}`)),
    ),
);

const authorization = fc.oneof(
  headerText,
  jwtLike.map((t) => `Bearer ${t}`),
  jwtLike.map((t) => `bearer  ${t}`),
  jwtLike,
  headerText.map((t) => `Basic ${Buffer.from(t).toString('base64')}`),
);

const keyLike = fc.oneof(
  headerText,
  segment.map((s) => `nbwp_${s}`),
  segment.map((s) => `ak_${s}`),
);

/** Real credentials of another scheme or another tenant, mixed in so a near miss is tried too. */
const realParts = () => {
  const apps = Object.values(sandbox.applications);
  return fc.constantFrom(
    ...apps.flatMap((a) => [a.apiKey, a.apiSecret, a.prestador.apiKey, a.prestador.apiSecret, ...Object.values(a.tokens)]),
  );
};

async function refusalBodies(
  url: string,
  init: (input: Record<string, string>) => RequestInit,
  headers: fc.Arbitrary<Record<string, string>>,
) {
  const seen = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(headers, async (h) => {
      const response = await fetch(url, init(h));
      const text = await response.text();
      expect([400, 401, 403], `${response.status} ${text} for ${JSON.stringify(h)}`).toContain(response.status);
      expect(text).not.toMatch(/stack|at .*\.ts:\d+/i);
      const key = `${response.status} ${text}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }),
    { numRuns: RUNS },
  );
  return seen;
}

const genericRefusal = `401 ${JSON.stringify(gatewayResponses.UNAUTHORIZED.body)}`;

describe('fuzzing the authorizers through the local gateway', () => {
  it('API key and secret: always the one generic 401, whichever part is wrong', async () => {
    const apps = () => Object.values(sandbox.applications);
    const headers = fc
      .record(
        {
          'X-Api-Key': fc.oneof(keyLike, realParts(), fc.constant(apps()[0]!.apiKey)),
          'X-Api-Secret': fc.oneof(headerText, realParts()),
        },
        { requiredKeys: [] },
      )
      .filter((h) => !apps().some((a) => h['X-Api-Key'] === a.apiKey && h['X-Api-Secret'] === a.apiSecret));

    const seen = await refusalBodies(`${service.baseUrl}/api/external/financeiro/saldo`, (h) => ({ headers: h }), headers);

    expect([...seen.keys()]).toEqual([genericRefusal]);
  });

  it('provider credential: always the one generic 401', async () => {
    const prestadores = () => Object.values(sandbox.applications).map((a) => a.prestador);
    const headers = fc
      .record({ 'X-Api-Key': fc.oneof(keyLike, realParts()), 'X-Api-Secret': fc.oneof(headerText, realParts()) }, { requiredKeys: [] })
      .filter((h) => !prestadores().some((p) => h['X-Api-Key'] === p.apiKey && h['X-Api-Secret'] === p.apiSecret));

    const seen = await refusalBodies(
      `${service.baseUrl}/api/external/prestador/v1/execucao`,
      (h) => ({
        method: 'POST',
        headers: { ...h, 'Content-Type': 'application/json' },
        body: '{"agendamentoId":1,"resultado":"REALIZADO"}',
      }),
      headers,
    );

    expect([...seen.keys()]).toEqual([genericRefusal]);
  });

  it('OAuth2 bearer: 401 (generic or invalid_token), never a pass', async () => {
    const headers = fc.record(
      {
        Authorization: fc.oneof(
          authorization,
          realParts().map((t) => `Bearer ${t}`),
        ),
      },
      { requiredKeys: [] },
    );

    const seen = await refusalBodies(`${service.baseUrl}/api/external/v2/agendamentos`, (h) => ({ headers: h }), headers);

    for (const key of seen.keys()) expect(key).toMatch(/^401 /);
    for (const key of seen.keys()) {
      if (key !== genericRefusal) expect(JSON.parse(key.slice(4)).error).toBe('invalid_token');
    }
  });

  it('portal JWT: 401 for anything that is not a valid token, 403 for a token of another role, never a pass', async () => {
    const headers = fc.record(
      {
        Authorization: fc.oneof(
          authorization,
          // Real tokens of the other roles: the physician portal must refuse them.
          fc
            .constantFrom(...Object.values(sandbox.applications).flatMap((a) => [a.tokens.admin, a.tokens.paciente, a.tokens.prestador]))
            .map((t) => `Bearer ${t}`),
        ),
      },
      { requiredKeys: [] },
    );

    const seen = await refusalBodies(`${service.baseUrl}/api/plantonista/perfil`, (h) => ({ headers: h }), headers);

    for (const key of seen.keys()) {
      expect(key).toMatch(/^40[13] /);
      if (key.startsWith('403 '))
        expect(JSON.parse(key.slice(4))).toEqual({ error: 'forbidden', message: 'This token is not valid for this portal' });
    }
  });

  it('agent channel without a client certificate: 401 whatever the token', async () => {
    const headers = fc.record({ Authorization: authorization }, { requiredKeys: [] });

    const seen = await refusalBodies(`${service.baseUrl}/api/external/integracoes/banco`, (h) => ({ headers: h }), headers);

    for (const key of seen.keys()) expect(key).toMatch(/^401 /);
  });

  it('token endpoint: malformed forms and client credentials get RFC 6749 errors, never a 500 or a token', async () => {
    const form = fc.dictionary(
      fc.constantFrom('grant_type', 'client_id', 'client_secret', 'scope', 'x'),
      fc.oneof(headerText, fc.constantFrom('client_credentials', 'password', 'agendamentos:read', '')),
    );
    const bodies = fc.record({
      contentType: fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain', ''),
      authorization: fc.option(authorization, { nil: undefined }),
      form,
      raw: fc.option(headerText, { nil: undefined }),
    });
    const allowed = new Set([
      'invalid_request',
      'invalid_client',
      'invalid_scope',
      'unsupported_grant_type',
      'unauthorized_client',
      'invalid_grant',
    ]);

    await fc.assert(
      fc.asyncProperty(bodies, async ({ contentType, authorization: auth, form: fields, raw }) => {
        const headers: Record<string, string> = {};
        if (contentType) headers['Content-Type'] = contentType;
        if (auth) headers.Authorization = auth;
        const body = raw ?? new URLSearchParams(fields).toString();

        const response = await fetch(`${service.baseUrl}/oauth2/token`, { method: 'POST', headers, body });
        const text = await response.text();

        const error = JSON.parse(text) as { error: string; access_token?: string };
        expect(error.access_token).toBeUndefined();
        if (contentType !== 'application/x-www-form-urlencoded' && body !== '') {
          // Not a form (fetch sends a string without a type as text/plain): refused before it is read, in RFC 6749's form.
          expect([response.status, error.error], text).toEqual([400, 'invalid_request']);
          return;
        }
        expect([400, 401], `${response.status} ${text}`).toContain(response.status);
        expect(allowed).toContain(error.error);
      }),
      { numRuns: RUNS * 2 },
    );
  });
});
