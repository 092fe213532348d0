import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '#shared/config';
import type { MailPort } from '#shared/adapters/ports';

export function sesMail(client = new SESv2Client({ region: config().region })): MailPort {
  return {
    async send(mail) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: config().mailFrom,
          Destination: { ToAddresses: [mail.to] },
          ReplyToAddresses: mail.replyTo ? [mail.replyTo] : undefined,
          Content: { Simple: { Subject: { Data: mail.subject }, Body: { Text: { Data: mail.text } } } },
        }),
      );
    },
  };
}
