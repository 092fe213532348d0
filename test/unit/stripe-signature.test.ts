// The Stripe-Signature check (shared/providers/signatures.ts) against Stripe's own library, the independent
// verifier: what stripe's generateTestHeaderString signs is accepted, and what we sign constructEvent accepts;
// a stale timestamp, a wrong secret and a changed body are refused; several v1 values, one matching, accepted.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { STRIPE_TOLERANCE_SECONDS, stripeSignature, verifyStripeSignature } from '#shared/providers/signatures';

const stripe = new Stripe('sk_test_unused');
const secret = 'whsec_test_secret_0123456789abcdef';
const payload = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { object: { metadata: { faturaId: '42' } } } });
const now = new Date('2026-11-29T12:00:00Z');
const nowSeconds = Math.floor(now.getTime() / 1000);

const header = (timestamp: number, signingSecret = secret) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret: signingSecret, timestamp });

describe('verifyStripeSignature', () => {
  it('accepts what Stripe’s library signs, and Stripe’s library accepts what we sign', () => {
    expect(verifyStripeSignature(Buffer.from(payload), header(nowSeconds), secret, now)).toBe(true);
    const ours = `t=${nowSeconds},v1=${stripeSignature(payload, nowSeconds, secret)}`;
    const event = stripe.webhooks.constructEvent(payload, ours, secret, Number.MAX_SAFE_INTEGER);
    expect(event.id).toBe('evt_1');
  });

  it('refuses a timestamp past the tolerance, either way, and accepts one at its edge', () => {
    expect(verifyStripeSignature(payload, header(nowSeconds - STRIPE_TOLERANCE_SECONDS - 1), secret, now)).toBe(false);
    expect(verifyStripeSignature(payload, header(nowSeconds + STRIPE_TOLERANCE_SECONDS + 1), secret, now)).toBe(false);
    expect(verifyStripeSignature(payload, header(nowSeconds - STRIPE_TOLERANCE_SECONDS), secret, now)).toBe(true);
    // Stripe's library (on the real clock) refuses a stale header too.
    expect(() => stripe.webhooks.constructEvent(payload, header(1_600_000_000), secret)).toThrow();
  });

  it('refuses another secret, a changed body, a header without t or v1, and no header', () => {
    expect(verifyStripeSignature(payload, header(nowSeconds, 'whsec_another'), secret, now)).toBe(false);
    expect(verifyStripeSignature(payload.replace('42', '43'), header(nowSeconds), secret, now)).toBe(false);
    const v1 = stripeSignature(payload, nowSeconds, secret);
    expect(verifyStripeSignature(payload, `v1=${v1}`, secret, now)).toBe(false);
    expect(verifyStripeSignature(payload, `t=${nowSeconds}`, secret, now)).toBe(false);
    expect(verifyStripeSignature(payload, `t=${nowSeconds},v0=${v1}`, secret, now)).toBe(false);
    expect(verifyStripeSignature(payload, undefined, secret, now)).toBe(false);
    expect(verifyStripeSignature(payload, header(nowSeconds), '', now)).toBe(false);
  });

  it('accepts several v1 values when one matches (a secret’s rotation), in any position', () => {
    const good = stripeSignature(payload, nowSeconds, secret);
    const other = stripeSignature(payload, nowSeconds, 'whsec_old');
    expect(verifyStripeSignature(payload, `t=${nowSeconds},v1=${other},v1=${good}`, secret, now)).toBe(true);
    expect(verifyStripeSignature(payload, `t=${nowSeconds},v1=${good},v1=${other},v0=abc`, secret, now)).toBe(true);
    expect(verifyStripeSignature(payload, `t=${nowSeconds},v1=${other},v1=${other}`, secret, now)).toBe(false);
  });
});
