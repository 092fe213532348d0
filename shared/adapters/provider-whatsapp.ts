// The WhatsAppPort in AWS: service texts (one-time login codes) go out through the application's
// own provider, like any message but outside the statement (the platform bears their cost).
// provider_a needs a status-callback URL: the service's status webhook under PUBLIC_BASE_URL
// when that is set; its callbacks for these texts name no stored message and are ignored there.
import type { WhatsAppPort } from '#shared/adapters/ports';
import { config } from '#shared/config';
import { dynamoApplicationRepository } from '#shared/db/applications';
import type { ApplicationRepository } from '#shared/domain/applications/repository';
import { log } from '#shared/log';
import { providerFor, type ProviderOptions } from '#shared/providers/clients';
import { STATUS_CALLBACK_PATH } from '#shared/providers/types';

export interface ProviderWhatsAppOptions extends ProviderOptions {
  repo?: Pick<ApplicationRepository, 'getApplication'>;
  /** Default `${PUBLIC_BASE_URL}${STATUS_CALLBACK_PATH}`. */
  statusCallbackUrl?: string;
}

export function providerWhatsApp(options: ProviderWhatsAppOptions = {}): WhatsAppPort {
  const repo = options.repo ?? dynamoApplicationRepository();
  const statusCallbackUrl = options.statusCallbackUrl ?? `${config().publicBaseUrl ?? ''}${STATUS_CALLBACK_PATH}`;
  return {
    async sendText({ aplicacaoId, to, body }) {
      const app = await repo.getApplication(aplicacaoId);
      if (!app) throw new Error(`application ${aplicacaoId} not found`);
      // A ProviderError propagates: the caller decides whether a failed code text is fatal.
      const { messageSid } = await providerFor(app, options).send({ to, body, statusCallbackUrl });
      log.info('service text sent', { aplicacaoId, provider: app.provider, messageSid });
    },
  };
}
