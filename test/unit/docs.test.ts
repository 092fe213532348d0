// What the documents claim about the code, checked against it: every file, folder and route docs/architecture.md
// names exists, and the least-privilege table of docs/decisions.md has one row per Lambda of infra/functions.ts.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allFunctions } from '#infra/functions';
import { routeKey, routes } from '#shared/http/routes';

const root = new URL('../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

/** The repository paths a document names in backticks: `shared/db/ledger.ts`, `functions/<group>/` (a placeholder's parent). */
function namedPaths(markdown: string): string[] {
  const paths = new Set<string>();
  for (const [, text] of markdown.matchAll(/`([^`\s]+)`/g)) {
    const path = text!.replace(/[:#].*$/, '');
    if (!/^(functions|shared|infra|events|console|test|bench|docs)\//.test(path)) continue;
    // A placeholder or a glob (`functions/<group>/contract.ts`, `shared/domain/**`): its fixed part must exist.
    paths.add(path.split(/[<*{]/)[0]!);
  }
  return [...paths].sort();
}

describe('docs/architecture.md', () => {
  const paths = namedPaths(read('docs/architecture.md'));

  it('names files and folders that exist', () => {
    expect(paths.length).toBeGreaterThan(20);
    // A module may be named as its alias names it, without .ts (`shared/config`).
    expect(paths.filter((p) => !existsSync(new URL(p, root)) && !existsSync(new URL(`${p}.ts`, root)))).toEqual([]);
  });

  it('counts the files each request opens as its heading says', () => {
    const sections = read('docs/architecture.md').split(/^### /m).slice(1);
    const counted = sections.flatMap((section) => {
      const claim = /\((\d+) files\)$/m.exec(section.split('\n')[0]!);
      if (!claim) return [];
      const body = section.slice(section.indexOf('\n')).split(/^## /m)[0]!;
      const files = new Set(namedPaths(body).filter((p) => /\.(ts|json)$/.test(p)));
      return [{ request: section.split('\n')[0], claimed: Number(claim[1]), files: files.size }];
    });
    expect(counted).toHaveLength(3);
    for (const { request, claimed, files } of counted) expect(files, request).toBe(claimed);
  });

  it('names routes of the route table', () => {
    const named = [...read('docs/architecture.md').matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`\s]*)`/g)].map((m) => `${m[1]} ${m[2]}`);
    const table = new Set(routes.map(routeKey));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((key) => !table.has(key as never))).toEqual([]);
  });
});

describe('docs/decisions.md, "Least privilege, measured"', () => {
  const section = read('docs/decisions.md').split('## Least privilege, measured')[1]!.split('\n## ')[0]!;
  const rows = [...section.matchAll(/^\| ((?:Group|Authorizer|Consumer|Scheduled|Stream)-[\w-]+) \|/gm)].map((m) => m[1]);

  it('has one row for each Lambda, and none for a Lambda that does not exist', () => {
    expect([...rows].sort()).toEqual(allFunctions.map((f) => f.id).sort());
  });
});
