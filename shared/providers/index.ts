// The provider client of an application, chosen by its current `provider` (a change in the admin
// panel takes effect on the next call, since the application is read per request).
import type { Application } from '#shared/domain/applications';
import { linkClient } from '#shared/providers/link';
import { providerAClient } from '#shared/providers/provider-a';
import { providerBClient } from '#shared/providers/provider-b';
import { ProviderError, type ProviderClient, type ProviderOptions } from '#shared/providers/types';

export { ProviderError } from '#shared/providers/types';
export type { ProviderClient, ProviderOptions, SendInput, SendResult } from '#shared/providers/types';

export function providerFor(app: Application, options: ProviderOptions = {}): ProviderClient {
  switch (app.provider) {
    case 'provider_a':
      if (!app.providerA) throw new ProviderError('unavailable', null, 'provider_a is not configured');
      return providerAClient(app.providerA, options);
    case 'provider_b':
      if (!app.providerB) throw new ProviderError('unavailable', null, 'provider_b is not configured');
      return providerBClient(app.providerB, options);
    case 'link':
      return linkClient();
    default:
      throw new ProviderError('unavailable', null, `unknown provider ${String(app.provider)}`);
  }
}
