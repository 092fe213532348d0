// Header lookup on API Gateway events: authorizer events keep the names in the case the client
// sent them (the kit lower-cases them for operations), and HTTP says names are case-insensitive.

/** The first non-empty value of header `name`, whatever the case of its name. */
export function headerValue(headers: Record<string, string | undefined> | null | undefined, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers ?? {})) if (value && key.toLowerCase() === wanted) return value;
  return undefined;
}
