// The OpenAPI document: current (the committed docs/openapi.json is what the generator writes now),
// valid for an independent validator, complete (every route of the table, with its scheme's security),
// and carrying the outbound webhooks. Nothing of the generator or the contract enters a Lambda bundle.
import { readFileSync } from 'node:fs';
import { validate } from '@readme/openapi-parser';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { allFunctions } from '#infra/functions';
import { consoleApiTypes } from '#infra/openapi/console-types';
import { buildDocument } from '#infra/openapi/document';
import { routes, type Route } from '#shared/http/routes';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the document under test

const committed = readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8');
const document = JSON.parse(committed) as Json;
const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const operationOf = (route: Route): Json | undefined => document.paths[route.path]?.[route.method.toLowerCase()];

describe('docs/openapi.json', () => {
  it('is what `npm run openapi` generates from the route table and its contract now', () => {
    const generated = `${JSON.stringify(buildDocument({ version }), null, 2)}\n`;
    // One assertion on the whole text: a stale file fails with the first difference shown.
    expect(committed, 'docs/openapi.json is stale: run npm run openapi').toBe(generated);
  });

  it('is what the console is typed against: console/src/api/schema.d.ts is generated from it now', async () => {
    const types = readFileSync(new URL('../../console/src/api/schema.d.ts', import.meta.url), 'utf8');
    expect(types, 'console/src/api/schema.d.ts is stale: run npm run openapi').toBe(await consoleApiTypes(document));
  });

  it('is a valid OpenAPI 3.1 document for @readme/openapi-parser', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
    expect(result, JSON.stringify(result)).toMatchObject({ valid: true, specification: 'OpenAPI' });
  });

  it('has every route of the table, and nothing else', () => {
    const documented = Object.entries(document.paths as Json).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('gives each route its scheme’s security, with the OAuth2 scopes it needs', () => {
    const expected: Record<Route['auth'], (route: Route) => Json[]> = {
      apiKey: () => [{ ApiKey: [], ApiSecret: [] }],
      oauth2: (route) => [{ OAuth2: [...(route.scopes ?? [])] }],
      providerCredential: () => [{ ProviderCredentialKey: [], ProviderCredentialSecret: [] }],
      portalJwt: () => [{ PortalJwt: [] }],
      agent: (route) => [{ AgentCertificate: [], OAuth2: [...(route.scopes ?? [])] }],
      none: () => [],
    };
    for (const route of routes) expect(operationOf(route)?.security, `${route.method} ${route.path}`).toEqual(expected[route.auth](route));
    expect(Object.keys(document.components.securitySchemes.OAuth2.flows.clientCredentials.scopes)).toHaveLength(10);
    expect(document.components.securitySchemes.AgentCertificate.type).toBe('mutualTLS');
  });

  it('documents every authenticated route’s 401 and every scoped route’s 403 insufficient_scope in the error body', () => {
    for (const route of routes.filter((r) => r.auth !== 'none')) {
      const responses = operationOf(route)!.responses as Json;
      expect(responses['401'], `${route.method} ${route.path}`).toBeDefined();
      if (route.scopes) expect(responses['403'].content['application/json'].schema.properties.error.enum).toContain('insufficient_scope');
    }
  });

  it('lets the send and /execucao take an Idempotency-Key', () => {
    for (const [path, method] of [
      ['/api/external/messages/send', 'post'],
      ['/api/external/prestador/v1/execucao', 'post'],
    ] as const) {
      const names = (document.paths[path][method].parameters as Json[]).map((p) => `${p.in}:${p.name}`);
      expect(names, path).toContain('header:Idempotency-Key');
    }
  });

  it('types every integer query parameter as an integer, so a generated client can pass numbers (#26)', () => {
    const query = Object.entries(document.paths as Json).flatMap(([path, item]) =>
      Object.entries(item as Json).flatMap(([method, op]) =>
        ((op as Json).parameters ?? [])
          .filter((p: Json) => p.in === 'query')
          .map((p: Json) => ({ at: `${method.toUpperCase()} ${path} ${p.name}`, schema: p.schema as Json })),
      ),
    );
    // A string of digits only is an integer the document does not call one.
    const digitStrings = query.filter((q) => q.schema.type === 'string' && /^\^\\d\{1,\d+\}\$$/.test(String(q.schema.pattern)));
    expect(digitStrings.map((q) => q.at)).toEqual([]);
    const schemaOf = (at: string) => query.find((q) => q.at === at)?.schema;
    expect(schemaOf('GET /api/external/messages page')).toEqual({
      type: 'integer',
      format: 'int32',
      minimum: 0,
      maximum: 1_000_000,
      default: 0,
    });
    expect(schemaOf('GET /api/external/v2/pacientes size')).toEqual({
      type: 'integer',
      format: 'int32',
      minimum: 1,
      maximum: 100,
      default: 20,
    });
    expect(schemaOf('GET /api/admin/integracoes/{id}/logs limite')).toEqual({
      type: 'integer',
      format: 'int32',
      minimum: 1,
      maximum: 100,
      default: 20,
    });
    expect(schemaOf('GET /api/external/integracoes/queries integracaoId')).toMatchObject({
      type: 'integer',
      format: 'int64',
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
    });
    const integers = query.filter((q) => q.schema.type === 'integer');
    expect(integers.length).toBeGreaterThanOrEqual(23); // page and size of 10 listings, limite, integracaoId twice
  });

  it('describes the four outbound events as webhooks signed with the Standard Webhooks headers', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([
      'AGENDAMENTO_CANCELADO',
      'AGENDAMENTO_CONFIRMADO',
      'AGENDAMENTO_FALTOU',
      'AGENDAMENTO_REALIZADO',
    ]);
    for (const hook of Object.values(document.webhooks as Json)) {
      expect((hook.post.parameters as Json[]).map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      expect(hook.post.requestBody.content['application/json'].schema).toBeDefined();
    }
  });
});

describe('Lambda bundles', () => {
  // The contract and zod's JSON Schema conversion are build-time only: a bundle that pulled them in
  // would pay for every route's schema at each cold start.
  it.each(allFunctions.map((f) => [f.id, f.entry]))('%s has no generator, contract or JSON Schema code', async (_id, entry) => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      outfile: 'bundle.mjs',
      metafile: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      logLevel: 'silent',
    });
    // What ends up in the output (zod/mini's index names its JSON Schema modules; tree-shaking drops them).
    const output = Object.values(result.metafile.outputs)[0]!;
    const inputs = Object.entries(output.inputs)
      .filter(([, use]) => use.bytesInOutput > 0)
      .map(([path]) => path);
    expect(inputs.some((path) => path.endsWith(entry))).toBe(true);
    expect(
      inputs.filter((path) => /infra\/openapi|shared\/http\/contract|zod\/v4\/core\/(to-)?json-schema|@readme|ajv/.test(path)),
    ).toEqual([]);
  });
});
