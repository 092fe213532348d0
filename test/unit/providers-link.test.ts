// The `link` provider and the provider choice (shared/providers/clients.ts).
import { describe, expect, it } from 'vitest';
import type { Application } from '#shared/domain/applications/records';
import { providerFor, ProviderError } from '#shared/providers/clients';

const base: Application = { id: 3, nome: 'Demo', slug: 'demo', provider: 'link', ativo: true, criadoEm: '2024-01-01T00:00:00.000Z' };

describe('link provider', () => {
  it('sends nothing and returns a wa.me link with the text and a link- id', async () => {
    // Prepare: no fetch may happen
    const noFetch = (async () => {
      throw new Error('no call expected');
    }) as typeof fetch;

    // Act
    const result = await providerFor(base, { fetch: noFetch }).send({
      to: '+5511987654321',
      body: 'Olá & até amanhã?',
      statusCallbackUrl: 'x',
    });

    // Assess
    expect(result.link).toBe('https://wa.me/5511987654321?text=Ol%C3%A1%20%26%20at%C3%A9%20amanh%C3%A3%3F');
    expect(result.messageSid).toMatch(/^link-[0-9a-f]{32}$/);
  });

  it('gives each message its own id', async () => {
    const a = await providerFor(base).send({ to: '+5511987654321', body: 'a', statusCallbackUrl: 'x' });
    const b = await providerFor(base).send({ to: '+5511987654321', body: 'a', statusCallbackUrl: 'x' });
    expect(a.messageSid).not.toBe(b.messageSid);
  });
});

describe('providerFor', () => {
  it('refuses a provider whose settings are missing as unavailable', () => {
    expect(() => providerFor({ ...base, provider: 'provider_a' })).toThrow(ProviderError);
    expect(() => providerFor({ ...base, provider: 'provider_b' })).toThrow(/provider_b is not configured/);
  });
});

describe('provider_a without a public callback URL', () => {
  it('sends without StatusCallback rather than passing a relative URL', async () => {
    // Prepare: capture the form the adapter posts
    let form: URLSearchParams | undefined;
    const fakeFetch = (async (_url: string, init: RequestInit) => {
      form = new URLSearchParams(init.body as string);
      return new Response(JSON.stringify({ sid: 'SM1' }), { status: 201 });
    }) as unknown as typeof fetch;
    const app: Application = {
      ...base,
      provider: 'provider_a',
      providerA: { accountSid: 'AC1', authToken: 't', fromNumber: '+5511999990000', baseUrl: 'https://p.example' },
    };

    // Act
    const result = await providerFor(app, { fetch: fakeFetch }).send({
      to: '+5511987654321',
      body: 'x',
      statusCallbackUrl: '/api/webhooks/whatsapp/status',
    });

    // Assess
    expect(result.messageSid).toBe('SM1');
    expect(form?.has('StatusCallback')).toBe(false);
    expect(form?.get('To')).toBe('whatsapp:+5511987654321');
  });
});
