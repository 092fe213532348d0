// The console's client types, generated from the OpenAPI document by openapi-typescript.
import openapiTS, { astToString } from 'openapi-typescript';

export async function consoleApiTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { alphabetize: false });
  return `// Generated from docs/openapi.json by \`npm run openapi\`: do not edit.\n${astToString(ast)}`;
}
