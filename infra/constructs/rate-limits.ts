// Who may send how much, per minute: one table the stack turns into AWS WAF rate-based rules and the
// local gateway enforces itself, so a flood meets the same limits under `npm start` as in AWS. Plain
// data with no CDK import (like authorizer-settings.ts).
//
// A rule counts the requests whose path matches it, per value of its key (a credential header: one
// application's API key, one bearer token; or the client's IP for the unauthenticated entrances). A
// request without the key's header is not counted by that rule (the authorizer refuses it anyway).
// Over the limit: 429 with Retry-After, for that key only; everyone else is unaffected.
import { routes } from '#shared/http/routes';

export interface RateLimit {
  /** The WAF rule's name and metric. */
  name: string;
  /** Why this key and this limit. */
  reason: string;
  /** Paths counted: a prefix each (the stage prefix of an execute-api URL is allowed before it). */
  paths: readonly string[];
  /** What requests are counted per: a request header's value, or the client's address. */
  key: { header: string } | 'ip';
  /** Requests per key and minute (WAF's smallest window); at least 10. */
  limitPerMinute: number;
}

/** The unauthenticated public routes (the route table's `public` group, e.g. the contact form). */
const publicPaths = routes.filter((r) => r.group === 'public' && r.auth === 'none').map((r) => r.path.replace(/\{.*$/, ''));

export const rateLimits: readonly RateLimit[] = [
  {
    name: 'per-api-key',
    reason: "One application's API key (and one prestador credential) may not use more than its share of the stage.",
    paths: ['/api/external/'],
    key: { header: 'x-api-key' },
    limitPerMinute: 1200,
  },
  {
    name: 'per-bearer-token',
    reason:
      'An OAuth2, portal or agent token: the same share per token (a client gets new tokens only through the limited token endpoint).',
    paths: ['/api/'],
    key: { header: 'authorization' },
    limitPerMinute: 1200,
  },
  {
    name: 'sign-in-per-ip',
    reason: 'The token endpoint and the logins answer anyone: guessing and token minting are slowed per address.',
    paths: ['/oauth2/token', '/api/auth/'],
    key: 'ip',
    limitPerMinute: 120,
  },
  {
    name: 'public-per-ip',
    reason: 'The public routes (plans, contact form, status, CRL) answer anyone.',
    paths: publicPaths,
    key: 'ip',
    limitPerMinute: 300,
  },
];

/** Retry-After of a refused request: WAF's window, the longest a caller may have to wait. */
export const RATE_LIMIT_RETRY_AFTER_SECONDS = 60;

/**
 * RATE_LIMITS for the local gateway: `off`, or `name=limit,...` to change some limits (the rest keep
 * their default). Unknown names and malformed pairs are an error, so a typo does not silently do nothing.
 */
export function rateLimitsFrom(raw: string | undefined, defaults: readonly RateLimit[] = rateLimits): readonly RateLimit[] {
  const text = raw?.trim();
  if (!text) return defaults;
  if (text === 'off') return [];
  const changed = new Map<string, number>();
  for (const pair of text.split(',')) {
    const [name, value] = pair.split('=').map((s) => s.trim());
    const limit = Number(value);
    if (!name || !defaults.some((d) => d.name === name) || !Number.isSafeInteger(limit) || limit < 1) {
      throw new Error(
        `RATE_LIMITS: "${pair}" is not <rule>=<requests per minute> with a rule of ${defaults.map((d) => d.name).join(', ')}`,
      );
    }
    changed.set(name, limit);
  }
  return defaults.map((d) => ({ ...d, limitPerMinute: changed.get(d.name) ?? d.limitPerMinute }));
}
