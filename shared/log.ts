// Structured JSON logs, one line per entry, carrying the request id and the application id
// of the request being served. Values under secret-looking keys are never written.
import { AsyncLocalStorage } from 'node:async_hooks';
import { logLevel } from '#shared/config';

type Fields = Record<string, unknown>;
type Level = 'debug' | 'info' | 'warn' | 'error';

const levels: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
// Read on every write so tests and operators can change it without reloading the module.
const threshold = () => levels[logLevel()?.toLowerCase() as Level] ?? levels.info;
const secretKey = /secret|password|senha|token|authorization|api-?key|signature|cookie|private/i;

const context = new AsyncLocalStorage<Fields>();

/** Runs `fn` with fields (requestId, aplicacaoId, ...) attached to every log line written inside it. */
export const withLogContext = <T>(fields: Fields, fn: () => T): T => context.run({ ...fields }, fn);
/** Adds fields to the current request's log context (for example once the principal is known). */
export const addLogContext = (fields: Fields): void => {
  Object.assign(context.getStore() ?? {}, fields);
};

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Fields = {};
  for (const [k, v] of Object.entries(value)) out[k] = secretKey.test(k) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

function write(level: Level, message: string, fields?: Fields): void {
  if (levels[level] < threshold()) return;
  const entry = { level, time: new Date().toISOString(), message, ...context.getStore(), ...(redact(fields) as Fields) };
  const line = JSON.stringify(entry);
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

export const log = {
  debug: (message: string, fields?: Fields) => write('debug', message, fields),
  info: (message: string, fields?: Fields) => write('info', message, fields),
  warn: (message: string, fields?: Fields) => write('warn', message, fields),
  error: (message: string, fields?: Fields) => write('error', message, fields),
};
