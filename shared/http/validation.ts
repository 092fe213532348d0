// Validation at the edge with zod/mini (a fraction of zod's cold-start cost). A failure is
// a 400 whose message names the field, so the caller knows what to fix; nothing is written.
import type * as z from 'zod/mini';
import { HttpError } from '#shared/http/errors';

type Issue = z.core.$ZodIssue;

const article = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

function describe(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${article(issue.expected === 'int' ? 'integer' : issue.expected)}`;
    case 'too_small':
      return issue.origin === 'string'
        ? Number(issue.minimum) <= 1 ? 'must not be empty' : `must have at least ${issue.minimum} characters`
        : `must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string' ? `must have at most ${issue.maximum} characters` : `must be at most ${issue.maximum}`;
    case 'invalid_format':
      return issue.format === 'email' ? 'must be a valid e-mail address' : `must match the ${issue.format} format`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `has unknown fields ${issue.keys.join(', ')}`;
    default:
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'is invalid';
  }
}

/** Parses `value` with `schema` or throws a 400 naming the first offending field. */
export function validate<S extends z.ZodMiniType>(schema: S, value: unknown, what = 'body'): z.infer<S> {
  // reportInput: tells a missing field ("is required") from one of the wrong type.
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? issue.path.join('.') : what;
  throw new HttpError(400, 'validation_error', `${field} ${describe(issue)}`, { field });
}
