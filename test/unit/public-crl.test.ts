import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lambdaContext, restEvent } from '#events/samples/api-gateway';
import { handler } from '#functions/public/handler';
import { resetAdapters, useAdapters } from '#shared/adapters/index';
import type { BlobPort } from '#shared/adapters/ports';
import { resetConfig } from '#shared/config';

const crlBytes = Uint8Array.from([0x30, 0x82, 0x01, 0x4d, 0x00, 0xff, 0x80, 0x7f, 0x0a, 0x0d]); // not UTF-8 safe on purpose

function fakeBucket(objects: Record<string, Uint8Array>, failure?: Error): BlobPort & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    async get(key) {
      reads.push(key);
      if (failure) throw failure;
      return objects[key];
    },
    async put(key, bytes) {
      objects[key] = bytes;
    },
  };
}

const getCrl = () => handler(restEvent({ method: 'GET', resource: '/api/external/crl' }), lambdaContext());

describe('GET /api/external/crl', () => {
  beforeEach(() => {
    process.env.CRL_KEY = 'crl/agent-ca.crl';
    resetConfig();
  });
  afterEach(() => {
    resetAdapters();
    vi.restoreAllMocks();
  });

  it('serves the DER bytes from the bucket, exactly, as application/pkix-crl cacheable for an hour', async () => {
    const bucket = fakeBucket({ 'crl/agent-ca.crl': crlBytes });
    useAdapters({ blobs: bucket });

    const response = await getCrl();

    expect(response.statusCode).toBe(200);
    expect(response.isBase64Encoded).toBe(true);
    expect(new Uint8Array(Buffer.from(response.body, 'base64'))).toEqual(crlBytes);
    expect(response.headers).toMatchObject({ 'Content-Type': 'application/pkix-crl', 'Cache-Control': 'public, max-age=3600' });
    expect(bucket.reads).toEqual(['crl/agent-ca.crl']);
  });

  it('answers 503 crl_unavailable when no CRL has been published', async () => {
    useAdapters({ blobs: fakeBucket({}) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const response = await getCrl();

    expect(response.statusCode).toBe(503);
    expect(response.headers?.['Content-Type']).toMatch(/^application\/json/);
    expect(response.headers?.['Retry-After']).toBe('60');
    expect(response.headers?.['Cache-Control']).toBeUndefined();
    expect(JSON.parse(response.body)).toEqual({ error: 'crl_unavailable', message: expect.any(String) });
  });

  it('answers 503, not a stack trace, when the bucket cannot be read', async () => {
    useAdapters({ blobs: fakeBucket({}, new Error('AccessDenied: bucket policy')) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const response = await getCrl();

    expect(response.statusCode).toBe(503);
    expect(response.body).not.toContain('AccessDenied');
  });
});

/** The source files esbuild puts in the function's bundle (as the stack bundles it: ESM, Node 22). */
async function bundleInputs(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}

describe('public function bundle', () => {
  it('leaves the X.509 library and the CA code out (the CRL route only copies bytes)', async () => {
    const inputs = await bundleInputs('functions/public/handler.ts');
    expect(inputs.some((path) => path.includes('functions/public/handler.ts'))).toBe(true);
    expect(inputs.filter((path) => /@peculiar|reflect-metadata|shared\/ca\//.test(path))).toEqual([]);
  });
});

describe('bundles that read or issue the CRL', () => {
  it.each(['functions/authorizers/agent.ts', 'functions/scheduled/crl-reissue.ts', 'functions/admin-certificates/handler.ts'])(
    '%s reads or signs the CRL with node:crypto, without the X.509 library',
    async (entry) => {
      const inputs = await bundleInputs(entry);
      expect(inputs.some((path) => path.includes('shared/ca/'))).toBe(true);
      expect(inputs.filter((path) => /@peculiar|reflect-metadata|tsyringe|shared\/ca\/agent-ca/.test(path))).toEqual([]);
    },
  );
});
