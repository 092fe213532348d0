import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { config, requireConfig } from '#shared/config';
import type { BlobPort } from '#shared/adapters/ports';

export function s3Blobs(client = new S3Client({ region: config().region })): BlobPort {
  // CRL_BUCKET has no default: a missing one is an error naming it, not a request for bucket ''.
  const Bucket = () => requireConfig('crlBucket').crlBucket;
  return {
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: Bucket(), Key: key }));
        return out.Body ? await out.Body.transformToByteArray() : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket: Bucket(), Key: key, Body: bytes, ContentType: contentType }));
    },
  };
}
