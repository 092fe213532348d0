import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { groupHandler } from '#shared/http/kit';
import { certificateOperations } from './certificates.ts';
import type { adminCertificatesContract } from './contract.ts';

// The agent certificates of the integrations and their revocation, with deleting an integration (it
// revokes them): the routes that sign with the agent CA and publish the CRL. A group of its own so the
// S3 client stays out of the integrations' function (docs/decisions.md, "The agent CA's routes").
awsAdapters({
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
  blobs: async () => (await import('#shared/adapters/aws/s3')).s3Blobs(),
});
needsConfig('crlBucket');

export const handler = groupHandler<typeof adminCertificatesContract>('admin-certificates', certificateOperations);
