// Fired daily (EventBridge; the local scheduler under `npm start`): publishes the agent CA's CRL again,
// from the revocation list in the table, with a new number and a week of validity
// (shared/ca/crl-publisher.ts). A CRL that lapses makes the agent authorizer refuse every agent
// (fail closed), so a week leaves room for a missed day or two; the metric CrlReissueFailed (alarmable)
// says when a run did not publish.
import { awsAdapters } from '#shared/adapters/index';
import { CRL_VALID_HOURS, publishCrl, type PublishedCrl } from '#shared/ca/crl-publisher';
import { needsConfig } from '#shared/config';
import { log, withLambdaLog } from '#shared/log';
import { putMetric } from '#shared/metrics';

// The CA's key through the secrets extension; the CRL object in the CRL bucket.
awsAdapters({
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
  blobs: async () => (await import('#shared/adapters/aws/s3')).s3Blobs(),
});
needsConfig('crlBucket');

/** Publishes the CRL valid for a week from `now`. */
export async function reissueCrl(now = new Date()): Promise<PublishedCrl> {
  try {
    const published = await publishCrl({ now, validForHours: CRL_VALID_HOURS });
    log.info('agent CRL re-issued', { crlNumber: String(published.crlNumber), revoked: published.revoked, published: published.published });
    return published;
  } catch (error) {
    putMetric('CrlReissueFailed', 1, { unit: 'Count' });
    log.error('the agent CRL could not be re-issued', { error });
    throw error; // EventBridge retries the run
  }
}

export const handler = withLambdaLog(async (): Promise<void> => {
  await reissueCrl();
});
