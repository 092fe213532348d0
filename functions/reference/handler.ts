// GET /openapi.json: the API's OpenAPI 3.1 document, as `npm run openapi` generated it into
// docs/openapi.json (bundled here as data: this function has no AWS SDK and reads nothing).
import document from '#docs/openapi.json' with { type: 'json' };
import { groupHandler } from '#shared/http/kit';

let text: string | undefined;

export const handler = groupHandler('reference', {
  'GET /openapi.json': async () => ({
    statusCode: 200,
    body: (text ??= JSON.stringify(document)),
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  }),
});
