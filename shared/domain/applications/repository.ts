// Tenants: the persistence of applications and their credentials, implemented for DynamoDB in
// shared/db/applications.ts.
import type { SecretRef } from '#shared/domain/applications/secrets';
import type {
  ApiKeyRecord,
  Application,
  Balance,
  InboundSubscription,
  OAuthClientRecord,
  PortalUser,
  PortalUserLogin,
  Prestador,
  ProviderCredentialRecord,
} from '#shared/domain/applications/records';

/** Persistence of applications and their credentials. Writes that must be unique fail with a `conflict` DomainError. */
export interface ApplicationRepository {
  newId(): Promise<number>;
  /** Application, slug reservation, opening balance and its first API key, all or nothing (conflict when the slug is taken). */
  createApplication(application: Application, balance: Balance, apiKey: ApiKeyRecord): Promise<void>;
  getApplication(id: number): Promise<Application | undefined>;
  findApplicationBySlug(slug: string): Promise<Application | undefined>;
  listApplications(): Promise<Application[]>;
  getBalance(aplicacaoId: number): Promise<Balance | undefined>;

  /** Makes this the application's API key: the previous pair stops working at once. */
  putApiKey(record: ApiKeyRecord): Promise<void>;
  getApiKey(apiKey: string): Promise<ApiKeyRecord | undefined>;

  putOAuthClient(record: OAuthClientRecord): Promise<void>;
  getOAuthClient(clientId: string): Promise<OAuthClientRecord | undefined>;
  listOAuthClients(aplicacaoId: number): Promise<OAuthClientRecord[]>;

  putPrestador(prestador: Prestador): Promise<void>;
  getPrestador(aplicacaoId: number, id: number): Promise<Prestador | undefined>;
  listPrestadores(aplicacaoId: number): Promise<Prestador[]>;

  putProviderCredential(record: ProviderCredentialRecord): Promise<void>;
  getProviderCredential(apiKey: string): Promise<ProviderCredentialRecord | undefined>;
  listProviderCredentials(aplicacaoId: number, prestadorId: number): Promise<ProviderCredentialRecord[]>;

  /** Creates the user and reserves its e-mail (and a paciente's phone), all or nothing. */
  putPortalUser(user: PortalUser, login?: PortalUserLogin): Promise<void>;
  getPortalUser(aplicacaoId: number, id: number): Promise<PortalUser | undefined>;
  findPortalUserByEmail(email: string): Promise<PortalUser | undefined>;

  /** Puts a new subscription; its secret must be a SecretRef (kept in the secret store first), never a clear value. */
  putInboundSubscription(subscription: InboundSubscription): Promise<void>;
  listInboundSubscriptions(aplicacaoId: number): Promise<InboundSubscription[]>;
  /** Replaces the clear secret an item from before holds by `ref`, only if it still holds `clear`; false otherwise. */
  sealInboundSecret(aplicacaoId: number, id: number, clear: string, ref: SecretRef): Promise<boolean>;
  /** `ativo` false (kept for the record); false when the application has no such subscription. A second call is true again. */
  deactivateInboundSubscription(aplicacaoId: number, id: number, at: string): Promise<boolean>;

  /**
   * Replaces the application's numbers, `before` being the list read: the new ones are reserved on the
   * platform (conflict naming the number when another application holds one), the removed ones freed.
   */
  replaceNumbers(aplicacaoId: number, before: readonly string[], after: readonly string[]): Promise<void>;
}
