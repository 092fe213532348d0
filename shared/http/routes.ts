// The single route table. The CDK stack, the local gateway, the OpenAPI-style listings
// and the tests all read it: adding a route is one entry here plus its operation.
import type { PortalRole, Scope } from '#shared/domain/permissions';

export const groups = [
  'external-messages',
  'finance',
  'config',
  'token',
  'v2-appointments',
  'v2-other',
  'agent',
  'agent-import',
  'provider-api',
  'webhooks',
  'public',
  'patient-app',
  'provider-portal',
  'physician-portal',
  'admin',
  'admin-whatsapp',
  'admin-flow',
  'admin-campaigns',
  'admin-integrations',
  'admin-certificates',
  'reference',
  'admin-plans',
] as const;
export type Group = (typeof groups)[number];

/** How a route authenticates. `none` covers public routes and webhooks (signatures are checked in the handler on the raw bytes). */
export const authSchemes = ['apiKey', 'oauth2', 'providerCredential', 'portalJwt', 'agent', 'none'] as const;
export type AuthScheme = (typeof authSchemes)[number];
export type AuthorizedScheme = Exclude<AuthScheme, 'none'>;
/** The schemes with a Lambda authorizer of their own (`functions/authorizers/<kebab-case scheme>.ts`). */
export const authorizedSchemes = authSchemes.filter((s): s is AuthorizedScheme => s !== 'none');

export { scopes, type Scope, type PortalRole } from '#shared/domain/permissions';

/** How the request body is read: parsed JSON, form fields, or the exact bytes (webhook signatures). */
export type BodyKind = 'none' | 'json' | 'form' | 'raw';

/** The media types a request body may be sent as (JSON with an optional `charset=utf-8`, forms likewise). */
export const JSON_MEDIA_TYPE = 'application/json';
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';
/** A spreadsheet's export (a campaign's recipients), read as UTF-8 text by its route. */
export const CSV_MEDIA_TYPE = 'text/csv';
export type MediaType = typeof JSON_MEDIA_TYPE | typeof FORM_MEDIA_TYPE | typeof CSV_MEDIA_TYPE;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  method: Method;
  /** API Gateway resource path, `{param}` for path parameters. */
  path: string;
  group: Group;
  auth: AuthScheme;
  /** OAuth2 / agent scopes, any one of which allows the call. */
  scopes?: readonly Scope[];
  /** Portal role whose JWT this route accepts. */
  role?: PortalRole;
  body: BodyKind;
  /**
   * The media types a body of this route may have; the kit answers 415 to a body of any other (an empty
   * body has none). json routes take application/json, form routes form-urlencoded, raw routes say theirs.
   */
  accepts?: readonly MediaType[];
  /**
   * json routes: what the body is, a JSON object (the default) or array; anything else, `null` included,
   * is the same 400 on every route, before the operation runs.
   */
  bodyType?: 'object' | 'array';
  /** json routes: false when the body may be left out (the operation then reads `undefined`). Default true. */
  bodyRequired?: boolean;
  /** The largest body the route takes, in bytes; the kit answers 413 above it, before reading it. */
  maxBodyBytes?: number;
  /**
   * Who answers a body the kit cannot read (over `maxBodyBytes`, of another media type, not well-formed
   * UTF-8, not JSON): by default the kit, with the service's 413, 415 or 400; `route` when the route has
   * an error form of its own, to which its group handler maps the kit's refusal (groupHandler's
   * `bodyRefusals`). The token endpoint: RFC 6749 §5.2's 400 invalid_request, the only error OAuth clients read there.
   */
  bodyRefusals?: 'route';
}

/**
 * The agent's batch import: 500 records of up to 32 KB each would be about 17 MB, which Lambda refuses
 * (its 6 MB event holds about 4.5 MB of base64 body, infra/constructs/aws-limits.ts). 4 MiB leaves room
 * for the rest of the event (headers, context), so the service's 413 is what an agent meets, not a 500.
 */
export const AGENT_IMPORT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** A campaign's recipients (10,000 with their variables), as JSON or CSV: the agent import's room in Lambda's event. */
const CAMPAIGN_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The generic inbound webhook's payloads (the spec's inbound rules: at most 256 KB). */
export const INBOUND_WEBHOOK_MAX_BODY_BYTES = 256 * 1024;

/** The media types a body of the route may be sent as: its own `accepts`, else its body kind's. */
export const acceptedMediaTypes = (route: Pick<Route, 'body' | 'accepts'>): readonly MediaType[] =>
  route.accepts ?? (route.body === 'json' ? [JSON_MEDIA_TYPE] : route.body === 'form' ? [FORM_MEDIA_TYPE] : []);

/** A route of the table with its method, path, group and scheme kept as literal types. */
type TableRoute<M extends Method, P extends string, G extends Group, A extends AuthScheme> = Route & {
  method: M;
  path: P;
  group: G;
  auth: A;
};

const r = <M extends Method, P extends string, G extends Group, A extends AuthScheme>(
  method: M,
  path: P,
  group: G,
  auth: A,
  extra: Partial<Pick<Route, 'scopes' | 'role' | 'body' | 'accepts' | 'bodyType' | 'bodyRequired' | 'maxBodyBytes' | 'bodyRefusals'>> = {},
): TableRoute<M, P, G, A> => ({
  method,
  path,
  group,
  auth,
  body: extra.body ?? (method === 'GET' || method === 'DELETE' ? 'none' : 'json'),
  ...extra,
});

const scope = (...s: Scope[]) => ({ scopes: s });
const portal = (role: PortalRole, extra: Partial<Pick<Route, 'bodyRequired'>> = {}) => ({ role, ...extra });
/** A POST or PUT that takes no body (an action on the record of its path): a JSON object sent is read and ignored. */
const noBody = { bodyRequired: false } as const;
const json = { accepts: [JSON_MEDIA_TYPE] } as const;
const form = { accepts: [FORM_MEDIA_TYPE] } as const;

/** The 61 routes of the interface spec. */
export const specRoutes = [
  // External API, messages (API key and secret)
  r('POST', '/api/external/messages/send', 'external-messages', 'apiKey'),
  r('GET', '/api/external/messages/{id}', 'external-messages', 'apiKey'),
  r('GET', '/api/external/messages', 'external-messages', 'apiKey'),

  // External API, finance
  r('GET', '/api/external/financeiro/saldo', 'finance', 'apiKey'),
  r('GET', '/api/external/financeiro/tarifas', 'finance', 'apiKey'),
  r('GET', '/api/external/financeiro/extrato', 'finance', 'apiKey'),

  // External API, configuration
  r('GET', '/api/v2/config/status', 'config', 'apiKey'),
  r('GET', '/api/v2/stats', 'config', 'apiKey'),

  // Token endpoint
  r('POST', '/oauth2/token', 'token', 'none', { body: 'form', bodyRefusals: 'route' }),

  // External API v2 (OAuth2)
  r('GET', '/api/external/v2/agendamentos', 'v2-appointments', 'oauth2', scope('agendamentos:read')),
  r('GET', '/api/external/v2/agendamentos/{id}', 'v2-appointments', 'oauth2', scope('agendamentos:read')),
  r('POST', '/api/external/v2/agendamentos', 'v2-appointments', 'oauth2', scope('agendamentos:write')),
  r('PATCH', '/api/external/v2/agendamentos/{id}', 'v2-appointments', 'oauth2', scope('agendamentos:write')),
  r('POST', '/api/external/v2/mensagens', 'v2-other', 'oauth2', scope('mensagens:enviar')),
  r('GET', '/api/external/v2/atendimentos/fila', 'v2-other', 'oauth2', scope('atendimentos:read')),
  r('GET', '/api/external/v2/atendimentos/em-andamento', 'v2-other', 'oauth2', scope('atendimentos:read')),
  r('POST', '/api/external/v2/atendimentos/{id}/escalar', 'v2-other', 'oauth2', { ...scope('atendimentos:escalar'), ...noBody }),
  r('GET', '/api/external/v2/pacientes', 'v2-other', 'oauth2', scope('pacientes:read')),
  r('POST', '/api/external/v2/pacientes', 'v2-other', 'oauth2', scope('pacientes:write')),

  // On-premises agent channel (client certificate + OAuth2 token)
  r('GET', '/api/external/integracoes/banco', 'agent', 'agent', scope('integracoes:read')),
  r('GET', '/api/external/integracoes/api', 'agent', 'agent', scope('integracoes:read')),
  r('POST', '/api/external/integracoes/logs', 'agent', 'agent', scope('integracoes:write')),
  r('POST', '/api/external/integracoes/registros', 'agent-import', 'agent', {
    ...scope('registros:importar'),
    maxBodyBytes: AGENT_IMPORT_MAX_BODY_BYTES,
  }),
  r('GET', '/api/external/integracoes/queries', 'agent', 'agent', scope('integracoes:read')),
  r('PUT', '/api/external/integracoes/queries', 'agent', 'agent', { ...scope('integracoes:write'), bodyType: 'array' }),

  // Provider machine API (nbwp_ credential)
  r('POST', '/api/external/prestador/v1/execucao', 'provider-api', 'providerCredential'),

  // Webhooks received by the service (signatures checked in the handler on the raw body)
  r('POST', '/api/webhooks/whatsapp/webhook', 'webhooks', 'none', { body: 'raw', ...form }),
  r('POST', '/api/webhooks/whatsapp/status', 'webhooks', 'none', { body: 'raw', ...form }),
  r('POST', '/api/webhooks/whatsapp/webhook/test', 'webhooks', 'none', { body: 'raw', accepts: [FORM_MEDIA_TYPE, JSON_MEDIA_TYPE] }),
  r('GET', '/api/webhooks/whatsapp/meta/{slug}', 'webhooks', 'none'),
  r('POST', '/api/webhooks/whatsapp/meta/{slug}', 'webhooks', 'none', { body: 'raw', ...json }),
  r('POST', '/api/v1/webhooks/inbound/{slug}/{fluxo}', 'webhooks', 'none', {
    body: 'raw',
    ...json,
    maxBodyBytes: INBOUND_WEBHOOK_MAX_BODY_BYTES,
  }),

  // Public endpoints
  r('GET', '/api/planos/ativos', 'public', 'none'),
  r('POST', '/api/contato', 'public', 'none'),
  r('GET', '/api/status', 'public', 'none'),
  r('GET', '/api/external/crl', 'public', 'none'),

  // Patient app (JWT, patient)
  r('GET', '/api/v4/saude/perfil', 'patient-app', 'portalJwt', portal('paciente')),
  r('PUT', '/api/v4/saude/perfil', 'patient-app', 'portalJwt', portal('paciente', noBody)),
  r('GET', '/api/v4/saude/consentimentos', 'patient-app', 'portalJwt', portal('paciente')),
  r('PUT', '/api/v4/saude/consentimentos', 'patient-app', 'portalJwt', portal('paciente')),
  r('PUT', '/api/v4/saude/consentimentos/{tipo}/revogar', 'patient-app', 'portalJwt', portal('paciente', noBody)),
  r('PUT', '/api/v4/saude/consentimentos/{tipo}/conceder', 'patient-app', 'portalJwt', portal('paciente', noBody)),
  // One consent's history with its RFC 3161 time stamps (#39, docs/stamps.md).

  // Provider portal (JWT, prestador)
  r('GET', '/api/prestador/webhooks/{id}', 'provider-portal', 'portalJwt', portal('prestador')),
  r('PUT', '/api/prestador/webhooks/{id}', 'provider-portal', 'portalJwt', portal('prestador')),
  r('DELETE', '/api/prestador/webhooks/{id}', 'provider-portal', 'portalJwt', portal('prestador')),
  r('PUT', '/api/prestador/credenciais/{id}', 'provider-portal', 'portalJwt', portal('prestador')),
  r('DELETE', '/api/prestador/credenciais/{id}', 'provider-portal', 'portalJwt', portal('prestador')),

  // Physician portal (JWT, plantonista)
  r('GET', '/api/plantonista/predilecoes', 'physician-portal', 'portalJwt', portal('plantonista')),
  r('PUT', '/api/plantonista/predilecoes', 'physician-portal', 'portalJwt', portal('plantonista')),
  r('GET', '/api/plantonista/perfil', 'physician-portal', 'portalJwt', portal('plantonista')),
  r('PUT', '/api/plantonista/perfil', 'physician-portal', 'portalJwt', portal('plantonista', noBody)),
  r('GET', '/api/plantonista/perfil-busca', 'physician-portal', 'portalJwt', portal('plantonista')),
  r('PUT', '/api/plantonista/perfil-busca', 'physician-portal', 'portalJwt', portal('plantonista')),
  r('GET', '/api/plantonista/disponibilidade', 'physician-portal', 'portalJwt', portal('plantonista')),
  r('PUT', '/api/plantonista/disponibilidade', 'physician-portal', 'portalJwt', portal('plantonista')),
  r('PUT', '/api/plantonista/disponibilidade/lote', 'physician-portal', 'portalJwt', portal('plantonista')),

  // Admin (JWT, admin)
  r('GET', '/api/admin/whatsapp/templates-hsm/{id}', 'admin-flow', 'portalJwt', portal('admin')),
  r('PUT', '/api/admin/whatsapp/templates-hsm/{id}', 'admin-flow', 'portalJwt', portal('admin')),
  r('DELETE', '/api/admin/whatsapp/templates-hsm/{id}', 'admin-flow', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/whatsapp/setores/{id}', 'admin-whatsapp', 'portalJwt', portal('admin')),
  r('PUT', '/api/admin/whatsapp/setores/{id}', 'admin-whatsapp', 'portalJwt', portal('admin')),
] as const;

/**
 * Routes the spec names without showing them (it says the admin panel, the provider portal and
 * the logins exist), built in the spec's style.
 */
export const extensionRoutes = [
  // The OpenAPI 3.1 document of this API (docs/openapi.json, generated from this table and its contract).
  r('GET', '/openapi.json', 'reference', 'none'),
  // Public keys of the RS256 access tokens (RFC 7517), for resource servers and agents.
  r('GET', '/.well-known/jwks.json', 'token', 'none'),
  // OAuth 2.0 authorization-server metadata (RFC 8414), so standard clients configure themselves.
  r('GET', '/.well-known/oauth-authorization-server', 'token', 'none'),
  // Scheduled sends (#35): a send with `agendarPara` waits SCHEDULED for its time; this cancels it until then.
  r('DELETE', '/api/external/messages/{id}', 'external-messages', 'apiKey'),
  // Logins that issue the portal JWTs.
  r('POST', '/api/auth/login', 'token', 'none'),
  r('POST', '/api/auth/paciente/codigo', 'token', 'none'),
  r('POST', '/api/auth/paciente/token', 'token', 'none'),
  // The console's session: rotation and revocation of the refresh-token cookie the login sets (#26).
  r('POST', '/api/auth/refresh', 'token', 'none', noBody),
  r('POST', '/api/auth/logout', 'token', 'none', noBody),

  // Admin panel: applications (tenants), their credentials, OAuth2 clients, credits and users.
  r('POST', '/api/admin/aplicacoes', 'admin', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/aplicacoes', 'admin', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/aplicacoes/{id}', 'admin', 'portalJwt', portal('admin')),
  r('PUT', '/api/admin/aplicacoes/{id}/provider', 'admin', 'portalJwt', portal('admin')),
  r('POST', '/api/admin/aplicacoes/{id}/credenciais', 'admin', 'portalJwt', portal('admin', noBody)),
  r('GET', '/api/admin/aplicacoes/{id}/oauth-clients', 'admin', 'portalJwt', portal('admin')),
  r('POST', '/api/admin/aplicacoes/{id}/oauth-clients', 'admin', 'portalJwt', portal('admin')),
  r('POST', '/api/admin/aplicacoes/{id}/creditos', 'admin', 'portalJwt', portal('admin')),
  r('POST', '/api/admin/usuarios', 'admin', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/usuarios', 'admin', 'portalJwt', portal('admin')),
  // Tariffs (platform-wide, or for one application) and refunds of statement entries.
  r('GET', '/api/admin/tarifas', 'admin', 'portalJwt', portal('admin')),
  r('POST', '/api/admin/tarifas', 'admin', 'portalJwt', portal('admin')),
  r('PUT', '/api/admin/tarifas/{id}', 'admin', 'portalJwt', portal('admin', noBody)),
  r('POST', '/api/admin/aplicacoes/{id}/estornos', 'admin', 'portalJwt', portal('admin')),
  // The console's Início and Extrato, for the token's application: the overview, the statement with its
  // filters, and the same selection as CSV (#26).
  r('GET', '/api/admin/resumo', 'admin', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/extrato', 'admin', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/extrato/csv', 'admin', 'portalJwt', portal('admin')),

  // Admin panel: the application's WhatsApp numbers (inbound messages find their application by them).
  r('PUT', '/api/admin/aplicacoes/{id}/numeros', 'admin', 'portalJwt', portal('admin')),
  // Inactive means inactive: an application (its API key and its sends), a prestador (its credentials),
  // an OAuth client (no new tokens).
  r('PUT', '/api/admin/aplicacoes/{id}/ativo', 'admin', 'portalJwt', portal('admin')),
  r('PUT', '/api/admin/aplicacoes/{id}/ritmo', 'admin', 'portalJwt', portal('admin')),
  r('PUT', '/api/admin/aplicacoes/{id}/prestadores/{prestadorId}/ativo', 'admin', 'portalJwt', portal('admin')),
  r('DELETE', '/api/admin/aplicacoes/{id}/oauth-clients/{clientId}', 'admin', 'portalJwt', portal('admin')),
  // RFC 3161 time stamps (#39, docs/stamps.md): the application's switch, and one stamp for its admin.
  r('PUT', '/api/admin/aplicacoes/{id}/carimbo-tempo', 'admin', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/carimbos/{id}', 'admin', 'portalJwt', portal('admin')),
  r('GET', '/api/v4/saude/consentimentos/{tipo}/historico', 'patient-app', 'portalJwt', portal('paciente')),
  // Conversations: sectors (GET/PUT of one are spec routes), generic inbound webhook subscriptions,
  // the patients' inbound messages, and the attendant's side of an attendance.
  r('POST', '/api/admin/whatsapp/setores', 'admin-whatsapp', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/whatsapp/setores', 'admin-whatsapp', 'portalJwt', portal('admin')),
  r('POST', '/api/admin/webhooks-entrada', 'admin-whatsapp', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/webhooks-entrada', 'admin-whatsapp', 'portalJwt', portal('admin')),
  r('DELETE', '/api/admin/webhooks-entrada/{id}', 'admin-whatsapp', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/webhooks-entrada/eventos', 'admin-whatsapp', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/mensagens-recebidas', 'admin-whatsapp', 'portalJwt', portal('admin')),
  // The console's Mensagens: the messages the application sent, and one with its timeline and charge (#26).
  r('GET', '/api/admin/mensagens', 'admin-whatsapp', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/mensagens/{id}', 'admin-whatsapp', 'portalJwt', portal('admin')),
  // A scheduled send canceled before its time (#35), as DELETE /api/external/messages/{id} cancels it.
  r('POST', '/api/admin/mensagens/{id}/cancelar', 'admin-whatsapp', 'portalJwt', portal('admin', noBody)),
  r('GET', '/api/admin/atendimentos', 'admin-whatsapp', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/atendimentos/{id}', 'admin-whatsapp', 'portalJwt', portal('admin')),
  r('POST', '/api/admin/atendimentos/{id}/assumir', 'admin-whatsapp', 'portalJwt', portal('admin', noBody)),
  r('POST', '/api/admin/atendimentos/{id}/responder', 'admin-whatsapp', 'portalJwt', portal('admin')),
  r('POST', '/api/admin/atendimentos/{id}/encerrar', 'admin-whatsapp', 'portalJwt', portal('admin', noBody)),
  // The AI assistant (#38, docs/ai.md): its settings (automatic answers in the bot stage), a reply suggested to the
  // operator, a template drafted; each call charged IA_INTERACAO. The platform's AI margin is the admin group's.
  r('GET', '/api/admin/whatsapp/ia', 'admin-whatsapp', 'portalJwt', portal('admin')),
  r('PUT', '/api/admin/whatsapp/ia', 'admin-whatsapp', 'portalJwt', portal('admin')),
  r('POST', '/api/admin/atendimentos/{id}/sugestao', 'admin-whatsapp', 'portalJwt', portal('admin', noBody)),
  r('POST', '/api/admin/whatsapp/templates-hsm/sugestoes', 'admin-flow', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/ia/resumo', 'admin', 'portalJwt', portal('admin')),
  // The appointment communication flow: WhatsApp templates (GET/PUT/DELETE of one are spec routes)
  // with their review actions, and the application's flow settings (timings, reply words).
  r('POST', '/api/admin/whatsapp/templates-hsm', 'admin-flow', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/whatsapp/templates-hsm', 'admin-flow', 'portalJwt', portal('admin')),
  r('POST', '/api/admin/whatsapp/templates-hsm/{id}/submeter', 'admin-flow', 'portalJwt', portal('admin', noBody)),
  r('POST', '/api/admin/whatsapp/templates-hsm/{id}/pausar', 'admin-flow', 'portalJwt', portal('admin', noBody)),
  r('POST', '/api/admin/whatsapp/templates-hsm/{id}/arquivar', 'admin-flow', 'portalJwt', portal('admin', noBody)),
  r('GET', '/api/admin/whatsapp/fluxo-agendamentos', 'admin-flow', 'portalJwt', portal('admin')),
  r('PUT', '/api/admin/whatsapp/fluxo-agendamentos', 'admin-flow', 'portalJwt', portal('admin')),
  // A real, charged test message through the application's current provider (the console's Configurações).
  r('POST', '/api/admin/whatsapp/teste', 'admin-whatsapp', 'portalJwt', portal('admin')),
  // An appointment in ERRO processed again from the start (the state machine's ERRO -> IMPORTADO).
  // The console's appointment board: a day's appointments, one with its history and the flow's messages, the operator's moves.
  r('GET', '/api/admin/agendamentos', 'admin-flow', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/agendamentos/{id}', 'admin-flow', 'portalJwt', portal('admin')),
  r('POST', '/api/admin/agendamentos/{id}/confirmar', 'admin-flow', 'portalJwt', portal('admin', noBody)),
  r('POST', '/api/admin/agendamentos/{id}/cancelar', 'admin-flow', 'portalJwt', portal('admin')),
  r('POST', '/api/admin/agendamentos/{id}/reprocessar', 'admin-flow', 'portalJwt', portal('admin', noBody)),
  // Campaigns (#36): one message to a list, paced, held outside the send window; created from JSON or a CSV upload
  // (`simular=true`: the checks and the estimated cost, nothing written).
  r('POST', '/api/admin/campanhas', 'admin-campaigns', 'portalJwt', { ...portal('admin'), maxBodyBytes: CAMPAIGN_MAX_BODY_BYTES }),
  r('POST', '/api/admin/campanhas/csv', 'admin-campaigns', 'portalJwt', {
    ...portal('admin'),
    body: 'raw',
    accepts: [CSV_MEDIA_TYPE],
    maxBodyBytes: CAMPAIGN_MAX_BODY_BYTES,
  }),
  r('GET', '/api/admin/campanhas', 'admin-campaigns', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/campanhas/{id}', 'admin-campaigns', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/campanhas/{id}/destinatarios', 'admin-campaigns', 'portalJwt', portal('admin')),
  r('POST', '/api/admin/campanhas/{id}/pausar', 'admin-campaigns', 'portalJwt', portal('admin', noBody)),
  r('POST', '/api/admin/campanhas/{id}/retomar', 'admin-campaigns', 'portalJwt', portal('admin', noBody)),
  r('POST', '/api/admin/campanhas/{id}/cancelar', 'admin-campaigns', 'portalJwt', portal('admin', noBody)),

  // Admin panel: the on-premises agent channel. Integrations (the legacy systems an agent reads),
  // their execution logs, and the agent certificates issued for them (from the agent's CSR).
  r('POST', '/api/admin/integracoes', 'admin-integrations', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/integracoes', 'admin-integrations', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/integracoes/{id}', 'admin-integrations', 'portalJwt', portal('admin')),
  r('PUT', '/api/admin/integracoes/{id}', 'admin-integrations', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/integracoes/{id}/logs', 'admin-integrations', 'portalJwt', portal('admin')),
  // Routes that sign with the agent CA or publish the CRL: deleting an integration revokes its certificates.
  r('DELETE', '/api/admin/integracoes/{id}', 'admin-certificates', 'portalJwt', portal('admin')),
  r('POST', '/api/admin/integracoes/{id}/certificados', 'admin-certificates', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/integracoes/{id}/certificados', 'admin-certificates', 'portalJwt', portal('admin')),
  r('POST', '/api/admin/integracoes/{id}/certificados/{serial}/revogar', 'admin-certificates', 'portalJwt', portal('admin')),

  // Provider portal: the provider's machine credentials (nbwp_).
  r('POST', '/api/prestador/credenciais', 'provider-portal', 'portalJwt', portal('prestador')),
  r('GET', '/api/prestador/credenciais', 'provider-portal', 'portalJwt', portal('prestador')),
  r('POST', '/api/prestador/credenciais/{id}/regenerar', 'provider-portal', 'portalJwt', portal('prestador', noBody)),
  // Provider portal: the provider's outbound webhooks (GET/PUT/DELETE of one are spec routes) and their delivery log.
  r('POST', '/api/prestador/webhooks', 'provider-portal', 'portalJwt', portal('prestador')),
  r('GET', '/api/prestador/webhooks', 'provider-portal', 'portalJwt', portal('prestador')),
  r('GET', '/api/prestador/webhooks/{id}/entregas', 'provider-portal', 'portalJwt', portal('prestador')),
  r('POST', '/api/prestador/webhooks/{id}/entregas/{entregaId}/reenviar', 'provider-portal', 'portalJwt', portal('prestador', noBody)),
  // Provider portal: a webhook's signing secret revealed on demand, and a test event delivered to it alone (#37).
  r('GET', '/api/prestador/webhooks/{id}/segredo', 'provider-portal', 'portalJwt', portal('prestador')),
  r('POST', '/api/prestador/webhooks/{id}/teste', 'provider-portal', 'portalJwt', portal('prestador', noBody)),
  // Provider portal: the appointments naming the provider, one day at a time, and an execution result recorded by hand
  // (the same use case, idempotency and event as POST /api/external/prestador/v1/execucao) (#37).
  r('GET', '/api/prestador/agendamentos', 'provider-portal', 'portalJwt', portal('prestador')),
  r('POST', '/api/prestador/agendamentos/{id}/execucao', 'provider-portal', 'portalJwt', portal('prestador')),

  // Patient app: the chat with the application (its messages land in the patient's attendance, canal APP) and the
  // devices that get push notifications (#39, docs/app-chat.md); chat messages charged APP_CHAT, pushes APP_PUSH.
  r('GET', '/api/v4/saude/chat', 'patient-app', 'portalJwt', portal('paciente')),
  r('POST', '/api/v4/saude/chat', 'patient-app', 'portalJwt', portal('paciente')),
  r('PUT', '/api/v4/saude/dispositivos', 'patient-app', 'portalJwt', portal('paciente')),
  r('DELETE', '/api/v4/saude/dispositivos/{id}', 'patient-app', 'portalJwt', portal('paciente')),
  // Plan invoices (#39, docs/invoices.md): an application put on a plan (its first invoice at once, then one a month),
  // its invoices, one marked paid by the platform admin or by the payment gateway's signed webhook (Stripe's invoice.paid).
  r('PUT', '/api/admin/aplicacoes/{id}/plano', 'admin-plans', 'portalJwt', portal('admin')),
  r('GET', '/api/admin/aplicacoes/{id}/faturas', 'admin-plans', 'portalJwt', portal('admin')),
  r('POST', '/api/admin/aplicacoes/{id}/faturas/{faturaId}/pagar', 'admin-plans', 'portalJwt', portal('admin', noBody)),
  r('POST', '/api/webhooks/pagamentos/stripe', 'webhooks', 'none', { body: 'raw', ...json }),
] as const;

export const routes: readonly Route[] = [...specRoutes, ...extensionRoutes];

type AnyTableRoute = (typeof specRoutes)[number] | (typeof extensionRoutes)[number];
type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;

/** `METHOD /path` of a route of the table. */
export type RouteKey = KeyOf<AnyTableRoute>;
export const routeKey = (r: { method: string; path: string }): RouteKey => `${r.method} ${r.path}` as RouteKey;

/** The routes of one group, by key, with the scheme each authenticates with. */
export type GroupRoutes<G extends Group> = { [R in Extract<AnyTableRoute, { group: G }> as KeyOf<R>]: R['auth'] };

const byKey = new Map(routes.map((route) => [routeKey(route), route]));

/** The route API Gateway matched, from the event's `httpMethod` and `resource`. */
export const findRoute = (method: string, resource: string): Route | undefined => byKey.get(`${method} ${resource}` as RouteKey);

export const routesOf = (group: Group): Route[] => routes.filter((route) => route.group === group);
