// docs/data-model.md and shared/db/keys.ts in step: every key builder names a pattern row, the row's
// key text names the builder's literal key parts, every keyed row has a builder, and every pattern
// number is used once.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as keys from '#shared/db/keys';

interface PatternRow {
  number: string;
  title: string;
  keyText: string;
}

/** The rows of the "Access patterns" table. */
function patternRows(markdown: string): PatternRow[] {
  const section = markdown.slice(markdown.indexOf('## Access patterns'));
  const end = section.indexOf('\n## ', 3);
  return (end > 0 ? section.slice(0, end) : section)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
    .filter((cells) => /^\d+[a-z]?$/.test(cells[0] ?? ''))
    .map((cells) => ({ number: cells[0]!, title: cells[1] ?? '', keyText: cells[2] ?? '' }));
}

type Builder = ((...args: unknown[]) => Record<string, string>) & { pattern?: unknown };

/** Every function the keys module exports, by name. */
const keyBuilders = (module: Record<string, unknown>): [string, Builder][] =>
  Object.entries(module).filter((entry): entry is [string, Builder] => typeof entry[1] === 'function');

/** The literal words of a builder's key values ("APP#1#OAUTHCLIENT" -> APP, OAUTHCLIENT), its arguments all 1. */
function literalParts(builder: Builder): string[] {
  const key = builder(...Array.from({ length: builder.length }, () => 1));
  return Object.values(key).flatMap((value) =>
    String(value)
      .split('#')
      .filter((part) => /^[A-Z][A-Z_-]*$/.test(part)),
  );
}

/** Problems between the keys module and the pattern table; empty when they agree. */
function mismatches(module: Record<string, unknown>, markdown: string): string[] {
  const rows = patternRows(markdown);
  const problems: string[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) seen.set(row.number, (seen.get(row.number) ?? 0) + 1);
  for (const [number, count] of seen) if (count > 1) problems.push(`pattern ${number} is used ${count} times`);

  const builders = keyBuilders(module);
  for (const [name, builder] of builders) {
    const row = rows.find((r) => r.number === builder.pattern);
    if (typeof builder.pattern !== 'string') {
      problems.push(`${name} has no pattern number`);
      continue;
    }
    if (!row) {
      problems.push(`${name}: pattern ${builder.pattern} has no row in docs/data-model.md`);
      continue;
    }
    for (const part of literalParts(builder)) {
      if (!row.keyText.includes(part)) problems.push(`${name}: pattern ${row.number}'s key condition does not mention ${part}`);
    }
  }
  // A row with a key condition of its own (not an attribute of another pattern's item) has a builder.
  for (const row of rows) {
    if (/\b(gsi1)?pk = /.test(row.keyText) && !builders.some(([, b]) => b.pattern === row.number)) {
      problems.push(`pattern ${row.number} (${row.title}) has no key builder in shared/db/keys.ts`);
    }
  }
  return problems;
}

const dataModel = readFileSync(new URL('../../docs/data-model.md', import.meta.url), 'utf8');

describe('docs/data-model.md and shared/db/keys.ts', () => {
  it('agree: every builder has its pattern row, every keyed row its builder, every number once', () => {
    expect(keyBuilders(keys).length).toBeGreaterThan(30);
    expect(mismatches(keys, dataModel)).toEqual([]);
  });

  it('fail on a builder without a row, a builder without a number, a wrong key part and a number used twice', () => {
    const stray = Object.assign((id: number) => ({ pk: `NOVO#${id}`, sk: 'NOVO' }), { pattern: '99' });
    const unnumbered = (id: number) => ({ pk: `APP#${id}`, sk: 'APP' });
    const misnamed = Object.assign((id: number) => ({ pk: `APP#${id}`, sk: 'SALDOS' }), { pattern: '4' });
    const twice = dataModel.replace('| 4b |', '| 4 |');

    expect(mismatches({ ...keys, stray }, dataModel)).toEqual(['stray: pattern 99 has no row in docs/data-model.md']);
    expect(mismatches({ ...keys, unnumbered }, dataModel)).toEqual(['unnumbered has no pattern number']);
    expect(mismatches({ ...keys, misnamed }, dataModel)).toEqual(["misnamed: pattern 4's key condition does not mention SALDOS"]);
    expect(mismatches(keys, twice)).toContain('pattern 4 is used 2 times');
  });
});
