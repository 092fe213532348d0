// npm run openapi: writes docs/openapi.json from the route table and its contract, and the console's
// client types generated from it (console/src/api/schema.d.ts), so an API change that breaks the
// console fails its type check.
import { readFileSync, writeFileSync } from 'node:fs';
import { buildDocument } from '#infra/openapi/document';
import { consoleApiTypes } from '#infra/openapi/console-types';

const documentPath = new URL('../../docs/openapi.json', import.meta.url);
const typesPath = new URL('../../console/src/api/schema.d.ts', import.meta.url);

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const document = buildDocument({ version });
writeFileSync(documentPath, `${JSON.stringify(document, null, 2)}\n`);
writeFileSync(typesPath, await consoleApiTypes(document));
const operations = Object.values(document.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);
console.log(`docs/openapi.json: ${operations} operations; console/src/api/schema.d.ts`);
