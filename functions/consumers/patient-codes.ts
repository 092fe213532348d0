// Sends the patients' one-time login codes asked for on POST /api/auth/paciente/codigo, which only
// counts and queues the request so that it answers before, and whatever, this send does
// (shared/domain/patient-otp.ts). The platform pays these texts: each one sent is counted as the
// metric PlatformMessagesSent (docs/decisions.md, "Provider costs are the operator's information").
import { patientCodeWork } from '#events/patient-code-queue';
import { adapter, awsAdapters } from '#shared/adapters/index';
import { providerWhatsApp } from '#shared/adapters/provider-whatsapp';
import { needsConfig } from '#shared/config';
import { dynamoUserAuthRepository } from '#shared/db/users';
import { deliverPatientCode } from '#shared/domain/patient-otp';
import { log, withLambdaLog } from '#shared/log';
import { putMetric } from '#shared/metrics';
import { queueConsumer } from '#shared/queue/consumer';

// The codes go out through the application's provider, with its secret (shared/providers/secrets.ts).
needsConfig('providerSecretPrefix');
awsAdapters({
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
  whatsapp: async () => providerWhatsApp(),
});

const repo = dynamoUserAuthRepository();

export const handler = withLambdaLog(
  queueConsumer('patientCodes', patientCodeWork, async (work) => {
    const outcome = await deliverPatientCode({ repo, whatsapp: await adapter('whatsapp') }, work, new Date());
    if (outcome.status === 'sent') {
      putMetric('PlatformMessagesSent', 1, {
        unit: 'Count',
        dimensions: { aplicacaoId: String(work.aplicacaoId), provider: outcome.provider, motivo: 'codigo_login' },
      });
    }
    log.info('patient code work done', { aplicacaoId: work.aplicacaoId, outcome: outcome.status });
  }),
);
