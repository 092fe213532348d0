// The provider client of an application, chosen by its current `provider` (a change in the admin
// panel takes effect on the next call, since the application is read per request). Its secret is
// read when it sends (a failure to read it is a ProviderError, so the debit is given back).
import type { Application } from '#shared/domain/applications';
import { linkClient } from '#shared/providers/link';
import { providerAClient } from '#shared/providers/provider-a';
import { providerBClient } from '#shared/providers/provider-b';
import { secretForCall } from '#shared/providers/secrets';
import { ProviderError, type ProviderClient, type ProviderOptions } from '#shared/providers/types';

export { ProviderError } from '#shared/providers/types';
export type { ProviderClient, ProviderOptions, SendInput, SendResult } from '#shared/providers/types';

export function providerFor(app: Application, options: ProviderOptions = {}): ProviderClient {
  switch (app.provider) {
    case 'provider_a': {
      const settings = app.providerA;
      if (!settings) throw new ProviderError('unavailable', null, 'provider_a is not configured');
      return {
        send: async (input) =>
          providerAClient({ ...settings, authToken: await secretForCall(app, 'providerA.authToken') }, options).send(input),
      };
    }
    case 'provider_b': {
      const settings = app.providerB;
      if (!settings) throw new ProviderError('unavailable', null, 'provider_b is not configured');
      return {
        send: async (input) =>
          providerBClient({ ...settings, accessToken: await secretForCall(app, 'providerB.accessToken') }, options).send(input),
      };
    }
    case 'link':
      return linkClient();
    default:
      throw new ProviderError('unavailable', null, `unknown provider ${String(app.provider)}`);
  }
}
