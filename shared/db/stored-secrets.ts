// How an item holds a secret: never its value, only where the secret store keeps it (a SecretRef:
// its version and a mask); items from before the secret store hold the clear value until moved.
import { map, string, type Read } from '#shared/db/item';
import type { SecretRef, StoredSecret } from '#shared/domain/applications/secrets';

export const secretRef = map((f): SecretRef => ({
  versao: f.read('versao', string),
  mascara: f.read('mascara', string),
}));

/** A secret's reference, or its clear value on an item from before the secret store (until moved). */
export const storedSecret: Read<StoredSecret> = (value, at) => (typeof value === 'string' ? value : secretRef(value, at));
