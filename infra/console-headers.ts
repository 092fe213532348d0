// The console's security headers: one list, sent by CloudFront on AWS (infra/constructs/console-site.ts)
// and by the local gateway under `npm start`, so a page that breaks the policy breaks in both.
//
// The console is one origin with the API (CloudFront sends /api/* and /oauth2/* to API Gateway), so
// every fetch is 'self'. Scripts and styles come only from its own files: no inline script or style
// attribute is allowed (Preact sets styles through the CSSOM, which CSP does not govern).
export const consoleContentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Two years, subdomains included (what hstspreload.org asks for); browsers ignore it over plain http. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

export const consoleSecurityHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': consoleContentSecurityPolicy,
  'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** The path the console is served under, on AWS and locally: `/console/`. */
export const CONSOLE_PATH = '/console/';
