// Follows the table's stamp items (pattern 48, docs/stamps.md): a new PENDENTE stamp, written in its event's own
// transaction, is stamped at once (the TSA asked, its answer checked, the token kept with its CARIMBO_TEMPO charge).
// A TSA that does not answer leaves it PENDENTE, nothing written, for the scheduled retry (functions/scheduled/stamps.ts):
// this follower never fails its batch over the TSA, so the stream is never held up by it.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { stampsOfImages } from '#shared/db/stamps';
import { stampAll } from '#shared/operations/stamps';
import { stampingDeps } from '#shared/wiring/stamps';
import { log, withLambdaLog } from '#shared/log';

export const handler = withLambdaLog(async (event: DynamoDBStreamEvent): Promise<void> => {
  const images = event.Records.flatMap((record) =>
    // aws-lambda types the stream's attribute values apart from the SDK's; the JSON is the same.
    record.eventName === 'INSERT' && record.dynamodb?.NewImage ? [record.dynamodb.NewImage as Record<string, AttributeValue>] : [],
  );
  const pending = stampsOfImages(images).filter((s) => s.status === 'PENDENTE');
  if (pending.length === 0) return;
  const counts = await stampAll(stampingDeps(), pending);
  if (counts.FALHOU + counts.NAO_COBRADO > 0) log.warn('time stamps left pending for the scheduled retry', counts);
});
