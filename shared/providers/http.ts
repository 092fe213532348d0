// The one HTTP call both API providers make: fetch with a timeout, every transport failure
// turned into an `unavailable` ProviderError, the answer read as JSON when it is JSON.
import { DEFAULT_PROVIDER_TIMEOUT_MS, ProviderError, type ProviderOptions } from '#shared/providers/types';

export interface ProviderAnswer {
  status: number;
  /** Parsed JSON, or undefined when the body was empty or not JSON. */
  body: unknown;
}

export async function callProvider(url: string, init: RequestInit, options: ProviderOptions = {}): Promise<ProviderAnswer> {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  let response: Response;
  let text: string;
  try {
    // The signal covers the body too, so a provider that sends headers and then stalls still times out.
    response = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    const name = (error as Error).name;
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    // The error message never carries the request's headers, so no token leaks through it.
    throw new ProviderError('unavailable', null, timedOut ? `no answer within ${timeoutMs} ms` : 'provider unreachable');
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}

/** 401/403 mean our stored credentials are wrong, 5xx (and anything unexpected) the provider's trouble. */
export const callerFault = (status: number): boolean => status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429;

/** A value of a provider's JSON as text: scalars as they read, anything else as JSON; null when absent. */
export function str(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? null;
}
