// Checks real answers against docs/openapi.json with an independent validator (Ajv, JSON Schema
// 2020-12, OpenAPI 3.1's dialect): each answer's status must be documented for its route and its JSON
// body must match the documented schema. useLocalService applies it to every answer of every
// integration test file (CONTRACT_CHECK=0 turns it off); test/integration/openapi-exchanges.test.ts
// also checks requests on a fixed set of exchanges, and tests the check's own failures.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Exchange } from '#infra/local/gateway';

type Json = Record<string, unknown>;

export const readDocument = (): Json => JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as Json;

export type Answer = Pick<Exchange, 'route' | 'status' | 'headers' | 'body'>;

/** The document's schema at a path of JSON pointer segments, compiled (once per path) by Ajv; undefined when there is none. */
function schemasOf(document: Json): (...segments: string[]) => ValidateFunction | undefined {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi');
  const pointer = (segments: string[]) => segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');
  return (...segments) => ajv.getSchema(`openapi#/${pointer(segments)}`);
}

const failures = (validate: ValidateFunction) =>
  (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
    .join('; ');

/** A function that says what is wrong with an answer, or undefined when it matches the document. */
export function contractChecker(document: Json = readDocument()): (answer: Answer) => string | undefined {
  const schemaAt = schemasOf(document);
  const paths = document.paths as Record<string, Record<string, Json>>;

  return ({ route, status, headers, body }) => {
    const method = route.method.toLowerCase();
    const where = `${route.method} ${route.path} ${status}`;
    const operation = paths[route.path]?.[method];
    if (!operation) return `${where}: the route is not in the document`;
    const responses = operation.responses as Record<string, Json>;
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses[k]);
    if (!key) return `${where}: status not documented (documented: ${Object.keys(responses).join(', ')})`;
    const content = responses[key]!.content as Record<string, Json> | undefined;
    if (body.length === 0) return undefined;
    const mediaType = (headers['content-type'] ?? '').split(';')[0]!.trim();
    if (!content) return `${where}: answered ${mediaType} but the document shows no body`;
    if (!content[mediaType]) return `${where}: answered ${mediaType}, documented ${Object.keys(content).join(', ')}`;
    if (mediaType !== 'application/json') return undefined;
    const validate = schemaAt('paths', route.path, method, 'responses', key, 'content', mediaType, 'schema');
    if (!validate) return `${where}: no schema for ${mediaType}`;
    const value: unknown = JSON.parse(body.toString('utf8'));
    if (validate(value)) return undefined;
    return `${where}: ${failures(validate)} in ${JSON.stringify(value).slice(0, 300)}`;
  };
}

/** What is wrong with a request body for its route's documented request schema, or undefined. */
export function requestChecker(
  document: Json = readDocument(),
): (route: Answer['route'], mediaType: string, body: unknown) => string | undefined {
  const schemaAt = schemasOf(document);
  return (route, mediaType, body) => {
    const validate = schemaAt('paths', route.path, route.method.toLowerCase(), 'requestBody', 'content', mediaType, 'schema');
    if (!validate) return `${route.method} ${route.path}: no ${mediaType} request schema`;
    if (validate(body)) return undefined;
    return `${route.method} ${route.path} request: ${failures(validate)}`;
  };
}
