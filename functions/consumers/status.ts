// Applies the delivery-status callbacks queued by the webhooks (provider_a form callbacks,
// provider_b events) to their messages: the status only moves forward, and the actual provider
// cost corrects the statement entry once. A callback whose message stays unknown is retried by
// SQS, then recorded and dropped (shared/domain/delivery-status.ts).
import type { SQSRecord } from 'aws-lambda';
import { statusCallback, type StatusCallback } from '#events/status-queue';
import { awsAdapters } from '#shared/adapters/index';
import { config, needsConfig } from '#shared/config';
import { localDateTime } from '#shared/domain/time';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { dynamoDeliveryStatusRepository } from '#shared/db/delivery-status';
import { dynamoExchangeRateRepository } from '#shared/db/exchange-rate';
import { applyStatusCallback, providerBPrices, type ApplyDeps, type MessageRef } from '#shared/domain/delivery-status';
import { providerSecret } from '#shared/providers/secrets';
import { verifyProviderASignature } from '#shared/providers/signatures';
import { queueConsumer } from '#shared/queue/consumer';
import { log, withLambdaLog } from '#shared/log';

// A callback that beat its message is verified here, with the application's provider_a auth token (shared/providers/secrets.ts).
needsConfig('providerSecretPrefix');
awsAdapters({ secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension() });

let deps: Omit<ApplyDeps, 'verifyLate'> | undefined;
const exchangeRates = dynamoExchangeRateRepository();
const applications = dynamoApplicationRepository();
const baseDeps = () =>
  (deps ??= {
    repo: dynamoDeliveryStatusRepository(),
    currentRate: async () => (await exchangeRates.get())?.valor ?? null,
    providerBPrices: providerBPrices(config().providerBPricesUsd),
    toLocal: (iso) => localDateTime(new Date(iso)),
  });

/** The edge could not verify a callback that beat its message: check it now with the application's auth token. */
const lateVerifier = (message: StatusCallback) => {
  const check = message.verificacao;
  if (!check) return undefined;
  return async (ref: MessageRef) => {
    const app = await applications.getApplication(ref.aplicacaoId);
    const authToken = app && (await providerSecret(app, 'providerA.authToken'));
    if (!authToken) return true; // validation is off for an application without an auth token
    return verifyProviderASignature({ url: check.url, params: check.params, authToken, signature: check.signature ?? undefined });
  };
};

export async function processStatusCallback(message: StatusCallback, record: Pick<SQSRecord, 'attributes'>): Promise<void> {
  const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? '1') || 1;
  const outcome = await applyStatusCallback({ ...baseDeps(), verifyLate: lateVerifier(message) }, message, receiveCount);
  log.debug('status callback processed', { messageSid: message.messageSid, status: message.status, outcome });
}

export const handler = withLambdaLog(queueConsumer('status', statusCallback, processStatusCallback));
