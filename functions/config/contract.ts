// Contract of the configuration group (API key and secret).
import * as z from 'zod/mini';
import { named, ok, type GroupContract } from '#shared/http/contract/kit';

export const configContract = {
  'GET /api/v2/config/status': {
    summary: 'Whether the application’s WhatsApp provider is configured and active',
    responses: {
      200: ok(
        'The integration status.',
        named(
          'IntegrationStatus',
          z.object({ configured: z.boolean(), active: z.boolean(), provider: z.enum(['provider_a', 'provider_b', 'link']) }),
        ),
      ),
    },
    errors: { 404: ['not_found'] },
  },
  'GET /api/v2/stats': {
    summary: 'Number of messages the application has sent',
    responses: { 200: ok('The count.', z.object({ totalMensagens: z.int() })) },
  },
} satisfies GroupContract<'config'>;
