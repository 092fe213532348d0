// /console/ under the local run: the built console (console/build.ts) served the way CloudFront serves
// it on AWS (infra/constructs/console-site.ts): the same security headers, hashed files cached for a
// year, index.html never cached, and any path without a file extension answered with index.html (the
// console routes in the browser).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CONSOLE_PATH, consoleSecurityHeaders } from '#infra/console-headers';
import type { Page } from '#infra/local/reference-page';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** A file name esbuild content-hashed (`app-4YNLGG7Y.js`): its content never changes under that name. */
const hashed = /-[A-Z0-9]{8}\.(js|css|map)$/;

/** The answer to a GET/HEAD under /console, or undefined when the path is not the console's. */
export async function consolePage(method: string, pathname: string, dir: string): Promise<Page | undefined> {
  if (pathname !== '/console' && !pathname.startsWith(CONSOLE_PATH)) return undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    return {
      statusCode: 405,
      headers: { ...consoleSecurityHeaders, Allow: 'GET, HEAD', 'Content-Type': 'text/plain' },
      body: Buffer.from(''),
    };
  }
  if (pathname === '/console')
    return { statusCode: 301, headers: { ...consoleSecurityHeaders, Location: CONSOLE_PATH }, body: Buffer.from('') };

  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(CONSOLE_PATH.length));
  } catch {
    return notFound();
  }
  const isFile = path.extname(relative) !== '';
  const file = path.resolve(dir, isFile ? relative : 'index.html');
  if (!file.startsWith(path.resolve(dir) + path.sep)) return notFound();
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return notFound();
  }
  const cache = hashed.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
  return {
    statusCode: 200,
    headers: { ...consoleSecurityHeaders, 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': cache },
    body,
  };
}

function notFound(): Page {
  return {
    statusCode: 404,
    headers: { ...consoleSecurityHeaders, 'Content-Type': 'text/plain; charset=utf-8' },
    body: Buffer.from('Not found'),
  };
}
