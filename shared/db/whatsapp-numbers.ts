// The application (and sector) of a WhatsApp number (pattern 27): one GetItem, for the provider_a
// inbound webhook, which knows only the number the patient wrote to.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';

export async function findWhatsappNumber(numero: string): Promise<{ aplicacaoId: number; setorId: number | null } | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.whatsappNumber(numero) }));
  if (!out.Item) return undefined;
  return { aplicacaoId: Number(out.Item.aplicacaoId), setorId: out.Item.setorId == null ? null : Number(out.Item.setorId) };
}
