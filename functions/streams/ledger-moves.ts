// Follows the balance items' change stream (shared/operations/ledger-moves.ts): the statement days, in
// chain order, and the moves whose entry is not there yet, put in the reconciler's index. A batch that
// fails is handed again by the event source (the local run's poller does the same): each step counts a
// record once however often it comes.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { dynamoMoveFollower, movesOfImages } from '#shared/db/ledger-moves';
import { followMoves } from '#shared/operations/ledger-moves';
import { log, withLambdaLog } from '#shared/log';

const follower = dynamoMoveFollower();

export const handler = withLambdaLog(async (event: DynamoDBStreamEvent): Promise<void> => {
  const images = event.Records.flatMap((record) =>
    // aws-lambda types the stream's attribute values apart from the SDK's; the JSON is the same.
    record.dynamodb?.NewImage ? [record.dynamodb.NewImage as Record<string, AttributeValue>] : [],
  );
  const moves = movesOfImages(images);
  if (moves.length === 0) return;
  const { gaps } = await followMoves(follower, moves, new Date());
  if (gaps > 0) log.info('moves whose entry was not written yet', { moves: moves.length, gaps });
});
