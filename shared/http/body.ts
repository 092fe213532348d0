// Strict reading of request bodies, before any operation sees them: the media type must be one the
// route takes (415 otherwise), the bytes well-formed UTF-8 and JSON strings free of lone surrogates
// (400 invalid_encoding otherwise), so that text stored from a request is always text that can be
// answered back. No dependency: the kit and the webhook handlers (which parse their own raw bodies
// after checking a signature) share it.
import { isUtf8 } from 'node:buffer';
import { HttpError } from '#shared/http/errors';
import { FORM_MEDIA_TYPE, type MediaType } from '#shared/http/routes';

/**
 * The media type of a Content-Type header when the service takes it: `type/subtype` (any case) with at
 * most a `charset` of UTF-8, quoted or not. Anything else (another charset, another parameter, no
 * header) is undefined: another charset would be decoded as UTF-8 and read as something the sender did
 * not write.
 */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  const [type, ...parameters] = contentType.split(';');
  const mediaType = type!.trim().toLowerCase();
  if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(mediaType)) return undefined;
  for (const parameter of parameters) {
    if (parameter.trim() === '') continue;
    const match = /^\s*([^=\s]+)\s*=\s*("?)([^"]*)\2\s*$/.exec(parameter);
    if (!match || match[1]!.toLowerCase() !== 'charset' || match[3]!.toLowerCase() !== 'utf-8') return undefined;
  }
  return mediaType;
}

export const unsupportedMediaType = (accepts: readonly MediaType[]) =>
  new HttpError(
    415,
    'unsupported_media_type',
    accepts.length === 1
      ? `The request body must be sent as ${accepts[0]} (charset utf-8 only)`
      : `The request body must be sent as ${accepts.join(' or ')} (charset utf-8 only)`,
  );

const invalidEncoding = (message: string) => new HttpError(400, 'invalid_encoding', message);

/** A JSON string escape of a surrogate (`\ud800`-`\udfff`): only then can a parsed string hold a lone one. */
const ESCAPED_SURROGATE = /\\u[dD][89a-fA-F]/;
/** A surrogate code unit that is not half of a pair (with the u flag a pair is one code point and never matches). */
const LONE_SURROGATE = /\p{Cs}/u;

function holdsLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(holdsLoneSurrogate);
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) if (LONE_SURROGATE.test(key) || holdsLoneSurrogate(item)) return true;
  }
  return false;
}

/**
 * JSON.parse for request bodies: 400 invalid_json when it is not JSON, 400 invalid_encoding when a
 * string (or a member name) escapes a lone surrogate, which no UTF-8 can carry.
 */
export function parseJsonText(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON');
  }
  if (ESCAPED_SURROGATE.test(text) && holdsLoneSurrogate(value)) {
    throw invalidEncoding('A string of the request body holds a lone surrogate (\\ud800-\\udfff), which is not text');
  }
  return value;
}

/**
 * True when a form-urlencoded body is well-formed: UTF-8 bytes whose names and values percent-decode to
 * well-formed UTF-8 too (URLSearchParams would silently turn `%FF` into U+FFFD).
 */
export function isWellFormedForm(bytes: Buffer): boolean {
  if (!isUtf8(bytes)) return false;
  for (const pair of bytes.toString('utf8').split('&')) {
    try {
      // A `%` that starts no escape stays literal, as URLSearchParams reads it; only the bytes decoded must be UTF-8.
      decodeURIComponent(pair.replace(/\+/g, ' ').replace(/%(?![0-9a-fA-F]{2})/g, '%25'));
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * Checks a non-empty body against the media types of its route: 415 when it is sent as another, 400
 * invalid_encoding when its text (or a form's decoded fields) is not well-formed UTF-8. Returns the body's text.
 */
export function checkBody(bytes: Buffer, contentType: string | undefined, accepts: readonly MediaType[]): string {
  const mediaType = mediaTypeOf(contentType);
  const accepted = accepts.find((type) => type === mediaType);
  if (!accepted) throw unsupportedMediaType(accepts);
  if (accepted === FORM_MEDIA_TYPE ? !isWellFormedForm(bytes) : !isUtf8(bytes)) {
    throw invalidEncoding(
      accepted === FORM_MEDIA_TYPE
        ? 'The request body or one of its fields is not well-formed UTF-8'
        : 'The request body is not well-formed UTF-8',
    );
  }
  return bytes.toString('utf8');
}
