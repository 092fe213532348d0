// What the v2 patients routes validate: the patient body and the list's filters.
// Its contract (functions/v2-other/contract.ts) documents them.
import * as z from 'zod/mini';
import { sexos } from '#shared/domain/patients';

const text = (max: number) => z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(max)));

export const patientBody = z.object({
  telefone: z.string().check(z.maxLength(32)),
  nome: z.optional(text(200)),
  cpf: z.optional(z.nullable(z.string().check(z.maxLength(20)))),
  dataNascimento: z.optional(z.nullable(z.string().check(z.maxLength(10)))),
  sexo: z.optional(z.nullable(z.enum(sexos))),
  email: z.optional(z.nullable(z.email().check(z.maxLength(200)))),
  bairro: z.optional(text(100)),
  cidade: z.optional(text(100)),
});

export const listQuery = z.object({
  telefone: z.optional(z.string().check(z.maxLength(32))),
  cpf: z.optional(z.string().check(z.maxLength(20))),
  nome: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
});
