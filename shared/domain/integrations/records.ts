// An application's integrations: the legacy systems (a database it reads with SQL, or an HTTP API it
// calls) its on-premises agent connects to. The connection settings are plain data; the secrets
// (database password, API token) are write-only: stored in the secret store, kept on the record
// only as `{ versao, mascara }` (like the provider secrets), and handed out only to the agent over
// mutual TLS.
//
// The records and their lists, without the input schemas (inputs.ts): what the repository's item mapper
// needs, so a function that only reads integrations does not build zod schemas at its cold start.
import type { SecretRef } from '#shared/domain/applications/secrets';

export const integrationTypes = ['BANCO', 'API'] as const;
export type IntegrationType = (typeof integrationTypes)[number];

export const databaseDrivers = ['postgresql', 'mysql', 'mariadb', 'sqlserver', 'oracle', 'firebird'] as const;
export const apiAuthentications = ['NENHUMA', 'BEARER', 'BASIC', 'API_KEY'] as const;

/** The secret fields each type takes; each is write-only. */
export const secretFields = { BANCO: ['senha'], API: ['token', 'senha'] } as const satisfies Record<IntegrationType, readonly string[]>;
export type SecretField = (typeof secretFields)[IntegrationType][number];

export interface DatabaseConnection {
  driver: (typeof databaseDrivers)[number];
  host: string;
  porta: number;
  banco: string;
  usuario: string | null;
  /** Driver options (`sslmode=require`, ...), as the agent passes them. */
  parametros: string | null;
}

export interface ApiConnection {
  urlBase: string;
  autenticacao: (typeof apiAuthentications)[number];
  usuario: string | null;
  /** The header that carries the key with API_KEY (default `X-Api-Key`). */
  cabecalho: string | null;
}

/** What every integration has, whatever its kind. */
interface IntegrationFields {
  id: number;
  aplicacaoId: number;
  nome: string;
  /** Only a version and a mask of each secret; the value is in the secret store. */
  segredos: Partial<Record<SecretField, SecretRef>>;
  /** How often the agent runs it, in minutes; null: only when started by hand. */
  intervaloMinutos: number | null;
  ativo: boolean;
  versao: number;
  criadoEm: string;
  atualizadoEm: string;
}

/** A database integration connects to a database, an API integration to an HTTP API: the kind decides the connection. */
export type IntegrationKind = { tipoIntegracao: 'BANCO'; conexao: DatabaseConnection } | { tipoIntegracao: 'API'; conexao: ApiConnection };

export type Integration = IntegrationFields & IntegrationKind;

/**
 * The kind and connection of an integration or an input, as one value: copied field by field they would lose their
 * tie (TypeScript reads `tipoIntegracao` and `conexao` of a union apart).
 */
export const kindOf = (k: IntegrationKind): IntegrationKind =>
  k.tipoIntegracao === 'BANCO' ? { tipoIntegracao: 'BANCO', conexao: k.conexao } : { tipoIntegracao: 'API', conexao: k.conexao };

export interface IntegrationRepository {
  newId(): Promise<number>;
  get(aplicacaoId: number, id: number): Promise<Integration | undefined>;
  list(aplicacaoId: number): Promise<Integration[]>;
  /** Put with attribute_not_exists. */
  create(integration: Integration): Promise<void>;
  /** Conditioned on `before.versao`; false when it changed meanwhile (or was deleted). */
  update(before: Integration, after: Integration): Promise<boolean>;
  /** Conditioned on `versao`; false when it changed meanwhile. */
  remove(integration: Integration): Promise<boolean>;
}
