// Builds the OpenAPI 3.1 document from the route table and the groups' contracts
// (functions/<group>/contract.ts, assembled in ./contract.ts). Build time only: `npm run openapi` writes docs/openapi.json, the tests check
// that the committed file is this function's output. Schemas go through zod's own JSON Schema
// conversion (draft 2020-12, OpenAPI 3.1's dialect); named ones become components.
import * as z from 'zod/mini';
import { rateLimits } from '#infra/constructs/rate-limits';
import { contract, outboundEvents } from './contract.ts';
import {
  errorCodes,
  queryIntegers,
  schemaNames,
  type ErrorStatus,
  type HeaderDoc,
  type ResponseDoc,
  type RouteContract,
} from '#shared/http/contract/kit';
import { acceptedMediaTypes, routeKey, routes, type AuthScheme, type Route } from '#shared/http/routes';

type Json = Record<string, unknown>;

export const OPENAPI_VERSION = '3.1.0';

const scopeDescriptions: Record<string, string> = {
  'mensagens:enviar': 'Send messages through v2',
  'atendimentos:read': 'Queue and in-progress attendances',
  'atendimentos:escalar': 'Escalate a session to a human',
  'agendamentos:read': 'Read appointments',
  'agendamentos:write': 'Create and update appointments',
  'pacientes:read': 'Read patients',
  'pacientes:write': 'Create and update patients',
  'integracoes:read': 'Read integrations and agent configuration',
  'integracoes:write': 'Write integration execution logs and saved queries',
  'registros:importar': 'Batch import of records',
};

const securitySchemes: Json = {
  ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'The application’s API key (admin panel).' },
  ApiSecret: { type: 'apiKey', in: 'header', name: 'X-Api-Secret', description: 'The application’s API secret, sent with X-Api-Key.' },
  OAuth2: {
    type: 'oauth2',
    description:
      'Client credentials (RFC 6749 §4.4). The access token is an RS256 JWT carrying `aplicacao_id`; keys at /.well-known/jwks.json. Verified as RFC8725 (JWT best current practices) asks: the algorithm pinned to RS256 (`none` and HMAC refused), explicit typing (`typ` `at+jwt`, RFC 9068), `iss`, `aud` and `exp` checked, the key chosen by `kid` among the published ones only.',
    flows: { clientCredentials: { tokenUrl: '/oauth2/token', scopes: scopeDescriptions } },
  },
  ProviderCredentialKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description: 'The provider’s machine credential: public key with the prefix `nbwp_` (provider portal).',
  },
  ProviderCredentialSecret: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Secret',
    description: 'The secret of the `nbwp_` credential, shown once at creation or regeneration.',
  },
  PortalJwt: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A portal JWT from the logins (/api/auth/...), for one role: admin, prestador, plantonista or paciente. Verified as RFC8725 (JWT best current practices) asks: the algorithm pinned to RS256, `typ` `JWT` and the portal audience (so an access token is never taken for a portal token, nor the reverse), `iss` and `exp` checked.',
  },
  AgentCertificate: {
    type: 'mutualTLS',
    description:
      'A client certificate of the agent CA bound to the application and integration (subject O=aplicacao:<id>, OU=integracao:<id>), checked against the CRL (/api/external/crl). Sent with an OAuth2 token of the same application.',
  },
};

function securityOf(route: Route): Json[] {
  const scopes = [...(route.scopes ?? [])];
  const schemes: Record<AuthScheme, Json[]> = {
    apiKey: [{ ApiKey: [], ApiSecret: [] }],
    oauth2: [{ OAuth2: scopes }],
    providerCredential: [{ ProviderCredentialKey: [], ProviderCredentialSecret: [] }],
    portalJwt: [{ PortalJwt: [] }],
    agent: [{ AgentCertificate: [], OAuth2: scopes }],
    none: [],
  };
  return schemes[route.auth];
}

/** Converts schemas, moving every named one into `components.schemas` (the same name must mean the same schema). */
class SchemaWriter {
  readonly components: Record<string, Json> = {};

  convert(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
    const converted = z.toJSONSchema(schema, {
      metadata: schemaNames,
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        const queryInteger = queryIntegers.get(zodSchema);
        if (queryInteger) {
          // A query integer the handler parses from the text (shared/http/paging.ts): an integer to a client.
          const { description } = jsonSchema;
          for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Record<string, unknown>)[key];
          Object.assign(jsonSchema, { type: 'integer', ...queryInteger, ...(description === undefined ? {} : { description }) });
        }
        if (jsonSchema.type !== 'integer') return;
        // zod bounds every int by the safe integers. In a request that is a bound the service enforces (and
        // states: larger numbers are refused); in an answer the reader learns nothing from it.
        if (io === 'output' && jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (io === 'output' && jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
        const int32 = (n: unknown) => typeof n === 'number' && n >= -(2 ** 31) && n < 2 ** 31;
        jsonSchema.format ??= int32(jsonSchema.minimum) && int32(jsonSchema.maximum) ? 'int32' : 'int64';
      },
    }) as Json;
    const { $schema: _dialect, $defs, ...rest } = converted;
    for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, Json>)) this.addComponent(name, definition);
    return rewriteRefs(rest) as Json;
  }

  private addComponent(name: string, definition: Json) {
    const rewritten = rewriteRefs(definition) as Json;
    const existing = this.components[name];
    if (existing && JSON.stringify(existing) !== JSON.stringify(rewritten)) {
      throw new Error(`schema name ${name} is used for two different schemas (or one seen as input and as output)`);
    }
    this.components[name] = rewritten;
  }
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', '#/components/schemas/') : rewriteRefs(v),
      ]),
    );
  }
  return value;
}

const statusText: Record<number, string> = {
  400: 'Bad request: the body, query or path is not valid; `field` names the offending field when there is one.',
  401: 'Not authenticated.',
  402: 'Insufficient balance.',
  403: 'Authenticated, but not allowed.',
  404: 'Not found (a record of another application is also 404).',
  409: 'Conflict with the current state; read it again.',
  413: 'The request is too large.',
  415: 'The body is not of a media type this route takes (JSON routes: `application/json`, with at most `charset=utf-8`).',
  422: 'The request is understood but not allowed in this state.',
  429: 'Too many requests; Retry-After says when to try again.',
  500: 'Internal error (logged with the request id).',
  501: 'Not implemented.',
  502: 'The upstream provider failed.',
  503: 'Temporarily unavailable.',
};

/** The codes every route of a scheme can answer with, before the route's own. */
function automaticErrors(route: Route): Map<number, Set<string>> {
  const errors = new Map<number, Set<string>>();
  const add = (status: number, code: string) => errors.set(status, (errors.get(status) ?? new Set()).add(code));
  if (route.auth !== 'none') {
    add(401, 'unauthorized');
    add(403, 'forbidden');
  }
  if (route.auth === 'oauth2' || route.auth === 'agent') {
    add(401, 'invalid_token');
    add(403, 'insufficient_scope');
  }
  // The kit's refusals of a body it cannot read; a route that answers them in its own form (the token
  // endpoint: RFC 6749's invalid_request) documents that answer in its contract instead.
  const kitRefusesBody = route.bodyRefusals !== 'route';
  if (route.body !== 'none' && kitRefusesBody) {
    // shared/http/body.ts: a body of another media type, or text that is not well-formed UTF-8.
    add(415, 'unsupported_media_type');
    add(400, 'invalid_encoding');
  }
  if (route.body === 'json' && kitRefusesBody) {
    add(400, 'invalid_json');
    add(400, 'validation_error'); // a body that is not what the route takes (an object, or an array)
  }
  if (route.maxBodyBytes !== undefined && kitRefusesBody) add(413, 'payload_too_large');
  if (rateLimits.some((limit) => limit.paths.some((prefix) => route.path.startsWith(prefix)))) add(429, 'too_many_requests');
  add(500, 'internal_error');
  return errors;
}

const errorBody: Json = {
  type: 'object',
  description:
    'The service’s error body. Some errors add fields: `field` (the offending field), `saldo` (402), `maxBytes` (413: the route’s body limit in bytes) or `maxRecords` (413: a batch’s limit in records), `requestId` (500).',
  properties: { error: { type: 'string', description: 'Machine-readable code.' }, message: { type: 'string', description: 'For people.' } },
  required: ['error', 'message'],
};

const pathParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
const isNumericId = (name: string) => name === 'id' || /Id$/.test(name);

function propertiesOf(schema: Json): { name: string; schema: Json; required: boolean }[] {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({ name, schema: s, required: required.has(name) }));
}

function parameters(route: Route, doc: RouteContract, writer: SchemaWriter): Json[] {
  const out: Json[] = [];
  const path = doc.path ? writer.convert(doc.path, 'input') : { properties: {} };
  const pathSchemas = (path.properties ?? {}) as Record<string, Json>;
  for (const name of pathParams(route.path)) {
    // An id of the path is a plain decimal from 1 to 2^53 - 1 (shared/http/params.ts); anything else is a 404.
    const schema =
      pathSchemas[name] ??
      (isNumericId(name) ? { type: 'integer', format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } : { type: 'string' });
    out.push({ name, in: 'path', required: true, schema });
  }
  if (doc.query) {
    for (const p of propertiesOf(writer.convert(doc.query, 'input'))) {
      const { description, ...schema } = p.schema;
      out.push({ name: p.name, in: 'query', required: p.required, ...(description ? { description } : {}), schema });
    }
  }
  for (const header of doc.headers ?? []) out.push(headerParameter(header, writer));
  for (const cookie of doc.cookies ?? []) out.push({ ...headerParameter(cookie, writer), in: 'cookie' });
  return out;
}

const headerParameter = (header: HeaderDoc, writer: SchemaWriter): Json => ({
  name: header.name,
  in: 'header',
  required: header.required ?? false,
  description: header.description,
  schema: header.schema ? writer.convert(header.schema, 'input') : { type: 'string' },
});

function requestBody(route: Route, doc: RouteContract, writer: SchemaWriter): Json | undefined {
  if (!doc.body || route.body === 'none') return undefined;
  const schema = writer.convert(doc.body, 'input');
  const content = Object.fromEntries(acceptedMediaTypes(route).map((mediaType) => [mediaType, { schema }]));
  return { required: route.bodyRequired ?? true, content };
}

function response(doc: ResponseDoc, writer: SchemaWriter): Json {
  const out: Json = { description: doc.description };
  if (doc.headers) {
    out.headers = Object.fromEntries(
      Object.entries(doc.headers).map(([name, h]) => [
        name,
        { description: h.description, schema: h.schema ? writer.convert(h.schema, 'output') : { type: 'string' } },
      ]),
    );
  }
  if (doc.body) out.content = { [doc.contentType ?? 'application/json']: { schema: writer.convert(doc.body, 'output') } };
  else if (doc.contentType) out.content = { [doc.contentType]: { schema: { type: 'string' } } };
  return out;
}

function responses(route: Route, doc: RouteContract, writer: SchemaWriter): Json {
  const out: Record<string, Json> = {};
  for (const [status, answer] of Object.entries(doc.responses)) if (answer) out[status] = response(answer, writer);
  const errors = automaticErrors(route);
  for (const [status, codes] of Object.entries(doc.errors ?? {})) {
    for (const code of codes ?? []) errors.set(Number(status), (errors.get(Number(status)) ?? new Set()).add(code));
  }
  for (const [status, codes] of [...errors].sort(([a], [b]) => a - b)) {
    if (out[status]) continue; // the route documents this status with its own body (402 with saldo, the token endpoint's errors)
    const known: readonly string[] = errorCodes[status as ErrorStatus] ?? [];
    const unknown = [...codes].filter((code) => !known.includes(code));
    if (unknown.length > 0) throw new Error(`${routeKey(route)}: ${status} ${unknown.join(', ')} is not in errorCodes`);
    out[status] = {
      description: statusText[status] ?? 'Error.',
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/ErrorBody', properties: { error: { enum: [...codes].sort() } } } },
      },
    };
  }
  return out;
}

const operationId = (route: Route) =>
  route.method.toLowerCase() +
  route.path
    .split(/[/.{}-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

function operation(route: Route, doc: RouteContract, writer: SchemaWriter): Json {
  const who = route.role ? `Portal JWT of role \`${route.role}\`.` : '';
  const description = [doc.description, who].filter(Boolean).join('\n\n');
  const params = parameters(route, doc, writer);
  const body = requestBody(route, doc, writer);
  return {
    operationId: operationId(route),
    tags: [route.group],
    summary: doc.summary,
    ...(description ? { description } : {}),
    security: securityOf(route),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(route, doc, writer),
  };
}

/** Standard Webhooks headers on every outbound delivery, as shared/operations/outbound-delivery.ts sends them. */
const deliveryHeaders: HeaderDoc[] = [
  {
    name: 'webhook-id',
    required: true,
    description:
      'The event’s id (`msg_<agendamentoId>_<n>`): the same for every subscription and every retry of one event. Use it to drop duplicates.',
  },
  {
    name: 'webhook-timestamp',
    required: true,
    description: 'Unix seconds when this attempt was signed (each retry is signed again). Refuse one too far from now.',
  },
  {
    name: 'webhook-signature',
    required: true,
    description:
      '`v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, keyed with the subscription’s secret (`whsec_` + base64; the key is the decoded part). Verify with the `standardwebhooks` library.',
  },
];

function webhooks(writer: SchemaWriter): Json {
  return Object.fromEntries(
    Object.entries(outboundEvents).map(([event, doc]) => [
      event,
      {
        post: {
          operationId: `webhook${event}`,
          tags: ['outbound-webhooks'],
          summary: doc.summary,
          description: doc.description,
          parameters: deliveryHeaders.map((h) => headerParameter(h, writer)),
          requestBody: { required: true, content: { 'application/json': { schema: writer.convert(doc.payload, 'output') } } },
          responses: { '2XX': { description: 'Received. Any other answer, or none within the timeout, is retried with backoff.' } },
        },
      },
    ]),
  );
}

export interface DocumentOptions {
  version: string;
}

export function buildDocument(options: DocumentOptions): Json {
  const writer = new SchemaWriter();
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route, contract[routeKey(route)], writer);
  }
  const hooks = webhooks(writer);
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'WhatsApp health communication platform',
      version: options.version,
      description:
        'Multi-tenant WhatsApp messaging for health care: prepaid sends with an exact statement, appointments and their communication flow, and the APIs of providers, physicians, patients and on-premises agents. Generated from the route table (`npm run openapi`); interface version 3.0.',
    },
    servers: [
      { url: 'http://127.0.0.1:3000', description: 'The local run (`npm start`), on loopback', 'x-internal': true },
      {
        url: 'https://{restApiId}.execute-api.{region}.amazonaws.com/prod',
        description: 'The deployed API (the `prod` stage), for the applications, providers, portals and agents',
        'x-internal': false,
        variables: { restApiId: { default: 'example' }, region: { default: 'sa-east-1' } },
      },
    ],
    tags: [...new Set(routes.map((r) => r.group)), 'outbound-webhooks'].map((name) => ({ name })),
    paths,
    webhooks: hooks,
    components: {
      schemas: { ErrorBody: errorBody, ...Object.fromEntries(Object.entries(writer.components).sort(([a], [b]) => a.localeCompare(b))) },
      securitySchemes,
    },
  };
}
