// Path parameters. Ids are plain decimals from 1 to 2^53 - 1 (JSON clients read them as doubles);
// anything else names no record, so it gets the same 404 as an unknown id or another tenant's.
import { notFound } from '#shared/domain/errors';

export function parseId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^[1-9]\d{0,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** The numeric `{name}` of the path; `what` names the record in the 404 ("application not found"). */
export function pathId(request: { pathParameters: Record<string, string> }, what: string, name = 'id'): number {
  const id = parseId(request.pathParameters[name]);
  if (id === undefined) throw notFound(what);
  return id;
}
