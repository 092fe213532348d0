// DynamoDB implementation of the application repository (single table, docs/data-model.md; keys
// in shared/db/keys.ts): the application (patterns 1, 2), its slug (3) and opening balance (4), its
// API key (5, 5b; the authorizer reads it through shared/db/api-keys.ts), OAuth clients (6, 7),
// prestadores (8) and their nbwp_ credentials (9, 10), portal users with their e-mail lookup
// (11, 12; + senhaHash of password users) and a patient's phone (12b), inbound subscriptions (13).
//
// Every item carries `tipo` (APP, SLUG, SALDO, APIKEY, OAUTHCLIENT, PRESTADOR, PCRED, USER, USEREMAIL, USERFONE, INBOUNDSUB).
import { GetCommand, NumberValue, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditional, db, isConditionFailure, queryCount, queryIndex, queryPage, queryPrefix, tableName } from '#shared/db/client';
import { toApplication } from '#shared/db/application-item';
import { nextId } from '#shared/db/ids';
import { toProviderCredential } from '#shared/db/provider-credential-lookup';
import { boolean, fieldsOf, listOf, nullable, number, oneOf, string, type Item } from '#shared/db/item';
import { storedSecret } from '#shared/db/stored-secrets';
import * as keys from '#shared/db/keys';
import { storedDecimal } from '#shared/db/numbers';
import { defaultSectorWrites } from '#shared/db/sectors';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';
import { conflict, notFound } from '#shared/domain/errors';
import type {
  ApiKeyRecord,
  Application,
  Balance,
  InboundSubscription,
  OAuthClientRecord,
  PortalUser,
  Prestador,
} from '#shared/domain/applications/records';
import type { ApplicationRepository } from '#shared/domain/applications/repository';
import { portalRoles, scopes } from '#shared/domain/permissions';

const notExists = 'attribute_not_exists(pk)';

/** The application's current API key, read consistently; undefined key when it has none yet. */
async function currentApiKey(aplicacaoId: number): Promise<{ apiKey: string | undefined; ativo: boolean } | undefined> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.application(aplicacaoId),
      ConsistentRead: true,
      ProjectionExpression: 'apiKey, ativo',
    }),
  );
  if (!out.Item) return undefined;
  return { apiKey: typeof out.Item.apiKey === 'string' ? out.Item.apiKey : undefined, ativo: out.Item.ativo !== false };
}

/**
 * Marks an application active or inactive, and its API key with it (the key item's `ativo` is what the
 * authorizer reads, so an inactive application's key is refused with no second read). Conditioned on
 * the key pointer read just before, so a concurrent key replacement cannot leave a key behind.
 */
export async function setApplicationActive(aplicacaoId: number, ativo: boolean, agora: string, maxAttempts = 5): Promise<void> {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const current = await currentApiKey(aplicacaoId);
    if (!current) throw notFound('application');
    const { apiKey } = current;
    const outcome = await commitWrites([
      conditionalWrite({
        Update: {
          Key: keys.application(aplicacaoId),
          UpdateExpression: 'SET ativo = :ativo, atualizadoEm = :agora',
          ConditionExpression: apiKey === undefined ? 'attribute_exists(pk) AND attribute_not_exists(apiKey)' : 'apiKey = :key',
          ExpressionAttributeValues: { ':ativo': ativo, ':agora': agora, ...(apiKey === undefined ? {} : { ':key': apiKey }) },
        },
      }),
      ...(apiKey === undefined
        ? []
        : [
            conditionalWrite({
              Update: {
                Key: keys.apiKey(apiKey),
                UpdateExpression: 'SET ativo = :ativo',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeValues: { ':ativo': ativo },
              },
            }),
          ]),
    ]);
    if (outcome.committed) return;
    if (!outcome.raced) throw outcome.error;
  }
  throw conflict('The application is changing concurrently; try again');
}

/**
 * One pair per application (pattern 5b): makes `record` the application's API key and deletes the
 * previous one in the same unit of work, so the old secret stops working the moment it commits, with
 * no index to wait for. Conditioned on the pointer read just before, so two concurrent replacements
 * cannot both win and leave two valid pairs; the loser re-reads and replaces the winner's.
 */
async function replaceApiKey(record: ApiKeyRecord, maxAttempts = 5): Promise<void> {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const current = await currentApiKey(record.aplicacaoId);
    if (!current) throw notFound('application');
    const previous = current.apiKey;
    // The new key inherits the application's state (an inactive application's new key is refused too).
    const outcome = await commitWrites([
      putNew({ ...keys.apiKey(record.apiKey), tipo: 'APIKEY', ...record, ativo: current.ativo }, conflict('API key already exists')),
      conditionalWrite({
        Update: {
          Key: keys.application(record.aplicacaoId),
          UpdateExpression: 'SET apiKey = :new',
          ConditionExpression: `${previous === undefined ? 'attribute_exists(pk) AND attribute_not_exists(apiKey)' : 'apiKey = :previous'} AND ${
            current.ativo ? '(attribute_not_exists(ativo) OR ativo = :ativo)' : 'ativo = :ativo'
          }`,
          ExpressionAttributeValues: {
            ':new': record.apiKey,
            ':ativo': current.ativo,
            ...(previous === undefined ? {} : { ':previous': previous }),
          },
        },
      }),
      ...(previous === undefined || previous === record.apiKey ? [] : [conditionalWrite({ Delete: { Key: keys.apiKey(previous) } })]),
    ]);
    if (outcome.committed) return;
    const [refusal] = outcome.refusals;
    if (refusal) throw refusal;
    // The pointer moved (a concurrent replacement) or any other cancellation: read again.
  }
  throw conflict('The API key is being replaced concurrently; try again');
}

/** The platform-wide reservation of a WhatsApp number (pattern 27); no sector until one claims it. */
const numberItem = (numero: string, aplicacaoId: number): Item => ({
  ...keys.whatsappNumber(numero),
  tipo: 'NUMERO',
  aplicacaoId,
  setorId: null,
});

const getItem = async (key: { pk: string; sk: string }): Promise<Item | undefined> =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;

function toApiKey(item: Item): ApiKeyRecord {
  const f = fieldsOf(item);
  return {
    apiKey: f.read('apiKey', string),
    aplicacaoId: f.read('aplicacaoId', number),
    secretHash: f.read('secretHash', string),
    criadoEm: f.read('criadoEm', string),
  };
}

function toOAuthClient(item: Item): OAuthClientRecord {
  const f = fieldsOf(item);
  return {
    clientId: f.read('clientId', string),
    aplicacaoId: f.read('aplicacaoId', number),
    secretHash: f.read('secretHash', string),
    scopes: f.read('scopes', listOf(oneOf(scopes))),
    nome: f.read('nome', string),
    criadoEm: f.read('criadoEm', string),
    ...f.ifPresent('revogadoEm', nullable(string)),
  };
}

function toPrestador(item: Item): Prestador {
  const f = fieldsOf(item);
  return {
    id: f.read('id', number),
    aplicacaoId: f.read('aplicacaoId', number),
    nome: f.read('nome', string),
    ...f.ifPresent('email', string),
    ativo: f.read('ativo', boolean),
    criadoEm: f.read('criadoEm', string),
  };
}

/**
 * A portal user, with the `ativo` its item may hold (false: its sessions are refused, shared/domain/console-sessions.ts);
 * never a password (that is on the e-mail lookup item).
 */
function toPortalUser(item: Item): PortalUser & { ativo?: boolean } {
  const f = fieldsOf(item);
  return {
    id: f.read('id', number),
    aplicacaoId: f.read('aplicacaoId', number),
    role: f.read('role', oneOf(portalRoles)),
    email: f.read('email', string),
    nome: f.read('nome', string),
    ...f.ifPresent('prestadorId', number),
    ...f.ifPresent('telefone', string),
    ...f.ifPresent('plataforma', boolean),
    criadoEm: f.read('criadoEm', string),
    ...f.ifPresent('ativo', boolean),
  };
}

/** A subscription; items from before keep '' for one without a secret (read as none), and a clear string until moved. */
function toInboundSubscription(item: Item): InboundSubscription {
  const f = fieldsOf(item);
  const secret = f.ifPresent('secret', nullable(storedSecret)).secret;
  return {
    id: f.read('id', number),
    aplicacaoId: f.read('aplicacaoId', number),
    ...(secret === '' || secret === null || secret === undefined ? {} : { secret }),
    ativo: f.read('ativo', boolean),
    criadoEm: f.read('criadoEm', string),
    ...f.ifPresent('descricao', string),
    ...f.ifPresent('desativadoEm', string),
  };
}

/** The application by id (pattern 1), one GetItem. */
async function getApplication(id: number): Promise<Application | undefined> {
  const item = await getItem(keys.application(id));
  return item ? toApplication(item) : undefined;
}

/** The application read alone, for a function that needs nothing else (its bundle carries no write code). */
export const dynamoApplicationReader = (): Pick<ApplicationRepository, 'getApplication'> => ({ getApplication });

export function dynamoApplicationRepository(): ApplicationRepository {
  const TableName = () => tableName();

  const get = getItem;

  const put = async (item: Item, what: string): Promise<void> => {
    try {
      await db().send(new PutCommand({ TableName: TableName(), Item: item, ConditionExpression: notExists }));
    } catch (error) {
      if (isConditionFailure(error)) throw conflict(`${what} already exists`);
      throw error;
    }
  };

  const repo: ApplicationRepository = {
    newId: () => nextId(),

    async createApplication(application, balance, apiKey) {
      // A taken slug has its own answer; any other refusal (an id or key already there, a concurrent write) is the application's.
      const outcome = await commitWrites<'application' | 'slug' | 'number'>([
        putNew(
          { ...keys.application(application.id), ...keys.applicationListing(application.id), tipo: 'APP', ...application },
          'application',
        ),
        putNew({ ...keys.slug(application.slug), tipo: 'SLUG', aplicacaoId: application.id }, 'slug'),
        putNew(
          {
            ...keys.balance(application.id),
            tipo: 'SALDO',
            aplicacaoId: application.id,
            saldo: NumberValue.from(balance.saldo),
            moeda: balance.moeda,
            atualizadoEm: balance.atualizadoEm,
          },
          'application',
        ),
        putNew({ ...keys.apiKey(apiKey.apiKey), tipo: 'APIKEY', ...apiKey }, 'application'),
        ...(application.numerosWhatsapp ?? []).map((numero) => putNew(numberItem(numero, application.id), 'number' as const)),
        // Its attendances queue in the default sector until it has sectors of its own.
        ...defaultSectorWrites<'application'>(application.id, application.criadoEm, 'application'),
      ]);
      if (!outcome.committed) {
        if (outcome.refusals.includes('number')) throw conflict(`a WhatsApp number of ${application.slug} belongs to another application`);
        throw conflict(
          outcome.refusals.includes('slug') ? `slug ${application.slug} is already in use` : `application ${application.id} already exists`,
        );
      }
    },

    getApplication,

    async findApplicationBySlug(slug) {
      const reservation = await get(keys.slug(slug));
      return reservation ? repo.getApplication(Number(reservation.aplicacaoId)) : undefined;
    },

    async listApplications() {
      return (await queryIndex(keys.applications().gsi1pk)).map(toApplication);
    },

    async getBalance(aplicacaoId) {
      const item = await get(keys.balance(aplicacaoId));
      if (!item) return undefined;
      return { aplicacaoId, saldo: storedDecimal(item.saldo, 2), moeda: 'BRL', atualizadoEm: String(item.atualizadoEm) } satisfies Balance;
    },

    putApiKey: (record) => replaceApiKey(record),

    async getApiKey(apiKey) {
      const item = await get(keys.apiKey(apiKey));
      return item ? toApiKey(item) : undefined;
    },

    async putOAuthClient(record) {
      await put(
        {
          ...keys.oauthClient(record.clientId),
          ...keys.oauthClientListing(record.aplicacaoId, record.clientId),
          tipo: 'OAUTHCLIENT',
          ...record,
        },
        'OAuth client',
      );
    },

    async getOAuthClient(clientId) {
      const item = await get(keys.oauthClient(clientId));
      return item ? toOAuthClient(item) : undefined;
    },

    async listOAuthClients(aplicacaoId) {
      return (await queryIndex(keys.oauthClients(aplicacaoId).gsi1pk)).map(toOAuthClient);
    },

    async putPrestador(prestador) {
      await put({ ...keys.prestador(prestador.aplicacaoId, prestador.id), tipo: 'PRESTADOR', ...prestador }, 'prestador');
    },

    async getPrestador(aplicacaoId, id) {
      const item = await get(keys.prestador(aplicacaoId, id));
      return item ? toPrestador(item) : undefined;
    },

    async listPrestadores(aplicacaoId) {
      return (await queryPrefix(keys.prestadores(aplicacaoId))).map(toPrestador);
    },

    async putProviderCredential(record) {
      await put(
        {
          ...keys.providerCredential(record.apiKey),
          ...keys.providerCredentialListing(record.aplicacaoId, record.prestadorId, record.credencialId),
          tipo: 'PCRED',
          ...record,
        },
        'provider credential',
      );
    },

    async getProviderCredential(apiKey) {
      const item = await get(keys.providerCredential(apiKey));
      return item ? toProviderCredential(item) : undefined;
    },

    async listProviderCredentials(aplicacaoId, prestadorId) {
      return (await queryIndex(keys.providerCredentials(aplicacaoId, prestadorId).gsi1pk)).map(toProviderCredential);
    },

    async putPortalUser(user, login) {
      const outcome = await commitWrites<'user' | 'phone'>([
        putNew({ ...keys.portalUser(user.aplicacaoId, user.id), tipo: 'USER', ...user }, 'user'),
        putNew(
          {
            ...keys.userEmail(user.email),
            tipo: 'USEREMAIL',
            aplicacaoId: user.aplicacaoId,
            userId: user.id,
            ...(login?.senhaHash ? { senhaHash: login.senhaHash } : {}),
          },
          'user',
        ),
        ...(user.telefone
          ? [
              putNew(
                { ...keys.patientPhone(user.aplicacaoId, user.telefone), tipo: 'USERFONE', aplicacaoId: user.aplicacaoId, userId: user.id },
                'phone' as const,
              ),
            ]
          : []),
      ]);
      if (!outcome.committed) {
        throw conflict(
          outcome.refusals.includes('phone') ? `a patient with phone ${user.telefone} already exists` : `user ${user.email} already exists`,
        );
      }
    },

    async getPortalUser(aplicacaoId, id) {
      const item = await get(keys.portalUser(aplicacaoId, id));
      return item ? toPortalUser(item) : undefined;
    },

    async findPortalUserByEmail(email) {
      const lookup = await get(keys.userEmail(email.trim().toLowerCase()));
      return lookup ? repo.getPortalUser(Number(lookup.aplicacaoId), Number(lookup.userId)) : undefined;
    },

    async putInboundSubscription(subscription) {
      // The HMAC key lives in the secret store (shared/secrets/webhooks.ts); the item says where.
      if (typeof subscription.secret === 'string')
        throw new Error('an inbound subscription keeps its secret in the secret store, never on its item');
      await put(
        { ...keys.inboundSubscription(subscription.aplicacaoId, subscription.id), tipo: 'INBOUNDSUB', ...subscription },
        'inbound subscription',
      );
    },

    async listInboundSubscriptions(aplicacaoId) {
      return (await queryPrefix(keys.inboundSubscriptions(aplicacaoId))).map(toInboundSubscription);
    },

    sealInboundSecret: (aplicacaoId, id, clear, ref) =>
      conditional(() =>
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.inboundSubscription(aplicacaoId, id),
            UpdateExpression: 'SET secret = :ref',
            ConditionExpression: 'secret = :clear',
            ExpressionAttributeValues: { ':ref': ref, ':clear': clear },
          }),
        ),
      ),

    async deactivateInboundSubscription(aplicacaoId, id, at) {
      return conditional(() =>
        db().send(
          new UpdateCommand({
            TableName: TableName(),
            Key: keys.inboundSubscription(aplicacaoId, id),
            UpdateExpression: 'SET ativo = :false, desativadoEm = if_not_exists(desativadoEm, :at)',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':false': false, ':at': at },
          }),
        ),
      );
    },

    async replaceNumbers(aplicacaoId, before, after) {
      const added = after.filter((n) => !before.includes(n));
      const removed = before.filter((n) => !after.includes(n));
      type Refusal = { taken: string } | { claimed: string };
      const outcome = await commitWrites<Refusal>([
        conditionalWrite({
          Update: {
            Key: keys.application(aplicacaoId),
            UpdateExpression: 'SET numerosWhatsapp = :after',
            ConditionExpression:
              before.length === 0
                ? 'attribute_exists(pk) AND (attribute_not_exists(numerosWhatsapp) OR numerosWhatsapp = :before)'
                : 'numerosWhatsapp = :before',
            ExpressionAttributeValues: { ':after': [...after], ':before': [...before] },
          },
        }),
        ...added.map((numero) => putNew<Refusal>(numberItem(numero, aplicacaoId), { taken: numero })),
        // A number a sector claims stays until the sector gives it up: the sector would name a number the application lost.
        ...removed.map((numero) =>
          conditionalWrite<Refusal>(
            {
              Delete: {
                Key: keys.whatsappNumber(numero),
                ConditionExpression: 'aplicacaoId = :id AND (attribute_not_exists(setorId) OR attribute_type(setorId, :nul))',
                ExpressionAttributeValues: { ':id': aplicacaoId, ':nul': 'NULL' },
              },
            },
            { claimed: numero },
          ),
        ),
      ]);
      if (outcome.committed) return;
      const [refusal] = outcome.refusals;
      if (refusal && 'taken' in refusal) throw conflict(`${refusal.taken} is a WhatsApp number of another application`);
      if (refusal) throw conflict(`${refusal.claimed} belongs to a sector; take it out of the sector first`);
      if (outcome.raced) throw conflict('The numbers changed meanwhile; read them again');
      throw outcome.error;
    },
  };
  return repo;
}

/**
 * A page of an application's portal users (pattern 11: `sk begins_with USER#`, in the order of their keys) and
 * how many there are: the page is read only as far as it goes, the total is a `Select: COUNT` of the same range
 * (user items are small; the application's other items are not read). Never a password: the hash lives on the
 * e-mail lookup item (pattern 12), not on the user.
 */
export async function portalUserPage(aplicacaoId: number, page: number, size: number): Promise<{ content: PortalUser[]; total: number }> {
  const { pk, skPrefix } = keys.portalUsers(aplicacaoId);
  const query = {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
  };
  const total = await queryCount(query);
  const items = await queryPage(query, page, size, total);
  return { content: items.map(toPortalUser), total };
}
