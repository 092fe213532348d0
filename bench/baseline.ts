// The reference every function's cold start is compared with: a bundle holding only the
// DynamoDB document client, created at module scope as a real function would. Any function
// pays at least this much, so ratios above 1 measure what our own imports add.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}));
