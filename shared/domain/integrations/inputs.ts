// An integration's input (POST and PUT of the admin API): its schema by type, and the secrets a PUT changes.
import * as z from 'zod/mini';
import { invalid } from '#shared/domain/errors';
import {
  apiAuthentications,
  databaseDrivers,
  integrationTypes,
  type IntegrationType,
  type SecretField,
} from '#shared/domain/integrations/records';
import { parseInput } from '#shared/domain/validation';

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const optionalText = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max))),
    z.transform((v) => (v ? v : null)),
  );
const hostName = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(253), z.regex(/^[A-Za-z0-9._:\-[\]]+$/, 'must be a host name or an IP address'));

const databaseConnection = z.strictObject({
  driver: z.enum(databaseDrivers),
  host: hostName,
  porta: z.int().check(z.minimum(1), z.maximum(65535)),
  banco: text(128),
  usuario: optionalText(128),
  parametros: optionalText(500),
});

const apiConnection = z.strictObject({
  urlBase: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).check(z.maxLength(2000)),
  autenticacao: z._default(z.enum(apiAuthentications), 'NENHUMA'),
  usuario: optionalText(128),
  cabecalho: optionalText(100),
});

const secret = z.string().check(z.minLength(1), z.maxLength(4096));
const common = {
  nome: text(200),
  intervaloMinutos: z._default(z.nullable(z.int().check(z.minimum(1), z.maximum(10_080))), null),
  ativo: z._default(z.boolean(), true),
};
export const createSchema = z.discriminatedUnion('tipoIntegracao', [
  z.strictObject({
    tipoIntegracao: z.literal('BANCO'),
    ...common,
    conexao: databaseConnection,
    segredos: z._default(z.strictObject({ senha: z.optional(z.nullable(secret)) }), {}),
  }),
  z.strictObject({
    tipoIntegracao: z.literal('API'),
    ...common,
    conexao: apiConnection,
    segredos: z._default(z.strictObject({ token: z.optional(z.nullable(secret)), senha: z.optional(z.nullable(secret)) }), {}),
  }),
]);

export type IntegrationInput = z.infer<typeof createSchema>;

/** POST and PUT body (a PUT replaces the settings; a secret left out keeps its stored value, `null` removes it). */
export function parseIntegration(body: unknown): IntegrationInput {
  const type = (body as { tipoIntegracao?: unknown } | null)?.tipoIntegracao;
  if (!integrationTypes.includes(type as IntegrationType)) {
    throw invalid(
      `tipoIntegracao ${type === undefined ? 'is required' : `must be one of ${integrationTypes.join(', ')}`}`,
      'tipoIntegracao',
    );
  }
  const input = parseInput(createSchema, body);
  if (input.tipoIntegracao === 'API' && input.conexao.autenticacao === 'API_KEY' && !input.conexao.cabecalho) {
    input.conexao.cabecalho = 'X-Api-Key';
  }
  return input;
}

/** Secrets of a PUT: the value to store, or null to remove; absent fields are left as they are. */
export function secretChanges(body: unknown): Partial<Record<SecretField, string | null>> {
  const segredos = (body as { segredos?: Record<string, unknown> } | null)?.segredos;
  if (!segredos || typeof segredos !== 'object') return {};
  return Object.fromEntries(Object.entries(segredos).filter(([, v]) => v === null || typeof v === 'string'));
}
