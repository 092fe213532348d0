import { awsAdapters } from '#shared/adapters/index';
import { providerWhatsApp } from '#shared/adapters/provider-whatsapp';
import { needsConfig } from '#shared/config';
import { groupHandler } from '#shared/http/kit';
import { loginOperations } from './login.ts';
import { oauthOperations } from './oauth.ts';

// The private signing keys come from Secrets Manager, through the secrets extension (only this group reads them),
// and so does the provider secret the one-time login codes are sent with (shared/providers/secrets.ts).
needsConfig('signingKeySecretId', 'providerSecretPrefix');
awsAdapters({
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
  // One-time login codes go out through the application's provider. Imported statically: it needs the
  // DynamoDB client the group loads anyway, and behind import() esbuild kept every DynamoDB command (+45 KB).
  whatsapp: async () => providerWhatsApp(),
});

export const handler = groupHandler('token', { ...oauthOperations, ...loginOperations });
