import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extensionRoutes, findRoute, routeKey, routes, scopes, specRoutes } from '#shared/http/routes';
import { specRouteKeys } from './spec-routes.ts';

// The interface spec, where it sits beside the repository (../shared/spec, as in the team's checkouts);
// INTERFACE_SPEC points elsewhere (a worktree). A clone without it has the spec's routes in spec-routes.ts.
const specPath = process.env.INTERFACE_SPEC ?? fileURLToPath(new URL('../../../shared/spec/interface-spec.md', import.meta.url));
const specPresent = existsSync(specPath);

function readSpecRoutes(): string[] {
  const text = readFileSync(specPath, 'utf8');
  return [...text.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| (\/[^ |]+) \|/gm)].map((m) => `${m[1]} ${m[2]}`);
}

describe('route table against the interface spec', () => {
  it('holds every route of the spec (test/unit/spec-routes.ts), exactly once, and marks every other route as an extension', () => {
    const inTable: string[] = specRoutes.map(routeKey);
    const extensions: string[] = extensionRoutes.map(routeKey);

    expect(specRouteKeys).toHaveLength(61);
    expect(new Set(specRouteKeys).size).toBe(specRouteKeys.length);
    expect(inTable.filter((key) => !specRouteKeys.includes(key))).toEqual([]);
    expect(specRouteKeys.filter((key) => !inTable.includes(key))).toEqual([]);
    expect(extensions.filter((key) => specRouteKeys.includes(key))).toEqual([]);
    const all = routes.map(routeKey);
    expect(new Set(all).size).toBe(all.length);
  });

  it.skipIf(!specPresent)(
    specPresent
      ? `lists in spec-routes.ts exactly the routes of ${specPath}`
      : `lists in spec-routes.ts exactly the routes of the spec document: skipped, ${specPath} is not beside this clone (set INTERFACE_SPEC to check)`,
    () => {
      expect(readSpecRoutes()).toEqual(specRouteKeys);
    },
  );
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
