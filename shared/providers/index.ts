// The provider client of an application, chosen by its current `provider` (a change in the admin
// panel takes effect on the next call, since the application is read per request). Its secret is
// read when it sends (a failure to read it is a ProviderError, so the debit is given back).
import type { Application } from '#shared/domain/applications/records';
import type { ProviderSecretName } from '#shared/domain/applications/secrets';
import { linkClient } from '#shared/providers/link';
import { providerAClient } from '#shared/providers/provider-a/client';
import { providerBClient } from '#shared/providers/provider-b/client';
import { secretForCall } from '#shared/providers/secrets';
import { ProviderError, type ProviderClient, type ProviderOptions } from '#shared/providers/types';

export { ProviderError } from '#shared/providers/types';
export type { ProviderClient, ProviderOptions, SendInput, SendResult } from '#shared/providers/types';

export function providerFor(app: Application, options: ProviderOptions = {}): ProviderClient {
  /** A client that reads its secret when it sends. */
  const sendingWith = (name: ProviderSecretName, client: (secret: string) => ProviderClient): ProviderClient => ({
    send: async (input) => client(await secretForCall(app, name)).send(input),
  });
  switch (app.provider) {
    case 'provider_a': {
      const settings = app.providerA;
      if (!settings) throw new ProviderError('unavailable', null, 'provider_a is not configured');
      return sendingWith('providerA.authToken', (authToken) => providerAClient({ ...settings, authToken }, options));
    }
    case 'provider_b': {
      const settings = app.providerB;
      if (!settings) throw new ProviderError('unavailable', null, 'provider_b is not configured');
      return sendingWith('providerB.accessToken', (accessToken) => providerBClient({ ...settings, accessToken }, options));
    }
    case 'link':
      return linkClient();
    default:
      throw new ProviderError('unavailable', null, `unknown provider ${String(app.provider)}`);
  }
}
