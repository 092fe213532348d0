// GET /openapi.json: the API's OpenAPI 3.1 document, as `npm run openapi` generated it into
// docs/openapi.json (bundled here as data: this function has no AWS SDK and reads nothing).
import document from '#docs/openapi.json' with { type: 'json' };
import { groupHandler, json, jsonText, type JsonText } from '#shared/http/kit';
import type { referenceContract } from './contract.ts';

/** The document as its contract says it is (an OpenAPI 3.1 document): checked once, serialised once. */
function referenceDocument(): Omit<typeof document, 'openapi'> & { openapi: '3.1.0' } {
  const { openapi } = document;
  if (openapi !== '3.1.0') throw new Error(`docs/openapi.json is OpenAPI ${openapi}, not 3.1.0`);
  return { ...document, openapi };
}

let text: JsonText<ReturnType<typeof referenceDocument>> | undefined;

export const handler = groupHandler<typeof referenceContract>('reference', {
  'GET /openapi.json': async () =>
    json(200, (text ??= jsonText(referenceDocument())), {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
});
