// DynamoDB execution logs (docs/data-model.md, pattern 42): in the integration's partition, sorted by the
// instant they were received and their id, so a page is one Query descending from a cursor; each item
// carries a TTL (`expiresAt`, 90 days) and DynamoDB drops it afterwards. The cursor is the sort key of
// the last log of the previous page (base64url): a page starts right below it, so concurrent appends
// (always newer) never shift a page, and nothing is skipped or repeated.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll, db, tableName } from '#shared/db/client';
import { nextId } from '#shared/db/ids';
import { fieldsOf, number, oneOf, string, type Item } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { invalid } from '#shared/domain/errors';
import { executionStatuses, expiresAtOf, type ExecutionLog, type ExecutionLogRepository } from '#shared/domain/execution-logs';

const LOG_SK = /^LOG#\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#\d{16}$/;

const encodeCursor = (sk: string) => Buffer.from(sk, 'utf8').toString('base64url');

function decodeCursor(cursor: string): string {
  const sk = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  if (!LOG_SK.test(sk)) throw invalid('cursor is not a cursor of this list', 'cursor');
  return sk;
}

/** A log; its TTL (`expiresAt`) is the table's business, not the log's. */
function fromItem(item: Item): ExecutionLog {
  const f = fieldsOf(item);
  return {
    id: f.read('id', number),
    integracaoId: f.read('integracaoId', number),
    queryId: f.orElse('queryId', number, null),
    query: f.read('query', string),
    inicio: f.read('inicio', string),
    fim: f.read('fim', string),
    linhasLidas: f.read('linhasLidas', number),
    status: f.read('status', oneOf(executionStatuses)),
    erro: f.orElse('erro', string, null),
    recebidoEm: f.read('recebidoEm', string),
  };
}

export function dynamoExecutionLogRepository(): ExecutionLogRepository {
  return {
    newId: nextId,

    append: (aplicacaoId, logs) =>
      batchWriteAll(
        logs.map((log) => ({
          PutRequest: {
            Item: {
              ...keys.executionLog(aplicacaoId, log.integracaoId, log.recebidoEm, log.id),
              tipo: 'LOGEXEC',
              ...log,
              expiresAt: expiresAtOf(new Date(log.recebidoEm)),
            },
          },
        })),
      ),

    async page(aplicacaoId, integracaoId, limite, cursor) {
      const { pk, skPrefix } = keys.executionLogs(aplicacaoId, integracaoId);
      let start: Record<string, unknown> | undefined = cursor === undefined ? undefined : { pk, sk: decodeCursor(cursor) };
      const items: Record<string, unknown>[] = [];
      // One more than the page: whether a next page exists is known without an empty last page.
      do {
        const out = await db().send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
            ScanIndexForward: false,
            Limit: limite + 1 - items.length,
            ExclusiveStartKey: start,
          }),
        );
        items.push(...(out.Items ?? []));
        start = out.LastEvaluatedKey;
      } while (start && items.length <= limite);
      const content = items.slice(0, limite);
      return {
        content: content.map(fromItem),
        proximoCursor: items.length > limite ? encodeCursor(String(content[content.length - 1]!.sk)) : null,
      };
    },
  };
}
