// The agent channel's CA and its CRL, for the local run (at every start) and `npm run bootstrap` in AWS.
// The CA is made once (its secret); the CRL is published only through shared/ca/crl-publisher.ts, from
// the revocation list in the table (pattern 45a) with a number drawn above every earlier one: a re-run
// with the CRL object missing, stale or not the CA's issues one that still lists every revocation; a
// re-run with a current CRL of the CA keeps it.
import { X509Certificate } from 'node:crypto';
import { adapter } from '#shared/adapters/index';
import { createAgentCa, type AgentCa } from '#shared/ca/agent-ca';
import { loadAgentCaSecret } from '#shared/ca/ca-secret';
import { checkCrl } from '#shared/ca/crl-check';
import { publishCrl } from '#shared/ca/crl-publisher';
import { readCrl } from '#shared/ca/x509-lite';
import { config } from '#shared/config';

/** A stored CRL with less than this left is published again (the daily re-issue normally keeps a week). */
const KEEP_MIN_MS = 3 * 86_400_000;

/** Whether `bytes` are a CRL of `ca` the agent authorizer accepts now, for at least KEEP_MIN_MS more. */
function usable(bytes: Uint8Array, ca: AgentCa, now: Date): boolean {
  try {
    const crl = readCrl(bytes);
    checkCrl(crl, new X509Certificate(ca.certPem).publicKey, now, 0n);
    return crl.nextUpdate!.getTime() - now.getTime() > KEEP_MIN_MS;
  } catch {
    return false; // unreadable, another CA's, stale: published again
  }
}

/**
 * The agent CA (created in its secret when there is none: a missing secret, or the stack's placeholder)
 * and a current CRL: 'created' when a new CA was made, 'crl-reissued' when the CRL was published again,
 * 'kept' when both were there.
 */
export async function seedAgentCa(
  putSecret: (id: string, value: string) => Promise<unknown>,
  secretId = config().agentCaSecretId,
): Promise<'created' | 'crl-reissued' | 'kept'> {
  let ca: AgentCa | undefined;
  try {
    ca = await loadAgentCaSecret(secretId);
  } catch {
    ca = undefined;
  }
  if (ca) {
    const current = await (await adapter('blobs')).get(config().crlKey);
    if (current && usable(current, ca, new Date())) return 'kept';
    await publishCrl({ ca });
    return 'crl-reissued';
  }
  ca = await createAgentCa();
  await putSecret(secretId, JSON.stringify(ca));
  await publishCrl({ ca });
  return 'created';
}
