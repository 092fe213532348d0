import { DomainError, type DomainErrorKind } from '#shared/domain/errors';

/** An error meant for the client: status, machine code, human message and allowed extra fields. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const statusByKind: Record<DomainErrorKind, [number, string]> = {
  validation: [400, 'validation_error'],
  forbidden: [403, 'forbidden'],
  not_found: [404, 'not_found'],
  conflict: [409, 'conflict'],
  unprocessable: [422, 'unprocessable_entity'],
  insufficient_balance: [402, 'insufficient_balance'],
  upstream: [502, 'bad_gateway'],
  too_large: [413, 'payload_too_large'],
  unavailable: [503, 'service_unavailable'],
};

/** The client-facing form of an error, or undefined when it must stay hidden (a logged 500). */
export function exposedError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof DomainError) {
    const [status, code] = statusByKind[error.kind];
    return new HttpError(status, code, error.message, error.details);
  }
  return undefined;
}

/**
 * The service's 413 over a body's bytes, whichever route refuses it: `{error: 'payload_too_large', message,
 * maxBytes}`. (Over a batch's records, the domain's too_large names `maxRecords` in the same place.) API
 * Gateway's own 413, over its 10 MB, keeps AWS's body (infra/local/gateway.ts, `REQUEST_TOO_LARGE`).
 */
export const payloadTooLarge = (bytes: number, maxBytes: number) =>
  new HttpError(413, 'payload_too_large', `The request body has ${bytes} bytes; this route takes at most ${maxBytes} bytes`, { maxBytes });

export const notImplemented = (what: string) => new HttpError(501, 'not_implemented', `${what} is not implemented yet`);
