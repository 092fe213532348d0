// /docs under the local run: the OpenAPI document rendered by Swagger UI, served from the
// swagger-ui-dist package (a dev dependency, nothing fetched from the internet). Only the local
// gateway answers it; in AWS the document is at /openapi.json for any renderer or generator.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface Page {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
}

const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>API reference: WhatsApp health communication platform</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script>
    // "Try it out" goes to the service this page came from, whatever its port: this origin first.
    fetch('/openapi.json')
      .then((answer) => answer.json())
      .then((spec) => {
        const local = (server) => ['http://127.0.0.1', 'http://localhost'].some((host) => server.url.startsWith(host));
        spec.servers = [{ url: location.origin, description: 'This local run' }, ...spec.servers.filter((s) => !local(s))];
        window.ui = SwaggerUIBundle({ spec, dom_id: '#reference', deepLinking: true, tryItOutEnabled: false });
      });
  </script>
</body>
</html>
`;

let dir: string | undefined;
const swaggerUiDir = () => (dir ??= path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')));

/** The page or one of its assets for a GET of `pathname`, or undefined when the path is not under /docs. */
export function referencePage(method: string, pathname: string): Page | undefined {
  if (method !== 'GET') return undefined;
  if (pathname === '/docs' || pathname === '/docs/') {
    return { statusCode: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: Buffer.from(html) };
  }
  const name = pathname.startsWith('/docs/') ? pathname.slice('/docs/'.length) : undefined;
  if (!name || !assets[name]) return undefined;
  return {
    statusCode: 200,
    headers: { 'Content-Type': assets[name], 'Cache-Control': 'public, max-age=3600' },
    body: readFileSync(path.join(swaggerUiDir(), name)),
  };
}
