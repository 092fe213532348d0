import type * as Ses from '@aws-sdk/client-sesv2';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '#shared/config';
import type { MailPort } from '#shared/adapters/ports';

export function sesMail(client?: SESv2Client): MailPort {
  // The SDK is imported on the first mail: the module is external (infra/bundling.ts), and a static import of it would
  // be hoisted to the bundle's top and loaded at every cold start.
  let sdk: Promise<{ module: typeof Ses; ses: SESv2Client }> | undefined;
  const load = () =>
    (sdk ??= import('@aws-sdk/client-sesv2').then((module) => ({
      module,
      ses: client ?? new module.SESv2Client({ region: config().region }),
    })));
  return {
    async send(mail) {
      const { module, ses } = await load();
      await ses.send(
        new module.SendEmailCommand({
          FromEmailAddress: config().mailFrom,
          Destination: { ToAddresses: [mail.to] },
          ReplyToAddresses: mail.replyTo ? [mail.replyTo] : undefined,
          Content: { Simple: { Subject: { Data: mail.subject }, Body: { Text: { Data: mail.text } } } },
        }),
      );
    },
  };
}
