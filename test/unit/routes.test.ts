import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extensionRoutes, findRoute, routeKey, routes, scopes, specRoutes } from '#shared/http/routes';

// The interface spec sits beside the repository (../shared/spec), as in CI.
const specPath = fileURLToPath(new URL('../../../shared/spec/interface-spec.md', import.meta.url));

function readSpecRoutes(): string[] {
  const text = readFileSync(specPath, 'utf8');
  return [...text.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| (\/[^ |]+) \|/gm)].map((m) => `${m[1]} ${m[2]}`);
}

describe('route table against the interface spec', () => {
  it('has the spec to compare with (../shared/spec beside the repository, as in CI): a missing one fails, never skips', () => {
    expect(existsSync(specPath), `${specPath} is missing`).toBe(true);
  });

  it('holds every route of the spec, exactly once, and marks every other route as an extension', () => {
    const inSpec = readSpecRoutes();
    const inTable: string[] = specRoutes.map(routeKey);
    const extensions: string[] = extensionRoutes.map(routeKey);

    expect(inSpec).toHaveLength(61);
    expect(inTable.filter((key) => !inSpec.includes(key))).toEqual([]);
    expect(inSpec.filter((key) => !inTable.includes(key))).toEqual([]);
    expect(extensions.filter((key) => inSpec.includes(key))).toEqual([]);
    const all = routes.map(routeKey);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('route table', () => {
  it('gives every OAuth2 and agent route a scope of the spec, and no other route one', () => {
    for (const route of routes) {
      const needsScope = route.auth === 'oauth2' || route.auth === 'agent';
      expect(route.scopes?.length ?? 0, routeKey(route)).toBe(needsScope ? 1 : 0);
      for (const s of route.scopes ?? []) expect(scopes).toContain(s);
    }
  });

  it('gives every portal route a role and reads form or raw bodies where the spec says so', () => {
    for (const route of routes.filter((r) => r.auth === 'portalJwt')) expect(route.role, routeKey(route)).toBeDefined();
    expect(findRoute('POST', '/oauth2/token')?.body).toBe('form');
    for (const route of routes.filter((r) => r.group === 'webhooks' && r.method === 'POST')) expect(route.body).toBe('raw');
  });

  it('puts each path prefix of the spec behind its authentication scheme', () => {
    const expectedAuth = (path: string) =>
      path.startsWith('/api/external/v2/')
        ? 'oauth2'
        : path.startsWith('/api/external/integracoes/')
          ? 'agent'
          : path.startsWith('/api/external/prestador/v1')
            ? 'providerCredential'
            : /^\/api\/(external\/(messages|financeiro)|v2\/)/.test(path)
              ? 'apiKey'
              : /^\/api\/(admin|prestador|plantonista|v4\/saude)\//.test(path)
                ? 'portalJwt'
                : 'none';
    for (const route of routes) expect(route.auth, routeKey(route)).toBe(expectedAuth(route.path));
  });
});
