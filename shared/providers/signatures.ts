// Webhook signatures, pure node:crypto, every comparison in constant time.
//
//   provider_a   X-Provider-A-Signature: base64(HMAC-SHA1(authToken, url + sorted name+value pairs))
//   provider_b   X-Hub-Signature-256: 'sha256=' + hex(HMAC-SHA256(appSecret, exact body bytes))
//   inbound      X-Service-Signature: 'sha256=' + hex(HMAC-SHA256(secret, exact body bytes)), any active secret
//   outbound     Standard Webhooks: 'v1,' + base64(HMAC-SHA256(key, id.timestamp.body))
//   stripe       Stripe-Signature: 't=<unix seconds>,v1=<hex HMAC-SHA256(endpoint secret, t.body)>[,v1=...]'
//
// Which URL provider_a signed: the public one it called. Behind API Gateway (REST) the Lambda
// event has two paths: `event.path`, the resource path without the stage on the execute-api
// host (`/api/...`) but WITH the base path on a custom domain, and `requestContext.path`, the
// path exactly as the client called it: `/{stage}/api/...` on the execute-api host,
// `/{basePath}/api/...` on a custom domain. So the URL is rebuilt from `requestContext.path`
// (webhookUrlOf below), with the scheme and host from X-Forwarded-Proto / X-Forwarded-Host (or
// Host). API Gateway hands over the query already decoded, so a callback URL should carry no
// query, or only characters that URLSearchParams encodes back the same way.
import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '#shared/constant-time';
import { headerValue } from '#shared/http/headers';

export type SignedParams = Record<string, string | string[]>;

/** provider_a's signature of a POST to `url` with form `params` (repeated names: each value, values sorted). */
export function providerASignature(url: string, params: SignedParams, authToken: string): string {
  let data = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name] as string | string[];
    const values = Array.isArray(value) ? [...value].sort() : [value];
    for (const v of values) data += name + v;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** The form fields of a provider_a callback as SignedParams (repeated names become arrays). */
export function paramsOf(form: URLSearchParams): SignedParams {
  const out: SignedParams = {};
  for (const name of new Set(form.keys())) {
    const all = form.getAll(name);
    out[name] = all.length === 1 ? (all[0] as string) : all;
  }
  return out;
}

/** The URL as signed, plus the same URL with the default port removed or added (the reference validators accept both). */
export function urlVariants(url: string): string[] {
  // Text, not `new URL`: URL.toString() would drop a default port and re-encode the path.
  const match = /^(https?):\/\/([^/?#@]+)(.*)$/is.exec(url);
  if (!match) return [url];
  const [, scheme, authority, rest] = match as unknown as [string, string, string, string];
  const defaultPort = scheme.toLowerCase() === 'https' ? '443' : '80';
  const portMatch = /^(.*):(\d+)$/.exec(authority);
  if (!portMatch) return [url, `${scheme}://${authority}:${defaultPort}${rest}`];
  if (portMatch[2] === defaultPort) return [url, `${scheme}://${portMatch[1]}${rest}`];
  return [url];
}

export function verifyProviderASignature(input: {
  /** The URL the provider signed: as rebuilt from the request, and the configured public one (either may be it). */
  url: string | readonly string[];
  params: SignedParams;
  authToken: string;
  signature: string | undefined;
}): boolean {
  if (!input.signature) return false;
  let ok = false;
  // Every variant is checked (no early exit), so the time does not tell which one matched.
  for (const url of (typeof input.url === 'string' ? [input.url] : input.url).flatMap(urlVariants))
    ok = constantTimeEqual(providerASignature(url, input.params, input.authToken), input.signature) || ok;
  return ok;
}

/** A forwarding header's first value (proxies append theirs after the client's). */
const header = (headers: Record<string, string | undefined>, name: string): string | undefined =>
  headerValue(headers, name)?.split(',')[0]?.trim();

/**
 * The public URL a caller used: scheme from X-Forwarded-Proto (default https), host from
 * X-Forwarded-Host or Host, then `path` as called and the query (a raw string, or the decoded
 * parameters, re-encoded in their order).
 */
export function publicUrlOf(
  headers: Record<string, string | undefined>,
  path: string,
  query?: string | Record<string, string | undefined> | null,
): string {
  const proto = header(headers, 'x-forwarded-proto') ?? 'https';
  const host = header(headers, 'x-forwarded-host') ?? header(headers, 'host') ?? 'localhost';
  return `${proto.toLowerCase()}://${host}${path}${querySuffix(query)}`;
}

/** `?` and the query (a raw string, or decoded parameters re-encoded in their order); empty without one. */
function querySuffix(query: string | Record<string, string | undefined> | null | undefined): string {
  let search = '';
  if (typeof query === 'string') search = query.replace(/^\?/, '');
  else if (query) {
    const entries = Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined);
    search = new URLSearchParams(entries).toString();
  }
  return search ? `?${search}` : '';
}

/** What a webhook handler has of the API Gateway event (ApiRequest.event). */
export interface WebhookEventLike {
  path: string;
  headers: Record<string, string | undefined> | null;
  queryStringParameters?: Record<string, string | undefined> | null;
  requestContext?: { path?: string | null } | null;
}

/** The public URL of a webhook call behind API Gateway REST: requestContext.path (the path as called) over event.path. */
export const webhookUrlOf = (event: WebhookEventLike): string =>
  publicUrlOf(event.headers ?? {}, event.requestContext?.path || event.path, event.queryStringParameters);

/**
 * The URLs a provider may have signed a webhook call with: the one rebuilt from the forwarding headers
 * (the spec's rule, right behind a proxy that sets them) and, when the service has a configured public
 * URL, that URL with the route's path (right when a proxy rewrites the host without saying so).
 */
export function webhookUrlsOf(event: WebhookEventLike, publicBaseUrl: string | undefined): string[] {
  const rebuilt = webhookUrlOf(event);
  if (!publicBaseUrl) return [rebuilt];
  const configured = `${publicBaseUrl.replace(/\/+$/, '')}${event.path}${querySuffix(event.queryStringParameters)}`;
  return configured === rebuilt ? [rebuilt] : [rebuilt, configured];
}

/** provider_b's X-Hub-Signature-256 value of the exact body bytes. */
export const providerBSignature = (rawBody: Buffer | string, appSecret: string): string =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

export function verifyProviderBSignature(rawBody: Buffer | string, appSecret: string, header: string | undefined): boolean {
  if (!header) return false;
  return constantTimeEqual(providerBSignature(rawBody, appSecret), header.trim().toLowerCase());
}

/** The generic inbound webhook's X-Service-Signature of the exact body bytes: `sha256=<lower-case hex>`. */
export const serviceSignature = (rawBody: Buffer | string, secret: string): string =>
  `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

/** Whether `header` is the X-Service-Signature of the body with one of `secrets` (the spec: any match accepts). */
export function verifyServiceSignature(rawBody: Buffer | string, secrets: readonly string[], header: string | undefined): boolean {
  const presented = header?.trim().toLowerCase();
  if (!presented?.startsWith('sha256=')) return false;
  let match = false;
  // Every secret is tried, so the time taken does not say which one matched.
  for (const secret of secrets) match = constantTimeEqual(presented, serviceSignature(rawBody, secret)) || match;
  return match;
}

/** Standard Webhooks signature of an outbound delivery: `v1,<base64>`; the secret is `whsec_<base64 key>`. */
export function signStandardWebhook(input: { secret: string; id: string; timestamp: number | string; body: string | Buffer }): string {
  const key = Buffer.from(input.secret.replace(/^whsec_/, ''), 'base64');
  const hmac = createHmac('sha256', key).update(`${input.id}.${input.timestamp}.`, 'utf8').update(input.body);
  return `v1,${hmac.digest('base64')}`;
}

/** How far (seconds) a Stripe-Signature's timestamp may be from now: Stripe's libraries' default tolerance. */
export const STRIPE_TOLERANCE_SECONDS = 300;

/** Stripe's v1 signature of a payload at `timestamp` (unix seconds), keyed with the endpoint secret (`whsec_...`, as written). */
export const stripeSignature = (rawBody: Buffer | string, timestamp: number, secret: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest('hex');

/**
 * Whether a Stripe-Signature header signs these exact bytes, as Stripe documents the check: its `t` within the
 * tolerance of `now` (a replay of an old delivery is refused; so is one from too far ahead), and any of its `v1`
 * values the HMAC-SHA256 of `t.body` with the endpoint secret (during a secret's rotation Stripe sends one per
 * secret). Other schemes (v0) are ignored. Every v1 is compared, in constant time.
 */
export function verifyStripeSignature(
  rawBody: Buffer | string,
  header: string | undefined,
  secret: string,
  now: Date,
  toleranceSeconds = STRIPE_TOLERANCE_SECONDS,
): boolean {
  if (!header || !secret) return false;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === 'v1' && value) signatures.push(value.toLowerCase());
  }
  if (timestamp === undefined || signatures.length === 0) return false;
  if (Math.abs(Math.floor(now.getTime() / 1000) - timestamp) > toleranceSeconds) return false;
  const expected = stripeSignature(rawBody, timestamp, secret);
  let match = false;
  for (const signature of signatures) match = constantTimeEqual(expected, signature) || match;
  return match;
}
