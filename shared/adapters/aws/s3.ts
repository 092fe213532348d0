import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { config, requireConfig } from '#shared/config';
import { BlobConditionFailed, type BlobPort } from '#shared/adapters/ports';

/** S3's answers to a conditional write that did not hold: 412 PreconditionFailed, or 409 ConditionalRequestConflict (a concurrent one). */
const conditionFailed = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e.name === 'PreconditionFailed' ||
    e.name === 'ConditionalRequestConflict' ||
    e.$metadata?.httpStatusCode === 412 ||
    e.$metadata?.httpStatusCode === 409
  );
};

export function s3Blobs(client = new S3Client({ region: config().region })): BlobPort {
  // CRL_BUCKET has no default: a missing one is an error naming it, not a request for bucket ''.
  const Bucket = () => requireConfig('crlBucket').crlBucket;
  const getVersioned = async (key: string) => {
    try {
      const out = await client.send(new GetObjectCommand({ Bucket: Bucket(), Key: key }));
      return out.Body ? { bytes: await out.Body.transformToByteArray(), etag: out.ETag ?? '' } : undefined;
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  };
  return {
    async get(key) {
      return (await getVersioned(key))?.bytes;
    },
    getVersioned,
    async put(key, bytes, contentType, condition) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: Bucket(),
            Key: key,
            Body: bytes,
            ContentType: contentType,
            ...(condition?.ifMatch !== undefined ? { IfMatch: condition.ifMatch } : {}),
            ...(condition?.ifNoneMatch ? { IfNoneMatch: condition.ifNoneMatch } : {}),
          }),
        );
      } catch (error) {
        if (condition && conditionFailed(error)) throw new BlobConditionFailed(`the object ${key} changed: ${(error as Error).name}`);
        throw error;
      }
    },
  };
}
