// The limits of what the provider webhooks accept: the verify handshake and the flow name of an inbound subscription.
// Its contract (functions/webhooks/contract.ts) documents them.
/** The verify token the admin API takes (functions/admin/applications.ts); a longer one cannot match. */
export const MAX_VERIFY_TOKEN = 200;

/** provider_b's challenges are short numbers; a long one is refused rather than echoed. */
export const MAX_CHALLENGE = 256;

export const FLUXO = /^[A-Za-z0-9._-]{1,100}$/;
