// The local run refuses what the deployed roles would: each function's AWS calls are judged against the
// statements the stack gives its role (infra/grants.ts from infra/permissions.ts), as AWS would judge them.
import { GetCommand, PutCommand, QueryCommand, ScanCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { authorizerFunctions, groupFunctions, scheduledFunctions } from '#infra/functions';
import { asFunction, asNoFunction } from '#infra/local/iam-guard';
import { adapter } from '#shared/adapters/index';
import { db, tableName } from '#shared/db/client';
import { useLocalService } from '../support/local-service.ts';

const service = useLocalService();

const put = (pk: string) => db().send(new PutCommand({ TableName: tableName(), Item: { pk, sk: 'IAM-GUARD-TEST' } }));
const get = (pk: string) => db().send(new GetCommand({ TableName: tableName(), Key: { pk, sk: 'IAM-GUARD-TEST' } }));
/** What the SDK surfaces of a refusal. */
const refusal = (error: unknown) => {
  const e = error as { name: string; message: string; $metadata?: { httpStatusCode?: number } };
  return { name: e.name, status: e.$metadata?.httpStatusCode, message: e.message };
};

describe('the local IAM guard', () => {
  it("refuses a DynamoDB write to a function whose role only reads, with AWS's AccessDeniedException, and writes nothing", async () => {
    // Act
    const error = await asFunction(groupFunctions.finance.id, () => put('APP#1#IAM')).catch((e: unknown) => e);

    // Assess
    expect(refusal(error)).toEqual({
      name: 'AccessDeniedException',
      status: 400,
      message: expect.stringMatching(
        /^User: arn:aws:sts::\d+:assumed-role\/Group-finance\/Group-finance is not authorized to perform: dynamodb:PutItem on resource: arn:aws:dynamodb:[\w-]+:\d+:table\/.+ because no identity-based policy allows the dynamodb:PutItem action$/,
      ),
    });
    expect((await asNoFunction(() => get('APP#1#IAM'))).Item).toBeUndefined();
    expect(service.baseUrl).toMatch(/^http/);
  });

  it('lets the same function read, and a writer write', async () => {
    await asFunction(groupFunctions.admin.id, () => put('APP#2#IAM'));
    const read = await asFunction(groupFunctions.finance.id, () => get('APP#2#IAM'));
    expect(read.Item).toMatchObject({ pk: 'APP#2#IAM' });
  });

  it("holds a write to the partitions its role's condition names (dynamodb:LeadingKeys), item by item in a transaction", async () => {
    // The public group may write contact requests and id blocks only, never a tenant's items.
    const publicGroup = groupFunctions.public.id;
    await asFunction(publicGroup, () => put('CONTATO#9'));
    const tenant = await asFunction(publicGroup, () => put('APP#3#IAM')).catch(refusal);
    const mixed = await asFunction(publicGroup, () =>
      db().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName(), Item: { pk: 'CONTATO#10', sk: 'x' } } },
            { Put: { TableName: tableName(), Item: { pk: 'APP#3#IAM', sk: 'x' } } },
          ],
        }),
      ),
    ).catch(refusal);

    expect(tenant).toMatchObject({ name: 'AccessDeniedException' });
    expect(mixed).toMatchObject({ name: 'AccessDeniedException' });
    expect((await asNoFunction(() => get('CONTATO#10'))).Item).toBeUndefined();
  });

  it('refuses a query on the index to a role without it, and Scan to everyone', async () => {
    const query = (fn: string) =>
      asFunction(fn, () =>
        db().send(
          new QueryCommand({
            TableName: tableName(),
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :p',
            ExpressionAttributeValues: { ':p': 'x' },
          }),
        ),
      ).catch(refusal);
    const scan = await asFunction(groupFunctions.admin.id, () => db().send(new ScanCommand({ TableName: tableName() }))).catch(refusal);

    expect(await query(scheduledFunctions.exchangeRate.id)).toMatchObject({ name: 'AccessDeniedException' });
    expect(scan).toMatchObject({ name: 'AccessDeniedException', message: expect.stringContaining('dynamodb:Scan') });
  });

  it('judges queues, the bucket and secrets as SQS, S3 and Secrets Manager would', async () => {
    const send = (fn: string) => asFunction(fn, async () => (await adapter('queue')).send('inbound', { probe: true }));
    const readSigningKey = (fn: string) => asFunction(fn, async () => (await adapter('secrets')).get('signing-keys'));
    const writeCrl = (fn: string) =>
      asFunction(fn, async () => (await adapter('blobs')).put('crl/agent-ca.crl', new Uint8Array([1]), 'application/pkix-crl'));

    // Only the webhooks group feeds the inbound queue; only the token group reads the private signing keys;
    // only the certificate routes and the daily re-issue publish the CRL.
    expect(await send(authorizerFunctions.apiKey.id).catch(refusal)).toMatchObject({ name: 'AccessDeniedException' });
    expect(await readSigningKey(authorizerFunctions.oauth2.id).catch(refusal)).toMatchObject({ name: 'AccessDeniedException' });
    expect(await readSigningKey(groupFunctions.token.id)).toContain('"keys"');
    expect(await writeCrl(groupFunctions.public.id).catch(refusal)).toMatchObject({ name: 'AccessDenied', status: 403 });
  });
});
