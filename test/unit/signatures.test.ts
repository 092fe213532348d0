// Webhook signatures (shared/providers/signatures.ts) against every published vector of
// /work/shared/protocol-vectors.json, as fixed expectations, and tampered inputs failing. The generic
// inbound webhook's X-Service-Signature has no published vector: it is cross-checked with openssl.
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfig } from '#shared/config';
import type { ApiRequest } from '#shared/http/kit';
import { statusCallbackUrl } from '#shared/http/send-answer';
import { restEvent } from '#events/samples/api-gateway';
import {
  paramsOf,
  providerASignature,
  providerBSignature,
  publicUrlOf,
  serviceSignature,
  signStandardWebhook,
  verifyProviderASignature,
  verifyProviderBSignature,
  verifyServiceSignature,
  webhookUrlOf,
  webhookUrlsOf,
} from '#shared/providers/signatures';

// provider_a_signature (copied from the vectors file so the test fails if the code drifts from it)
const authToken = '12345';
const params = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };
const providerAVectors = [
  { url: 'https://mycompany.com/myapp.php?foo=1&bar=2', signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=' },
  { url: 'https://mycompany.com:443/myapp.php?foo=1&bar=2', signature: 'kvajT1Ptam85bY51eRf/AJRuM3w=' },
  { url: 'http://mycompany.com:1234/myapp.php?foo=1&bar=2', signature: 'Zmvh+3yNM1Phv2jhDCwEM3q5ebU=' },
];
const multiValue = {
  url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
  params: { 'MessagingBinding.Address': ['+1325xxxxxxx', '+1415xxxxxxx'] },
  signature: '83O6e2vORAoJHUNzJjDWN1jz+BA=',
};

describe('provider_a signature (HMAC-SHA1 over URL and sorted params)', () => {
  it.each(providerAVectors)('computes and verifies the published signature of $url', ({ url, signature }) => {
    // Act
    const computed = providerASignature(url, params, authToken);

    // Assess
    expect(computed).toBe(signature);
    expect(verifyProviderASignature({ url, params, authToken, signature })).toBe(true);
  });

  it('accepts a request signed with the default port when it arrives without it, and the reverse', () => {
    // Prepare: the provider signed https://mycompany.com:443/..., the handler rebuilt the URL without the port
    const withPort = providerAVectors[1]!;
    const withoutPort = providerAVectors[0]!;

    // Act + Assess
    expect(
      verifyProviderASignature({ url: 'https://mycompany.com/myapp.php?foo=1&bar=2', params, authToken, signature: withPort.signature }),
    ).toBe(true);
    expect(
      verifyProviderASignature({
        url: 'https://mycompany.com:443/myapp.php?foo=1&bar=2',
        params,
        authToken,
        signature: withoutPort.signature,
      }),
    ).toBe(true);
  });

  it('does not treat a non-default port as optional', () => {
    const signed = providerAVectors[2]!;
    expect(
      verifyProviderASignature({ url: 'http://mycompany.com/myapp.php?foo=1&bar=2', params, authToken, signature: signed.signature }),
    ).toBe(false);
    expect(
      verifyProviderASignature({ url: 'http://mycompany.com:80/myapp.php?foo=1&bar=2', params, authToken, signature: signed.signature }),
    ).toBe(false);
  });

  it('appends each value of a repeated name, values sorted, whatever order they came in', () => {
    // Prepare: the same form with its values in reverse order
    const form = new URLSearchParams([
      ['MessagingBinding.Address', '+1415xxxxxxx'],
      ['MessagingBinding.Address', '+1325xxxxxxx'],
    ]);

    // Act
    const fromForm = paramsOf(form);

    // Assess
    expect(providerASignature(multiValue.url, multiValue.params, authToken)).toBe(multiValue.signature);
    expect(verifyProviderASignature({ url: multiValue.url, params: fromForm, authToken, signature: multiValue.signature })).toBe(true);
  });

  it.each([
    [
      'a changed param value',
      { url: providerAVectors[0]!.url, params: { ...params, Digits: '1235' }, authToken, signature: providerAVectors[0]!.signature },
    ],
    [
      'an added param',
      { url: providerAVectors[0]!.url, params: { ...params, Extra: 'x' }, authToken, signature: providerAVectors[0]!.signature },
    ],
    ['another URL', { url: 'https://mycompany.com/other.php?foo=1&bar=2', params, authToken, signature: providerAVectors[0]!.signature }],
    ['another query', { url: 'https://mycompany.com/myapp.php?foo=2&bar=2', params, authToken, signature: providerAVectors[0]!.signature }],
    ['another scheme', { url: 'http://mycompany.com/myapp.php?foo=1&bar=2', params, authToken, signature: providerAVectors[0]!.signature }],
    ['a wrong auth token', { url: providerAVectors[0]!.url, params, authToken: '12346', signature: providerAVectors[0]!.signature }],
    ['a truncated signature', { url: providerAVectors[0]!.url, params, authToken, signature: providerAVectors[0]!.signature.slice(0, -2) }],
    ['no signature', { url: providerAVectors[0]!.url, params, authToken, signature: undefined }],
    ['an empty signature', { url: providerAVectors[0]!.url, params, authToken, signature: '' }],
  ])('rejects %s', (_, input) => {
    expect(verifyProviderASignature(input)).toBe(false);
  });
});

describe('the public URL of a webhook call', () => {
  it('is rebuilt from X-Forwarded-Proto and X-Forwarded-Host, falling back to Host', () => {
    expect(
      publicUrlOf(
        { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'api.example.com', Host: 'internal:8080' },
        '/api/webhooks/whatsapp/status',
      ),
    ).toBe('https://api.example.com/api/webhooks/whatsapp/status');
    expect(publicUrlOf({ host: 'api.example.com', 'x-forwarded-proto': 'http' }, '/a', 'x=1&y=2')).toBe('http://api.example.com/a?x=1&y=2');
    expect(publicUrlOf({ host: 'h' }, '/a', { x: '1 2' })).toBe('https://h/a?x=1+2');
  });

  it('behind API Gateway uses requestContext.path, the path as called (with the stage on the execute-api host)', () => {
    // Prepare: what API Gateway REST sends on its default endpoint: event.path without the stage
    const event = restEvent({
      method: 'POST',
      resource: '/api/webhooks/whatsapp/status',
      headers: { Host: 'abc123.execute-api.us-east-1.amazonaws.com', 'X-Forwarded-Proto': 'https' },
      stage: 'prod',
    });
    event.requestContext.path = '/prod/api/webhooks/whatsapp/status';

    // Act
    const url = webhookUrlOf(event);

    // Assess
    expect(event.path).toBe('/api/webhooks/whatsapp/status');
    expect(url).toBe('https://abc123.execute-api.us-east-1.amazonaws.com/prod/api/webhooks/whatsapp/status');
  });

  it('verifies a callback the provider signed over the URL it called', () => {
    // Prepare
    const called = 'https://abc123.execute-api.us-east-1.amazonaws.com/prod/api/webhooks/whatsapp/status';
    const form = new URLSearchParams({ MessageSid: 'SM1', MessageStatus: 'delivered' });
    const signature = providerASignature(called, paramsOf(form), 'tok');
    const event = restEvent({
      method: 'POST',
      resource: '/api/webhooks/whatsapp/status',
      headers: { Host: 'abc123.execute-api.us-east-1.amazonaws.com', 'X-Forwarded-Proto': 'https' },
    });
    event.requestContext.path = '/prod/api/webhooks/whatsapp/status';

    // Act + Assess
    expect(verifyProviderASignature({ url: webhookUrlOf(event), params: paramsOf(form), authToken: 'tok', signature })).toBe(true);
    expect(
      verifyProviderASignature({ url: publicUrlOf(event.headers, event.path), params: paramsOf(form), authToken: 'tok', signature }),
    ).toBe(false);
  });
});

describe('the status callback URL and its check agree, with and without a proxy in front (#12 item 7)', () => {
  const configured = 'https://api.clinica.example';
  const callbackPath = '/api/webhooks/whatsapp/status';
  const form = new URLSearchParams({ MessageSid: 'SM1', MessageStatus: 'delivered' });
  const sendRequest = (headers: Record<string, string>) => ({
    headers,
    event: { path: '/api/external/messages/send', requestContext: { path: '/api/external/messages/send' } },
  });
  const callback = (headers: Record<string, string>) => {
    const event = restEvent({ method: 'POST', resource: callbackPath, headers });
    event.requestContext.path = callbackPath;
    return event;
  };

  afterEach(() => {
    delete process.env.PUBLIC_BASE_URL;
    resetConfig();
  });

  it('gives provider_a the configured URL whatever Host or X-Forwarded-Host the send came with', () => {
    process.env.PUBLIC_BASE_URL = `${configured}/`;
    resetConfig();
    const sends: Record<string, string>[] = [{ host: 'internal:8080' }, { host: 'internal:8080', 'x-forwarded-host': 'evil.example' }];
    for (const headers of sends) {
      expect(statusCallbackUrl(sendRequest(headers) as unknown as ApiRequest)).toBe(`${configured}${callbackPath}`);
    }
  });

  it('without one, builds it from the request (the local run before it had one)', () => {
    expect(statusCallbackUrl(sendRequest({ host: 'h:3000', 'x-forwarded-proto': 'http' }) as unknown as ApiRequest)).toBe(
      `http://h:3000${callbackPath}`,
    );
  });

  it.each([
    ['no proxy: the request reaches the configured host', { Host: 'api.clinica.example', 'X-Forwarded-Proto': 'https' }],
    ['a proxy that says where the call went (X-Forwarded-Host)', { Host: 'internal:8080', 'X-Forwarded-Host': 'api.clinica.example' }],
    ['a proxy that rewrites the host and says nothing', { Host: 'internal:8080', 'X-Forwarded-Proto': 'http' }],
  ])('verifies a callback signed over the configured URL: %s', (_case, headers) => {
    const signature = providerASignature(`${configured}${callbackPath}`, paramsOf(form), 'tok');
    const urls = webhookUrlsOf(callback(headers), configured);
    expect(verifyProviderASignature({ url: urls, params: paramsOf(form), authToken: 'tok', signature })).toBe(true);
  });

  it('still verifies a call signed over the URL rebuilt from the forwarding headers, and nothing else', () => {
    const event = callback({ Host: 'internal:8080', 'X-Forwarded-Host': 'other.example' });
    const forwarded = providerASignature(`https://other.example${callbackPath}`, paramsOf(form), 'tok');
    const elsewhere = providerASignature(`https://third.example${callbackPath}`, paramsOf(form), 'tok');
    const urls = webhookUrlsOf(event, configured);
    expect(urls).toEqual([`https://other.example${callbackPath}`, `${configured}${callbackPath}`]);
    expect(verifyProviderASignature({ url: urls, params: paramsOf(form), authToken: 'tok', signature: forwarded })).toBe(true);
    expect(verifyProviderASignature({ url: urls, params: paramsOf(form), authToken: 'tok', signature: elsewhere })).toBe(false);
  });
});

describe('provider_b signature (X-Hub-Signature-256)', () => {
  const vector = {
    appSecret: 'TEST_APP_SECRET',
    body: 'test',
    header: 'sha256=0c61947b610d4f45e65f3d680e26027121ec2413e77598bcb6cfc6e0d9888221',
  };

  it('computes and verifies the published vector over the exact bytes', () => {
    expect(providerBSignature(Buffer.from(vector.body), vector.appSecret)).toBe(vector.header);
    expect(verifyProviderBSignature(Buffer.from(vector.body), vector.appSecret, vector.header)).toBe(true);
  });

  it.each([
    ['re-serialised body', Buffer.from('test '), vector.appSecret, vector.header],
    ['another secret', Buffer.from(vector.body), 'OTHER_SECRET', vector.header],
    ['no sha256= prefix', Buffer.from(vector.body), vector.appSecret, vector.header.slice('sha256='.length)],
    ['a changed digit', Buffer.from(vector.body), vector.appSecret, vector.header.replace(/1$/, '2')],
    ['a missing header', Buffer.from(vector.body), vector.appSecret, undefined],
  ])('rejects %s', (_, body, secret, header) => {
    expect(verifyProviderBSignature(body, secret, header)).toBe(false);
  });

  it('is sensitive to JSON formatting: the same object re-serialised does not verify', () => {
    const raw = Buffer.from('{"a": 1}');
    const header = providerBSignature(raw, 's');
    expect(verifyProviderBSignature(Buffer.from(JSON.stringify(JSON.parse(raw.toString()))), 's', header)).toBe(false);
  });
});

describe('generic inbound webhook signature (X-Service-Signature, any active secret)', () => {
  const body = Buffer.from('{"pedido":123,"paciente":{"nome":"Maria"}}');
  // OpenSSL is a prerequisite (.ci/run installs it): without it this fails, it never skips.
  it('is sha256=<lower-case hex> of HMAC-SHA256 over the exact bytes, as openssl computes it', () => {
    // Act
    const out = spawnSync('openssl', ['dgst', '-sha256', '-hmac', 'segredo-da-assinatura'], { input: body, encoding: 'utf8' });

    // Assess: openssl prints `<label>= <hex>`
    expect(out.status).toBe(0);
    const hex = out.stdout.trim().split('= ').pop();
    expect(serviceSignature(body, 'segredo-da-assinatura')).toBe(`sha256=${hex}`);
  });

  it('accepts a signature of any one of the secrets, and an upper-case hex or surrounding spaces', () => {
    const secrets = ['primeiro', 'segundo', 'terceiro'];
    for (const secret of secrets) expect(verifyServiceSignature(body, secrets, serviceSignature(body, secret))).toBe(true);
    expect(verifyServiceSignature(body, secrets, ` ${serviceSignature(body, 'segundo').toUpperCase()} `)).toBe(true);
  });

  it.each([
    ['a missing header', body, ['s'], undefined],
    ['an empty header', body, ['s'], ''],
    ['no sha256= prefix', body, ['s'], serviceSignature(body, 's').slice('sha256='.length)],
    ['another algorithm prefix', body, ['s'], serviceSignature(body, 's').replace('sha256=', 'sha1=')],
    ['a secret not in the list', body, ['s'], serviceSignature(body, 'outro')],
    ['a re-serialised body', Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1)), ['s'], serviceSignature(body, 's')],
    ['no secrets at all', body, [], serviceSignature(body, 's')],
    ['the bare secret instead of a signature', body, ['s'], 'sha256=s'],
  ])('rejects %s', (_, raw, secrets, header) => {
    expect(verifyServiceSignature(raw, secrets, header)).toBe(false);
  });
});

describe('Standard Webhooks signature of outbound deliveries', () => {
  const vector = {
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    timestamp: '1614265330',
    body: '{"test": 2432232314}',
    signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  };

  it('signs the published vector', () => {
    expect(signStandardWebhook(vector)).toBe(vector.signature);
    expect(signStandardWebhook({ ...vector, timestamp: Number(vector.timestamp) })).toBe(vector.signature);
  });

  it('changes with the id, the timestamp, the body or the secret', () => {
    expect(signStandardWebhook({ ...vector, id: 'msg_other' })).not.toBe(vector.signature);
    expect(signStandardWebhook({ ...vector, timestamp: '1614265331' })).not.toBe(vector.signature);
    expect(signStandardWebhook({ ...vector, body: '{"test":2432232314}' })).not.toBe(vector.signature);
    expect(signStandardWebhook({ ...vector, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSx' })).not.toBe(vector.signature);
  });
});
