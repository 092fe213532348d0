// What a campaign is created from: the JSON body (`destinatarios` a list), or a CSV upload of the recipients with
// the campaign's fields in the query string; and how each recipient's text is made from the campaign's.
import * as z from 'zod/mini';
import { invalid } from '#shared/domain/errors';
import { contextos } from '#shared/domain/messages/records';
import { parseInput, recordId } from '#shared/domain/validation';
import { MAX_RECIPIENTS, numbered, type RecipientInput } from '#shared/domain/campaigns/recipients';

const MAX_VARIABLES = 50;
const variableName = z.string().check(z.minLength(1), z.maxLength(60));
const variables = z
  .record(variableName, z.string().check(z.maxLength(1000)))
  .check(z.refine((v) => Object.keys(v).length <= MAX_VARIABLES, { error: `must have at most ${MAX_VARIABLES} variables` }));

/** The campaign's own fields, in a JSON body or in a CSV upload's query string. */
const campaignFields = {
  nome: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  mensagem: z.optional(
    z.string().check(
      z.maxLength(4096),
      z.refine((s) => s.trim().length > 0, { error: 'must not be blank' }),
    ),
  ),
  templateId: z.optional(recordId),
  agendarPara: z.optional(z.string().check(z.maxLength(40))),
  contexto: z.optional(z.enum(contextos)),
};

export const recipientSchema = z.object({
  telefone: z.string().check(z.maxLength(32)),
  nome: z.optional(z.string().check(z.trim(), z.maxLength(120))),
  variaveis: z.optional(variables),
});

export const createCampaignBody = z.object({
  ...campaignFields,
  variaveis: z.optional(variables),
  destinatarios: z
    .array(recipientSchema)
    .check(z.minLength(1), z.maxLength(MAX_RECIPIENTS, { error: `must have at most ${MAX_RECIPIENTS} recipients` })),
});

/** A template's id in a query string. */
export const templateIdText = z.pipe(z.string().check(z.regex(/^[1-9]\d{0,14}$/, { error: 'must be a record id' })), z.transform(Number));

/** A CSV upload's query string: the campaign's fields (the recipients and their variables are the file's). */
export const csvCampaignQuery = z.object({ ...campaignFields, templateId: z.optional(templateIdText) });

export interface CampaignDraft {
  nome: string;
  mensagem: string | null;
  templateId: number | null;
  variaveis: Record<string, string>;
  agendarPara: string | undefined;
  contexto: (typeof contextos)[number];
}

/** The campaign's fields of either form, with exactly one of `mensagem` and `templateId`. */
export function campaignDraft(fields: {
  nome: string;
  mensagem?: string | undefined;
  templateId?: number | undefined;
  agendarPara?: string | undefined;
  contexto?: (typeof contextos)[number] | undefined;
  variaveis?: Record<string, string> | undefined;
}): CampaignDraft {
  if ((fields.mensagem === undefined) === (fields.templateId === undefined)) {
    throw invalid('give either mensagem or templateId', fields.mensagem === undefined ? 'mensagem' : 'templateId');
  }
  return {
    nome: fields.nome,
    mensagem: fields.mensagem ?? null,
    templateId: fields.templateId ?? null,
    variaveis: fields.variaveis ?? {},
    agendarPara: fields.agendarPara,
    contexto: fields.contexto ?? 'CAMPANHA',
  };
}

/** The JSON body: the campaign's fields and its recipients, numbered from 1 in the order given. */
export function parseCampaignBody(body: unknown): { draft: CampaignDraft; rows: { linha: number; input: RecipientInput }[] } {
  const input = parseInput(createCampaignBody, body);
  return { draft: campaignDraft(input), rows: numbered(input.destinatarios.map(strip)) };
}

/** A CSV upload's query string. */
export const parseCsvQuery = (query: unknown): CampaignDraft => campaignDraft(parseInput(csvCampaignQuery, query, 'query'));

const strip = (r: z.infer<typeof recipientSchema>): RecipientInput => ({
  telefone: r.telefone,
  ...(r.nome ? { nome: r.nome } : {}),
  ...(r.variaveis ? { variaveis: r.variaveis } : {}),
});

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** A recipient's values: the campaign's variables, the recipient's over them, and its `nome`. */
export const recipientValues = (
  campaignVariables: Record<string, string>,
  recipient: { nome?: string | null | undefined; variaveis?: Record<string, string> | undefined },
): Record<string, string> => ({
  ...campaignVariables,
  ...recipient.variaveis,
  ...(recipient.nome ? { nome: recipient.nome } : {}),
});

/** The campaign's text for one recipient: `{{name}}` filled from its values; the names it lacks, if any. */
export function personalize(
  mensagem: string,
  values: Record<string, string>,
): { ok: true; texto: string } | { ok: false; missing: string[] } {
  const missing = new Set<string>();
  const texto = mensagem.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name]?.trim();
    if (!value) missing.add(name);
    return value ?? '';
  });
  return missing.size > 0 ? { ok: false, missing: [...missing] } : { ok: true, texto };
}
