// Every route's contract, keyed like the route table. A route of the table without its contract does
// not compile; test/unit/openapi.test.ts checks that each one is in docs/openapi.json.
// (While the contracts are being written: every *Contract export of this folder is picked up.)
import { readdirSync } from 'node:fs';
import type * as z from 'zod/mini';
import type { RouteKey } from '#shared/http/routes';
import type { RouteContract } from './kit.ts';

const contracts: Record<string, RouteContract> = {};
let events: Record<string, { summary: string; description: string; payload: z.ZodMiniType }> = {};
for (const file of readdirSync(new URL('.', import.meta.url)).sort()) {
  if (!file.endsWith('.ts') || file === 'index.ts' || file === 'kit.ts') continue;
  const module = (await import(`./${file}`)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(module)) {
    if (name.endsWith('Contract')) Object.assign(contracts, value);
    if (name === 'outboundEvents') events = value as typeof events;
  }
}

export const contract: Partial<Record<RouteKey, RouteContract>> = contracts;
export const outboundEvents = events;
