// npm run openapi: writes docs/openapi.json from the route table and its contract.
import { readFileSync, writeFileSync } from 'node:fs';
import { buildDocument } from '#infra/openapi/document';

const documentPath = new URL('../../docs/openapi.json', import.meta.url);

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const document = buildDocument({ version });
writeFileSync(documentPath, `${JSON.stringify(document, null, 2)}\n`);
const operations = Object.values(document.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);
console.log(`docs/openapi.json: ${operations} operations`);
