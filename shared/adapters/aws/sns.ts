// Push notifications through Amazon SNS mobile push: a device's token becomes an endpoint of the platform
// application of its platform (FCM for android, APNs for ios: the stack's context names them), a push is a
// Publish to that endpoint, and a removed device's endpoint is deleted. An endpoint SNS reports disabled (the app
// was uninstalled, the token expired) answers `disabled`, and the caller removes the device (docs/app-chat.md).
import type * as Sns from '@aws-sdk/client-sns';
import type { SNSClient } from '@aws-sdk/client-sns';
import type { PushNotification, PushPort } from '#shared/adapters/ports';
import { config } from '#shared/config';
import { DomainError } from '#shared/domain/errors';

/** The message of each platform's payload (MessageStructure json): FCM's notification, APNs's alert, the same data. */
export function pushMessage(n: PushNotification): string {
  const gcm = { notification: { title: n.titulo, body: n.texto }, data: n.dados };
  const apns = { aps: { alert: { title: n.titulo, body: n.texto } }, ...n.dados };
  return JSON.stringify({ default: n.texto, GCM: JSON.stringify(gcm), APNS: JSON.stringify(apns), APNS_SANDBOX: JSON.stringify(apns) });
}

const isDisabled = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'EndpointDisabledException' || error.name === 'EndpointDisabled');

export function snsPush(
  client?: SNSClient,
  applications: { android: string | undefined; ios: string | undefined } = config().pushApplications,
): PushPort {
  // The SDK is imported on the first call: the module is external (infra/bundling.ts), and a static import of it would
  // be hoisted to the bundle's top and loaded at every cold start, pushing or not.
  let sdk: Promise<{ module: typeof Sns; sns: SNSClient }> | undefined;
  const load = () =>
    (sdk ??= import('@aws-sdk/client-sns').then((module) => ({
      module,
      sns: client ?? new module.SNSClient({ region: config().region }),
    })));
  return {
    async register({ plataforma, token }) {
      const application = applications[plataforma];
      if (!application) throw new DomainError('unavailable', `Push notifications are not configured for ${plataforma}`);
      // Idempotent in SNS for the same token and attributes: a token registered again gets its endpoint back.
      const { module, sns } = await load();
      const out = await sns.send(new module.CreatePlatformEndpointCommand({ PlatformApplicationArn: application, Token: token }));
      if (!out.EndpointArn) throw new Error('SNS answered CreatePlatformEndpoint without an endpoint');
      return out.EndpointArn;
    },
    async send(endpoint, notification) {
      const { module, sns } = await load();
      try {
        await sns.send(new module.PublishCommand({ TargetArn: endpoint, MessageStructure: 'json', Message: pushMessage(notification) }));
        return 'sent';
      } catch (error) {
        if (isDisabled(error)) return 'disabled';
        throw error;
      }
    },
    async unregister(endpoint) {
      // Deleting an endpoint that is gone is not an error in SNS.
      const { module, sns } = await load();
      await sns.send(new module.DeleteEndpointCommand({ EndpointArn: endpoint }));
    },
  };
}
