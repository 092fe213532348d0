// Rotates the RS256 signing key (docs/decisions.md, "Private keys only where tokens are signed"): publishes
// a new key in both secrets now, to sign from 16 minutes on, when every reader's copy of the sets holds it
// (shared/auth/key-rotation.ts), and removes the keys an earlier rotation replaced once no token they
// signed can be alive. Run it with AWS credentials and the stack's outputs, once per rotation:
//
//   SIGNING_KEY_SECRET_ID=<SigningKeySecretArn> VERIFICATION_KEY_SECRET_ID=<VerificationKeySecretArn> \
//   npx tsx infra/scripts/rotate-signing-key.ts
//
// It refuses while the key of the previous run does not sign yet. Secrets Manager is read directly, not
// through the extension's cache.
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { rotateSigningKeySet, type Rotation } from '#shared/auth/key-rotation';
import { generateSigningKeyJwk, parseSigningKeySecret } from '#shared/auth/signing-keys';
import { verificationKeySetOf } from '#shared/auth/verification-keys';
import { config } from '#shared/config';

export interface RotationDeps {
  readSigningKeys(): Promise<string>;
  writeSigningKeys(value: string): Promise<void>;
  readVerificationKeys(): Promise<string | undefined>;
  writeVerificationKeys(value: string): Promise<void>;
}

/** Publishes a new key (public set first, then the private one) and retires what may go; the plan carried out. */
export async function rotateSigningKey(deps: RotationDeps, now = new Date()): Promise<Rotation> {
  const rotation = rotateSigningKeySet(parseSigningKeySecret(await deps.readSigningKeys()), await generateSigningKeyJwk(), now);
  // The verification secret also carries the agent CA's certificate (infra/scripts/bootstrap.ts): kept as it is.
  const published = await deps.readVerificationKeys();
  const agentCaCertPem = published ? (JSON.parse(published) as { agentCaCertPem?: string }).agentCaCertPem : undefined;
  // Public halves first: stopped between the two writes, the new key is known to verifiers and signs nothing.
  await deps.writeVerificationKeys(verificationKeySetOf(rotation.secret.keys, agentCaCertPem));
  await deps.writeSigningKeys(JSON.stringify(rotation.secret));
  return rotation;
}

async function main(): Promise<void> {
  const missing = ['SIGNING_KEY_SECRET_ID', 'VERIFICATION_KEY_SECRET_ID'].filter((k) => !process.env[k]);
  if (missing.length) {
    console.error(`Set ${missing.join(', ')} (see the comment at the top of infra/scripts/rotate-signing-key.ts).`);
    process.exit(2);
  }
  const secrets = new SecretsManagerClient({ region: config().region });
  const read = async (SecretId: string) => (await secrets.send(new GetSecretValueCommand({ SecretId }))).SecretString;
  const write = async (SecretId: string, SecretString: string) =>
    void (await secrets.send(new PutSecretValueCommand({ SecretId, SecretString })));
  const { signingKeySecretId, verificationKeySecretId } = config();
  const rotation = await rotateSigningKey({
    readSigningKeys: async () => (await read(signingKeySecretId)) ?? '',
    writeSigningKeys: (value) => write(signingKeySecretId, value),
    readVerificationKeys: () => read(verificationKeySecretId),
    writeVerificationKeys: (value) => write(verificationKeySecretId, value),
  });
  console.log(`published key ${rotation.added.kid}; it signs from ${rotation.added.signsFrom}`);
  if (rotation.retired.length > 0) console.log(`removed keys no live token can carry: ${rotation.retired.join(', ')}`);
  console.log(`the key it replaces may be removed from ${rotation.previousRetirableAt}: the next run after that removes it`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
