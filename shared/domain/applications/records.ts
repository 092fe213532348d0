// Tenants (applications) and their credentials: the records. Pure domain code: the repository
// interface (repository.ts) is implemented for DynamoDB in shared/db/applications.ts.
import type { FlowSettings } from '#shared/domain/appointment-flow';
import type { PortalRole, Scope } from '#shared/domain/permissions';
import type { ProviderASettings, ProviderBSettings, StoredSecret } from '#shared/domain/applications/secrets';
import type { AiSettings } from '#shared/domain/ai';

export const providers = ['provider_a', 'provider_b', 'link'] as const;
export type Provider = (typeof providers)[number];

export interface Application {
  id: number;
  nome: string;
  slug: string;
  provider: Provider;
  providerA?: ProviderASettings;
  providerB?: ProviderBSettings;
  ativo: boolean;
  criadoEm: string;
  /** The application's one current API key (the public half); set when a key is issued. */
  apiKey?: string;
  /**
   * Its WhatsApp numbers (E.164), each unique on the platform (pattern 27): inbound messages find their
   * application by the number they were sent to. provider_a's fromNumber is always one of them; the
   * first is the sending number of the other providers. Absent on items from before numbers.
   */
  numerosWhatsapp?: string[];
  /** The appointment flow's own timings and reply words (docs/appointment-flow.md); absent fields take the defaults. */
  fluxoAgendamentos?: Partial<FlowSettings>;
  /** Its campaigns' pace, sends per second across every worker (#36); absent: WhatsApp's default of 80. */
  mensagensPorSegundo?: number;
  /** Its AI assistant's settings (#38, docs/ai.md); absent: never set, automatic answers off. */
  ia?: AiSettings;
  /** RFC 3161 time stamps of its consent changes, /execucao results and refunds (#39, docs/stamps.md); absent: off. */
  carimboTempo?: boolean;
}

/** WhatsApp's default per business number: what an application's campaigns send at unless the platform admin set its own. */
export const DEFAULT_PACE = 80;
/** The most WhatsApp's cloud API lets one business number send per second. */
export const MAX_PACE = 1000;
export const paceOf = (app: Pick<Application, 'mensagensPorSegundo'>) => app.mensagensPorSegundo ?? DEFAULT_PACE;

export interface Balance {
  aplicacaoId: number;
  /** Exact decimal string with two places, for example "100.00". */
  saldo: string;
  moeda: 'BRL';
  atualizadoEm: string;
}

export interface ApiKeyRecord {
  apiKey: string;
  aplicacaoId: number;
  secretHash: string;
  criadoEm: string;
}

export interface OAuthClientRecord {
  clientId: string;
  aplicacaoId: number;
  secretHash: string;
  scopes: Scope[];
  nome: string;
  criadoEm: string;
  /** Set when the client was revoked: the token endpoint refuses it from then on (kept for the record). */
  revogadoEm?: string | null;
}

export interface Prestador {
  id: number;
  aplicacaoId: number;
  nome: string;
  email?: string;
  ativo: boolean;
  criadoEm: string;
}

export interface ProviderCredentialRecord {
  credencialId: number;
  /** The public key, `nbwp_...`. */
  apiKey: string;
  aplicacaoId: number;
  prestadorId: number;
  secretHash: string;
  nome: string;
  ativo: boolean;
  ipAllowlist: string[];
  /** Requests per minute; null when unlimited. */
  limitePorMinuto: number | null;
  revogadoEm: string | null;
  criadoEm: string;
  /** Its prestador's state, kept on the credential by the move that changes it (absent: active). */
  prestadorAtivo?: boolean;
  /** When it last authenticated a request (ISO instant, to the minute: the authorizer records it at most once a minute); absent: never. */
  ultimoUsoEm?: string;
}

export interface PortalUser {
  id: number;
  aplicacaoId: number;
  role: PortalRole;
  email: string;
  nome: string;
  /** The provider a `prestador` user acts for. */
  prestadorId?: number;
  /** A `paciente` user's phone (E.164): the one-time login codes go there. Unique per application. */
  telefone?: string;
  /** An admin of the platform operator: manages every application (`plataforma` claim of its tokens). */
  plataforma?: boolean;
  criadoEm: string;
}

/** What a user logs in with, stored on its e-mail lookup item; never part of PortalUser. */
export interface PortalUserLogin {
  /** scrypt hash (shared/auth/passwords.ts); absent for users who cannot log in with a password. */
  senhaHash?: string;
}

export interface InboundSubscription {
  id: number;
  aplicacaoId: number;
  /**
   * Where the key that verifies X-Service-Signature (HMAC-SHA256) is kept (WebhookSecretStore; a clear string on
   * an item from before, until moveWebhookSecrets); absent for a subscription that asks for no signature.
   */
  secret?: StoredSecret;
  ativo: boolean;
  criadoEm: string;
  descricao?: string;
  desativadoEm?: string;
}
