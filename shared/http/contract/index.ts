// Every route's contract, keyed like the route table. A route of the table without its contract does
// not compile; test/unit/openapi.test.ts checks that each one is in docs/openapi.json.
import type { RouteKey } from '#shared/http/routes';
import { configContract, financeContract } from './finance.ts';
import type { RouteContract } from './kit.ts';

export const contract: Partial<Record<RouteKey, RouteContract>> = {
  ...financeContract,
  ...configContract,
};
