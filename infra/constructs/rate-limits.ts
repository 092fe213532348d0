// Who may send how much, per minute: one table the stack turns into AWS WAF rate-based rules and the
// local gateway enforces itself, so a flood meets the same limits under `npm start` as in AWS. Plain
// data with no CDK import (like authorizer-settings.ts).
//
// A rule counts the requests whose path matches it, per value of its key (a credential header: one
// application's API key, one bearer token; or the client's IP for the unauthenticated entrances). A
// request without the key's header is not counted by that rule (the authorizer refuses it anyway).
// Over the limit: 429 with Retry-After, for that key only; everyone else is unaffected.
//
// A header key is counted after WAF's text transformations, so that every spelling of one credential
// the authorizers accept is one count: `Authorization` lower-cased with white space compressed, which
// folds the scheme's case (the authorizers accept `Bearer` in any case, RFC 7235) and any white space
// (they accept exactly one space, shared/auth/bearer.ts) into one value per token.
import { routes } from '#shared/http/routes';

/** AWS WAF text transformations a header key goes through before counting, in this order. */
export type KeyTransformation = 'LOWERCASE' | 'COMPRESS_WHITE_SPACE';

export interface RateLimit {
  /** The WAF rule's name and metric. */
  name: string;
  /** Why this key and this limit. */
  reason: string;
  /** Paths counted: a prefix each (the stage prefix of an execute-api URL is allowed before it). */
  paths: readonly string[];
  /** What requests are counted per: a request header's value (after its transformations), or the client's address. */
  key: { header: string; transformations?: readonly KeyTransformation[] } | 'ip';
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
    key: { header: 'authorization', transformations: ['LOWERCASE', 'COMPRESS_WHITE_SPACE'] },
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
  {
    name: 'webhooks-per-ip',
    reason:
      "The providers' webhooks answer anyone (the signature is checked in the function, after a read or two): one address may use " +
      'a tenth of the stage (100 a second), far above what one of a provider’s many sending addresses posts.',
    paths: ['/api/webhooks/'],
    key: 'ip',
    limitPerMinute: 6000,
  },
];

/**
 * What WAF counts for a header value after `transformations`, as its documentation defines them:
 * LOWERCASE turns A-Z into a-z (nothing else); COMPRESS_WHITE_SPACE turns form feed, tab, newline,
 * carriage return, vertical tab and the non-breaking space (160) into a space, then each run of spaces
 * into one. The local gateway counts this value, so a spelling that WAF folds is folded locally too.
 */
export function transformedKey(value: string, transformations: readonly KeyTransformation[] = []): string {
  let key = value;
  for (const transformation of transformations) {
    if (transformation === 'LOWERCASE') key = key.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
    else key = key.replace(/[\f\t\n\r\v\u00a0]/g, ' ').replace(/ {2,}/g, ' ');
  }
  return key;
}

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
