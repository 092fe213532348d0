// Contract of the reference group: the document itself.
import * as z from 'zod/mini';
import type { GroupContract } from '#shared/http/contract/kit';

export const referenceContract = {
  'GET /openapi.json': {
    summary: 'This OpenAPI 3.1 document',
    description: 'Generated from the route table (`npm run openapi`); cacheable for an hour. Under `npm start`, /docs renders it.',
    responses: {
      200: {
        description: 'The document.',
        body: z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({ title: z.string(), version: z.string() }) }),
        headers: { 'Cache-Control': { description: '`public, max-age=3600`.' } },
      },
    },
  },
} satisfies GroupContract<'reference'>;
