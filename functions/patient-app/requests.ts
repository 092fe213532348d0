// What the patient app's handlers validate: consents and the patient's own profile. Its contract
// (functions/patient-app/contract.ts) documents them.
import * as z from 'zod/mini';
import { consentTypes } from '#shared/domain/consents';
import { sexos } from '#shared/domain/patients';
import { platforms } from '#shared/domain/app-chat';

const label = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));
const text = (max: number) => z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(max)));

export const batchBody = z.object({
  dispositivo: label,
  versaoTermos: label,
  consentimentos: z
    .array(z.object({ tipo: z.enum(consentTypes), concedido: z.boolean() }))
    .check(z.minLength(1), z.maxLength(consentTypes.length)),
});

/** What the app sends with a revocation (the reason, the app version...), kept with it in the history. */
export const revocationDetails = z
  .record(z.string().check(z.minLength(1), z.maxLength(64)), z.string().check(z.maxLength(500)))
  .check(z.refine((details) => Object.keys(details).length <= 20, { error: 'must have at most 20 entries' }));

export const profileBody = z.object({
  nome: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  sexo: z.optional(z.nullable(z.enum(sexos))),
  dataNascimento: z.optional(z.nullable(z.string().check(z.maxLength(10)))),
  bairro: z.optional(text(100)),
  cidade: z.optional(text(100)),
});

/** A message typed in the app's chat: 1 to 4096 characters, not blank (WhatsApp's own limit). */
export const chatBody = z.object({ texto: z.string().check(z.trim(), z.minLength(1), z.maxLength(4096)) });

/** A device's push token on its platform (FCM for android, APNs for ios). */
export const deviceBody = z.object({
  plataforma: z.enum(platforms),
  token: z.string().check(z.trim(), z.minLength(1), z.maxLength(4096)),
});
