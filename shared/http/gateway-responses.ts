// Answers API Gateway gives itself, before any handler runs. The CDK stack installs these as
// gateway responses and the local gateway answers with the same status, headers and body.

export interface GatewayAnswer {
  statusCode: number;
  body: { error: string; message: string };
  headers?: Record<string, string>;
}

export const gatewayResponses = {
  /**
   * The authorizer refused (threw 'Unauthorized') or the identity headers were missing. One answer
   * for every scheme, so it never tells which part of a credential was wrong. The challenge is the
   * Bearer one of RFC 6750 (no error code: credentials were missing or not accepted).
   */
  UNAUTHORIZED: {
    statusCode: 401,
    body: { error: 'unauthorized', message: 'Missing or invalid credentials' },
    headers: { 'WWW-Authenticate': 'Bearer realm="whatsapp-platform"' },
  },
  /** The authorizer returned a Deny policy. */
  ACCESS_DENIED: { statusCode: 403, body: { error: 'forbidden', message: 'Access denied' } },
  /** No route matches the method and path (API Gateway's "Missing Authentication Token"). */
  MISSING_AUTHENTICATION_TOKEN: { statusCode: 404, body: { error: 'not_found', message: 'No such route' } },
  /** The authorizer itself failed. */
  AUTHORIZER_FAILURE: { statusCode: 500, body: { error: 'internal_error', message: 'Internal server error' } },
  THROTTLED: { statusCode: 429, body: { error: 'too_many_requests', message: 'Too many requests' } },
} as const satisfies Record<string, GatewayAnswer>;

export type GatewayResponseType = keyof typeof gatewayResponses;
