// What the console's CloudFront distribution (infra/constructs/console-site.ts) does at the edge: the code of its
// CloudFront Functions (JavaScript runtime 2.0, run by CloudFront, evaluated by test/infra/console-site.test.ts)
// and the two request headers it adds for the API's web ACL. Plain data with no CDK import.
import { CONSOLE_PATH } from '#infra/console-headers';

/**
 * The header CloudFront adds to every request it sends to API Gateway (an origin custom header), with a value
 * only the stack knows: the web ACL trusts VIEWER_IP_HEADER only on requests that carry it.
 */
export const DISTRIBUTION_MARKER_HEADER = 'x-origin-verify';

/** The viewer's address, written by apiRequestCode over anything the viewer sent under that name. */
export const VIEWER_IP_HEADER = 'true-client-ip';

/**
 * Viewer request of the console's behaviors, what infra/local/console-site.ts does under `npm start`:
 * `/` and `/console` are redirected (301) to `/console/`; a path under /console/ whose last segment has no
 * file extension (a route of the app: /console/mensagens) is answered with /console/index.html; a file
 * (/console/app-ABCDEFGH.js) passes unchanged; any other path is 404 without reaching the bucket.
 */
export const consoleRequestCode = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/' || uri === '${CONSOLE_PATH.slice(0, -1)}') {
    return { statusCode: 301, statusDescription: 'Moved Permanently', headers: { location: { value: '${CONSOLE_PATH}' } } };
  }
  if (uri.indexOf('${CONSOLE_PATH}') !== 0) {
    return {
      statusCode: 404,
      statusDescription: 'Not Found',
      headers: { 'content-type': { value: 'text/plain; charset=utf-8' } },
      body: { encoding: 'text', data: 'Not found' },
    };
  }
  var name = uri.slice(uri.lastIndexOf('/') + 1);
  var dot = name.lastIndexOf('.');
  // node:path's extname: a dot that is not the name's first character (".env" and ".." have none).
  var hasExtension = dot > 0 && !/^[.]+$/.test(name);
  if (!hasExtension) request.uri = '${CONSOLE_PATH}index.html';
  return request;
}
`;

/**
 * Viewer request of the API's behaviors: the viewer's address in VIEWER_IP_HEADER, replacing whatever the viewer
 * sent under that name, so the web ACL's per-address rules count the viewer and not CloudFront's edge server.
 */
export const apiRequestCode = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  return request;
}
`;

/**
 * Viewer response of /api/auth/*: CloudFront calls API Gateway under the stage (`/<stage>/api/auth/...`, the
 * origin path), so the refresh cookie comes back with `Path=/<stage>/api/auth` (functions/token/sessions.ts
 * sets it under the path it was called on), a path the browser, which sees `/api/auth/...`, would never send it
 * to. The stage is taken off the cookie's Path, as a reverse proxy's cookie-path rewrite does. CloudFront runs no
 * viewer-response function on a 4xx answer, so a refused refresh's clearing cookie keeps its stage path and clears
 * nothing: the browser keeps a spent token, refused again on the next try.
 */
export const authCookieResponseCode = (stage: string) => `function handler(event) {
  var response = event.response;
  var cookies = response.cookies || {};
  var strip = function (attributes) {
    return (attributes || '').replace(/(^|;)(\\s*)path=\\/${stage}(\\/[^;]*)?(?=;|$)/i, function (m, start, space, rest) {
      return start + space + 'Path=' + (rest || '/');
    });
  };
  for (var name in cookies) {
    var cookie = cookies[name];
    if (cookie.multiValue) {
      for (var i = 0; i < cookie.multiValue.length; i++) cookie.multiValue[i].attributes = strip(cookie.multiValue[i].attributes);
    }
    cookie.attributes = strip(cookie.attributes);
  }
  return response;
}
`;
