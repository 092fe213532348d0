// The grant table against what the code calls: the usage the local IAM guard records (IAM_USAGE_FILE,
// infra/local/iam-guard.ts) set beside each function's statements (infra/grants.ts). A grant no call
// used is a right to take away; a call that was denied is a right the function lacks.
import { readFileSync } from 'node:fs';
import type { Statement } from '#infra/grants';
import { functionNeeds } from '#infra/permissions';
import { localTargets } from '#infra/local/iam-guard';
import { policyStatements } from '#infra/grants';

export interface UsedCall {
  function: string;
  action: string;
  /** With the ids inside secret names replaced by `*` (the guard's usageResource). */
  resource: string;
  allowed: boolean;
}

export const readUsage = (file: string): UsedCall[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as UsedCall);

const glob = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );

/** One grant: an action on a resource pattern, as a statement allows it. */
export interface Grant {
  action: string;
  resource: string;
}

const grantsOf = (statements: Statement[]): Grant[] =>
  statements.flatMap((s) => s.Action.flatMap((action) => s.Resource.map((resource) => ({ action, resource }))));

export interface FunctionUsage {
  function: string;
  /** Each grant with the calls that used it. */
  grants: { grant: Grant; used: number }[];
  /** Calls the role would deny. */
  denied: UsedCall[];
}

/** For every function: its grants, how many distinct calls used each, and the calls its role denied. */
export function compareUsage(usage: readonly UsedCall[]): FunctionUsage[] {
  const targets = localTargets();
  return functionNeeds.map(({ entry, needs }) => {
    const calls = usage.filter((u) => u.function === entry.id);
    const distinct = [...new Map(calls.map((c) => [`${c.action} ${c.resource}`, c])).values()];
    const grants = grantsOf(policyStatements(needs, targets)).map((grant) => ({
      grant,
      // Compared by short names: the usage may come from a run with other local names; secret ids are `*` in both.
      used: distinct.filter((c) => c.action === grant.action && glob(shortResource(grant.resource)).test(shortResource(c.resource))).length,
    }));
    return { function: entry.id, grants, denied: distinct.filter((c) => !c.allowed) };
  });
}

/** A grant's resource in a table cell: the table, its index, a queue, the CRL, a secret by name. */
export function shortResource(resource: string): string {
  return resource
    .replace(/^arn:aws:dynamodb:[^:]+:\d+:table\/[^/]+/, 'table')
    .replace(/^arn:aws:sqs:[^:]+:\d+:/, 'queue ')
    .replace(/^arn:aws:s3:::[^/]+/, 'bucket')
    .replace(/^arn:aws:secretsmanager:[^:]+:\d+:secret:/, 'secret ')
    .replace(/^arn:aws:geo:[^:]+:\d+:place-index\/.*/, 'place index')
    .replace(/^arn:aws:ses:[^:]+:\d+:identity\//, 'identity ')
    .replace(/-\?{6}$/, '')
    .replace(/-\w{6}$/, '');
}
