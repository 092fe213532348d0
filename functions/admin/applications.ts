// /api/admin/aplicacoes/**: tenants, their API key pair, OAuth2 clients and credits.
// Who may do what: an admin whose token carries `plataforma` (the platform operator) may create
// and list applications, add credits and act on any application; any other admin only reads and
// manages its own application, and every other id is a 404 (tenant isolation: never a 403 that
// would confirm the application exists).
import type * as z from 'zod/mini';
import { dynamoAdminApplicationRepository } from '#shared/db/admin-applications';
import { dynamoLedgerRepository } from '#shared/db/ledger';
import { saveStampSetting } from '#shared/db/stamps';
import {
  addCredit,
  addOAuthClient,
  changeNumbers,
  changeProvider,
  createApplication,
  findApplication,
  listApplications,
  listOAuthClients,
  regenerateCredentials,
  revokeOAuthClient,
  setApplicationActive,
  setApplicationPace,
  setPrestadorActive,
  type AdminApplicationRepository,
} from '#shared/domain/admin-applications';
import { maskSecret, type ProviderSecretStore, type StoredSecret } from '#shared/domain/applications/secrets';
import { paceOf, type Application } from '#shared/domain/applications/records';
import { notFound } from '#shared/domain/errors';
import type { LedgerRepository } from '#shared/domain/ledger';
import { HttpError } from '#shared/http/errors';
import { json, type Operations, type TenantRequest } from '#shared/http/kit';
import { pathId } from '#shared/http/params';
import { isPlatformAdmin, requirePlatformAdmin } from '#shared/http/platform-admin';
import { readPaging } from '#shared/http/paging';
import { validate } from '#shared/http/validation';
import { elementsPageOf } from '#shared/domain/paging';
import { providerSecretStore } from '#shared/providers/secrets';
import { shownTime } from '#shared/domain/time';
import {
  activeBody,
  CLIENT_ID,
  creditBody,
  newApplicationBody,
  numbersBody,
  oauthClientBody,
  paceBody,
  providerChangeBody,
} from './requests.ts';
import type { application, adminContract } from './contract.ts';

let repos: { applications: AdminApplicationRepository; ledger: LedgerRepository; secrets: ProviderSecretStore } | undefined;
const repositories = () =>
  (repos ??= { applications: dynamoAdminApplicationRepository(), ledger: dynamoLedgerRepository(), secrets: providerSecretStore() });

// ---------------------------------------------------------------------------------------------
// Who may do what

/** The {id} of the path, when this admin may see it; anything else is the same 404. */
function targetId(request: TenantRequest): number {
  const id = pathId(request, 'application');
  if (!isPlatformAdmin(request.principal) && id !== request.principal.aplicacaoId) throw notFound('application');
  return id;
}

// ---------------------------------------------------------------------------------------------
// Output

/** The mask the item keeps (or, on an item whose secrets were not moved yet, made from the value). */
const mask = (secret: StoredSecret) => (typeof secret === 'string' ? maskSecret(secret) : secret.mascara);

function applicationView(app: Application): z.output<typeof application> {
  const a = app.providerA;
  const b = app.providerB;
  return {
    id: app.id,
    nome: app.nome,
    slug: app.slug,
    provider: app.provider,
    ativo: app.ativo,
    mensagensPorSegundo: paceOf(app),
    criadoEm: shownTime(app.criadoEm),
    apiKey: app.apiKey ?? null,
    numerosWhatsapp: app.numerosWhatsapp ?? [],
    providerA: a ? { accountSid: a.accountSid, authToken: mask(a.authToken), fromNumber: a.fromNumber, baseUrl: a.baseUrl } : null,
    carimboTempo: app.carimboTempo === true,
    providerB: b
      ? {
          phoneNumberId: b.phoneNumberId,
          accessToken: mask(b.accessToken),
          appSecret: mask(b.appSecret),
          verifyToken: mask(b.verifyToken),
          baseUrl: b.baseUrl,
          wabaId: b.wabaId ?? null,
        }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Operations

export const applicationOperations: Operations<'admin', typeof adminContract> = {
  'POST /api/admin/aplicacoes': async (request) => {
    requirePlatformAdmin(request.principal, 'create applications');
    const input = validate(newApplicationBody, request.body);
    const { applications, secrets } = repositories();
    const { application, balance, credenciais } = await createApplication(applications, secrets, input, new Date());
    return json(201, { ...applicationView(application), saldo: balance.saldo, credenciais });
  },

  'GET /api/admin/aplicacoes': async (request) => {
    requirePlatformAdmin(request.principal, 'list every application');
    const paging = readPaging(request.query);
    const { content, total } = await listApplications(repositories().applications, paging);
    return json(200, elementsPageOf(content.map(applicationView), total, paging));
  },

  'GET /api/admin/aplicacoes/{id}': async (request) => {
    const id = targetId(request);
    const { applications } = repositories();
    const application = await findApplication(applications, id);
    const balance = await applications.getBalance(id);
    return json(200, { ...applicationView(application), saldo: balance?.saldo ?? null });
  },

  'PUT /api/admin/aplicacoes/{id}/provider': async (request) => {
    const id = targetId(request);
    const change = validate(providerChangeBody, request.body);
    // The service calls baseUrl with the application's provider secrets: only the operator may point it elsewhere.
    if ((change.providerA?.baseUrl || change.providerB?.baseUrl) && !isPlatformAdmin(request.principal)) {
      throw new HttpError(403, 'forbidden', 'Only a platform administrator may set baseUrl');
    }
    const { applications, secrets } = repositories();
    return json(200, applicationView(await changeProvider(applications, secrets, id, change, new Date())));
  },

  'PUT /api/admin/aplicacoes/{id}/numeros': async (request) => {
    const id = targetId(request);
    const { numeros } = validate(numbersBody, request.body);
    return json(200, applicationView(await changeNumbers(repositories().applications, id, numeros)));
  },

  'POST /api/admin/aplicacoes/{id}/credenciais': async (request) => {
    const id = targetId(request);
    const credenciais = await regenerateCredentials(repositories().applications, id, new Date());
    return json(201, credenciais);
  },

  'GET /api/admin/aplicacoes/{id}/oauth-clients': async (request) => {
    const id = targetId(request);
    const clients = await listOAuthClients(repositories().applications, id);
    return json(
      200,
      clients.map(({ clientId, nome, scopes, criadoEm, revogadoEm }) => ({
        clientId,
        nome,
        scopes,
        criadoEm: shownTime(criadoEm),
        revogadoEm: shownTime(revogadoEm),
      })),
    );
  },

  'POST /api/admin/aplicacoes/{id}/oauth-clients': async (request) => {
    const id = targetId(request);
    const input = validate(oauthClientBody, request.body);
    const client = await addOAuthClient(repositories().applications, id, input, new Date());
    return json(201, { clientId: client.clientId, clientSecret: client.clientSecret, scopes: client.scopes, nome: client.nome });
  },

  // Deactivating a tenant is the operator's decision, like creating one.
  'PUT /api/admin/aplicacoes/{id}/ativo': async (request) => {
    requirePlatformAdmin(request.principal, 'activate or deactivate applications');
    const id = targetId(request);
    const { ativo } = validate(activeBody, request.body);
    return json(200, applicationView(await setApplicationActive(repositories().applications, id, ativo, new Date())));
  },

  // A number's rate is the provider's contract with the operator, not the tenant's to raise.
  'PUT /api/admin/aplicacoes/{id}/ritmo': async (request) => {
    requirePlatformAdmin(request.principal, 'set an application’s pace');
    const id = targetId(request);
    const { mensagensPorSegundo } = validate(paceBody, request.body);
    return json(200, applicationView(await setApplicationPace(repositories().applications, id, mensagensPorSegundo, new Date())));
  },

  // RFC 3161 time stamps of the application's events (docs/stamps.md): the tenant's own choice, charged per token.
  'PUT /api/admin/aplicacoes/{id}/carimbo-tempo': async (request) => {
    const id = targetId(request);
    const { ativo } = validate(activeBody, request.body);
    const current = await findApplication(repositories().applications, id);
    await saveStampSetting(id, ativo, new Date().toISOString());
    return json(200, applicationView({ ...current, carimboTempo: ativo }));
  },

  'PUT /api/admin/aplicacoes/{id}/prestadores/{prestadorId}/ativo': async (request) => {
    const id = targetId(request);
    const prestadorId = pathId(request, 'prestador', 'prestadorId');
    const { ativo } = validate(activeBody, request.body);
    await setPrestadorActive(repositories().applications, id, prestadorId, ativo, new Date());
    return json(200, { prestadorId, ativo });
  },

  'DELETE /api/admin/aplicacoes/{id}/oauth-clients/{clientId}': async (request) => {
    const id = targetId(request);
    const clientId = request.pathParameters.clientId ?? '';
    if (!CLIENT_ID.test(clientId)) throw notFound('OAuth client');
    await revokeOAuthClient(repositories().applications, id, clientId, new Date());
    return { statusCode: 204 };
  },

  'POST /api/admin/aplicacoes/{id}/creditos': async (request) => {
    requirePlatformAdmin(request.principal, 'add credits');
    const id = targetId(request);
    const input = validate(creditBody, request.body);
    return json(201, await addCredit(repositories(), id, input));
  },
};
