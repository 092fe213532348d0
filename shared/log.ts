// Structured JSON logs, one line per entry, carrying the context of the invocation being served:
// the Lambda fields under the keys Powertools' logger uses (cold_start, function_name,
// function_memory_size, function_arn, function_request_id, xray_trace_id, service), so operators'
// Logs Insights queries work unchanged, and the request id and application id of the request.
// Values under secret-looking keys, and the personal data the service handles (phones, CPFs), are
// never written, at any depth, neither under their own keys nor inside text (a message, a provider's
// error answer); a value that cannot be serialised (a cycle, a BigInt) never throws.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from 'aws-lambda';
import { config, logLevel, xrayTraceHeader } from '#shared/config';

type Fields = Record<string, unknown>;
type Level = 'debug' | 'info' | 'warn' | 'error';

const levels: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
// Read on every write so tests and operators can change it without reloading the module.
const threshold = () => levels[logLevel()?.toLowerCase() as Level] ?? levels.info;
const secretKey = /secret|password|senha|token|authorization|api-?key|signature|cookie|private|telefone|phone|cpf/i;
const MAX_DEPTH = 8;

/** Not inside a longer token (a UUID's last group, a word, a decimal, a date), on either side. */
const before = String.raw`(?<![\w+.-])`;
const after = String.raw`(?![\w-]|[.:]\d)`;
/**
 * Phones and CPFs as they appear in text: international with any spacing (`+55 11 98765-4321`,
 * `whatsapp:+5511987654321`), national (`(11) 98765-4321`), a CPF as written (`529.982.247-25`), and any
 * bare run of 10 to 15 digits (`5511987654321`, `52998224725`; an epoch time in text goes with them).
 * Dotted addresses (`192.168.10.200`), dates, UUIDs and shorter numbers are left alone.
 */
const personalNumber = new RegExp(
  [
    String.raw`\+\d(?:[ ()-]{0,2}\d){9,14}`,
    String.raw`\d{3}\.\d{3}\.\d{3}-\d{2}`,
    String.raw`\(?\d{2}\)? ?9?\d{4}-?\d{4}`,
    String.raw`\d{10,15}`,
  ]
    .map((pattern) => `${before}(?:${pattern})${after}`)
    .join('|'),
  'g',
);

/** The text with every phone and CPF in it replaced by `[redacted]`. */
export const redactText = (text: string): string => text.replace(personalNumber, '[redacted]');

const context = new AsyncLocalStorage<Fields>();

/** Marks the fields of a new invocation: their context replaces whatever the caller's async context held. */
const invocation: unique symbol = Symbol('invocation');

export interface LambdaLogFields {
  readonly [invocation]: true;
  cold_start: boolean;
  function_name: string | undefined;
  function_memory_size: string | number | undefined;
  function_arn: string | undefined;
  function_request_id: string | undefined;
  xray_trace_id: string | undefined;
  service: string;
}

/**
 * Runs `fn` with fields (requestId, aplicacaoId, ...) attached to every log line written inside it.
 * Inside another context the fields are added to it (a queue record's id to its invocation's
 * fields); fields from lambdaLogFields() start afresh, as a new invocation does (locally, a
 * consumer may be invoked from inside the request that queued its message).
 */
export const withLogContext = <T>(fields: Fields | (Fields & LambdaLogFields), fn: () => T): T =>
  context.run(invocation in fields ? { ...fields } : { ...context.getStore(), ...fields }, fn);

/** Adds fields to the current request's log context (for example once the principal is known). */
export const addLogContext = (fields: Fields): void => {
  Object.assign(context.getStore() ?? {}, fields);
};

// Functions already invoked in this process (one in Lambda; several under `npm start`).
const invoked = new Set<string>();

/** The X-Ray trace id (its Root) of the current invocation, as Powertools finds it. */
function xrayTraceId(): string | undefined {
  // Lambda's runtime keeps it per invocation here when one environment serves concurrent invocations.
  const fromRuntime = (
    globalThis as { awslambda?: { InvokeStore?: { getXRayTraceId?: () => string | undefined } } }
  ).awslambda?.InvokeStore?.getXRayTraceId?.();
  const header = fromRuntime ?? xrayTraceHeader();
  if (!header) return undefined;
  if (!header.includes('=')) return header;
  return /(?:^|;)Root=([^;]*)/.exec(header)?.[1];
}

/**
 * The Lambda fields of the log lines of one invocation; call it once per invocation, at the entry
 * (it counts the cold start). The first invocation of a function in its execution environment is the
 * cold start, unless Lambda initialised the environment ahead (provisioned concurrency, SnapStart),
 * as Powertools counts it.
 */
export function lambdaLogFields(
  lambda?: Partial<Pick<Context, 'functionName' | 'memoryLimitInMB' | 'invokedFunctionArn' | 'awsRequestId'>>,
): LambdaLogFields {
  const { functionName, lambdaMemoryMb, initializationType, serviceName } = config();
  const name = lambda?.functionName ?? functionName;
  const key = name ?? '';
  const first = !invoked.has(key);
  invoked.add(key);
  return {
    [invocation]: true,
    cold_start: first && initializationType !== 'provisioned-concurrency' && initializationType !== 'snap-start',
    function_name: name,
    function_memory_size: lambda?.memoryLimitInMB ?? lambdaMemoryMb,
    function_arn: lambda?.invokedFunctionArn,
    function_request_id: lambda?.awsRequestId,
    xray_trace_id: xrayTraceId(),
    service: serviceName,
  };
}

/**
 * A Lambda entry whose every log line carries the invocation's Lambda fields (lambdaLogFields)
 * and, for an API Gateway event (an authorizer's), its request id as `requestId`, the key the
 * endpoint groups' lines carry it under. The HTTP kit does the same for the endpoint groups.
 */
export function withLambdaLog<E, R>(handler: (event: E, lambda: Context) => R | Promise<R>): (event: E, lambda?: Context) => Promise<R> {
  return (event, lambda) => {
    const requestId = (event as { requestContext?: { requestId?: unknown } } | undefined)?.requestContext?.requestId;
    const fields = { ...lambdaLogFields(lambda), ...(typeof requestId === 'string' ? { requestId } : {}) };
    return withLogContext(fields, async () => handler(event, lambda as Context));
  };
}

/**
 * A copy safe to serialise: secret and personal keys redacted at any depth, phones and CPFs inside text
 * too, cycles and BigInts made plain, deep nesting cut.
 */
export function redact(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[truncated]';
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (value instanceof Error) {
    return { name: value.name, message: redactText(value.message), stack: value.stack === undefined ? undefined : redactText(value.stack) };
  }
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1, seen));
  const out: Fields = {};
  for (const [k, v] of Object.entries(value)) out[k] = secretKey.test(k) ? '[redacted]' : redact(v, depth + 1, seen);
  return out;
}

function serialise(entry: Fields): string {
  try {
    return JSON.stringify(entry);
  } catch (error) {
    // A toJSON that throws, a getter that throws: the line is still written, without its fields.
    const { level, time, message } = entry;
    return JSON.stringify({ level, time, message, logError: String((error as Error)?.message ?? error) });
  }
}

function write(level: Level, message: string, fields?: Fields): void {
  if (levels[level] < threshold()) return;
  const entry = {
    level,
    time: new Date().toISOString(),
    message: redactText(message),
    ...context.getStore(),
    ...(redact(fields) as Fields),
  };
  const line = serialise(entry);
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

export const log = {
  debug: (message: string, fields?: Fields) => write('debug', message, fields),
  info: (message: string, fields?: Fields) => write('info', message, fields),
  warn: (message: string, fields?: Fields) => write('warn', message, fields),
  error: (message: string, fields?: Fields) => write('error', message, fields),
};
