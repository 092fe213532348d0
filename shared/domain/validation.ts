// Input parsing with zod/mini, for domain operations and (through shared/http/validation.ts) the
// edge. A failure is a DomainError 'validation' (400 validation_error) whose message names the
// field, so the caller knows what to fix.
import * as z from 'zod/mini';
import { invalid } from '#shared/domain/errors';
import { isCalendarDate } from '#shared/domain/time';

/**
 * A record id in a request: an integer from 1 to 2^53 - 1 (the spec's ids are 64-bit; the service's stay
 * where a JSON client reads them exactly). The bounds are stated, so the OpenAPI document shows them.
 */
export const recordId = z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));

/** A day in a query string, YYYY-MM-DD by its form; whether it exists is checkPeriod's. */
export const dayText = z.string().check(z.maxLength(10), z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date (YYYY-MM-DD)' }));

/** A period's first and last days (both included, either absent): real calendar days, `ate` not before `de`. */
export function checkPeriod(period: { de?: string | undefined; ate?: string | undefined }): void {
  for (const field of ['de', 'ate'] as const) {
    const day = period[field];
    if (day !== undefined && !isCalendarDate(day)) throw invalid(`${field} must be a date (YYYY-MM-DD)`, field);
  }
  if (period.de && period.ate && period.ate < period.de) throw invalid('ate must not be before de', 'ate');
}

type Issue = z.core.$ZodIssue;

const article = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

function describe(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${article(issue.expected === 'int' ? 'integer' : issue.expected)}`;
    case 'too_small': {
      const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
      if (unit && Number(issue.minimum) <= 1) return 'must not be empty';
      return unit ? `must have at least ${issue.minimum}${unit}` : `must be at least ${issue.minimum}`;
    }
    case 'too_big': {
      const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
      return unit ? `must have at most ${issue.maximum}${unit}` : `must be at most ${issue.maximum}`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'must be a valid e-mail address';
      // A pattern's own message says what it wants better than "the regex format".
      return issue.format === 'regex' && issue.message && !issue.message.startsWith('Invalid')
        ? issue.message
        : `must match the ${issue.format} format`;
    case 'invalid_value':
      // A missing enum field is reported as a wrong value; say what the caller has to fix.
      if (issue.input === undefined) return 'is required';
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `has unknown fields ${issue.keys.join(', ')}`;
    default:
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'is invalid';
  }
}

/** Parses `value` with `schema` or throws invalid(`<field> <what is wrong>`, field) for the first issue. */
export function parseInput<S extends z.ZodMiniType>(schema: S, value: unknown, what = 'body'): z.infer<S> {
  // reportInput: tells a missing field ("is required") from one of the wrong type.
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? issue.path.join('.') : what;
  throw invalid(`${field} ${describe(issue)}`, field);
}

/** A list's refinement: no item twice (items compared by value, objects too). */
export const noRepeats = (list: readonly unknown[]): boolean => new Set(list.map((item) => JSON.stringify(item))).size === list.length;

/**
 * Refuses by name, rather than dropping silently, the first of `fields` a body changes: shown (in `shown`, the record
 * as the client read it), but not editable `where`. A field sent back as it was read is no change: a client may PUT
 * what it got from the GET.
 */
export function refuseChanges(body: unknown, fields: readonly string[], shown: Readonly<Record<string, unknown>>, where: string): void {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const sent = body as Record<string, unknown>;
  const field = fields.find((f) => f in sent && JSON.stringify(sent[f]) !== JSON.stringify(shown[f]));
  if (field) throw invalid(`${field} cannot be changed ${where}`, field);
}
