/**
 * The logged form of an error, without the data a failed statement carries. drizzle's
 * DrizzleQueryError writes the statement's parameters into its message ("Failed query: …\nparams:
 * …") and keeps them as `params`; PGlite's errors keep them as `params` and `queryOptions`; and
 * PostgreSQL quotes values in its own words: the `detail` of a constraint ("Key (email)=(…) already
 * exists", "Failing row contains (…)"), its `where` and `internalQuery`, and the message of a
 * value it cannot take (class 22: `invalid input syntax for type uuid: "…"`). Those go; the
 * statement's text stays, as it names tables and columns, not values.
 *
 * Otherwise the shape is pino's own (`type`, `message` and `stack` with the causes', the other
 * fields), so that log queries keep working.
 */

/** Fields that carry a statement's values, on any error of the chain. */
const PARAMETER_FIELDS = new Set(['params', 'parameters', 'queryOptions']);
/** Fields of a PostgreSQL error that quote values. */
const DATABASE_VALUE_FIELDS = new Set(['detail', 'where', 'internalQuery']);
/** How many causes are followed. */
const MAX_CAUSES = 8;

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';
}

/** An error PostgreSQL (or PGlite) raised: a SQLSTATE code and a severity. */
function isDatabaseError(error: ErrorLike): boolean {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error;
}

function typeOf(error: ErrorLike): string {
  return typeof error.constructor === 'function' && error.constructor.name
    ? error.constructor.name
    : String(error.name);
}

/** The error's own message without the values it quotes. */
function cleanMessage(error: ErrorLike): string {
  let message = error.message;
  // drizzle: "Failed query: <statement>\nparams: <values>"
  const params = message.indexOf('\nparams:');
  if (params >= 0) message = message.slice(0, params);
  // PostgreSQL's data exceptions quote the value they could not take.
  if (isDatabaseError(error) && String(error.code).startsWith('22')) {
    message = message.replace(/"(?:[^"\\]|\\.)*"/g, '"[redacted]"');
  }
  return message;
}

/** The stack with its first lines (the name and the message as thrown) replaced by the clean ones. */
function cleanStack(error: ErrorLike, message: string): string {
  const stack = typeof error.stack === 'string' ? error.stack : '';
  // V8 starts the stack with "name: message" as thrown (values included); the frames follow.
  const head = `${String(error.name)}: ${error.message}`;
  const frames = stack.startsWith(head) ? head.length : stack.search(/\n\s+at /);
  return `${typeOf(error)}: ${message}${frames >= 0 ? stack.slice(frames) : ''}`;
}

/**
 * An error in one line for a store (the dead letters' last error): its name and its own message,
 * without the values of a failed statement.
 */
export function errorText(error: unknown): string {
  return isErrorLike(error) ? `${String(error.name)}: ${cleanMessage(error)}` : String(error);
}

function causeOf(error: ErrorLike): ErrorLike | undefined {
  return isErrorLike(error.cause) ? error.cause : undefined;
}

/**
 * pino's `err` serializer without the statement's values (see above). Anything that is not an
 * error is logged as it is.
 */
export function serializeError(value: unknown, seen: Set<unknown> = new Set()): unknown {
  if (!isErrorLike(value)) return value;
  seen.add(value);
  const chain: ErrorLike[] = [value];
  for (let cause = causeOf(value); cause && chain.length <= MAX_CAUSES; cause = causeOf(cause)) {
    if (chain.includes(cause)) break;
    chain.push(cause);
  }
  const messages = chain.map(cleanMessage);
  const serialized: Record<string, unknown> = {
    type: typeOf(value),
    message: messages.join(': '),
    stack: chain.map((error, i) => cleanStack(error, messages[i] ?? '')).join('\ncaused by: '),
  };
  const database = isDatabaseError(value);
  for (const key in value) {
    if (key === 'cause' || key in serialized || PARAMETER_FIELDS.has(key)) continue;
    if (database && DATABASE_VALUE_FIELDS.has(key)) continue;
    const field = value[key];
    if (field instanceof Error) {
      if (!seen.has(field)) serialized[key] = serializeError(field, seen);
    } else if (key === 'errors' && Array.isArray(field) && field.some((inner) => inner instanceof Error)) {
      serialized.aggregateErrors = field.map((inner) => serializeError(inner, seen));
    } else {
      serialized[key] = field;
    }
  }
  // Fields of the causes that tell what failed (the SQLSTATE code, the constraint), never values.
  const causes = chain.slice(1).map((cause) => {
    const fields: Record<string, unknown> = { type: typeOf(cause) };
    const causeIsDatabase = isDatabaseError(cause);
    for (const key in cause) {
      const field = cause[key];
      if (key === 'cause' || PARAMETER_FIELDS.has(key) || field instanceof Error) continue;
      if (causeIsDatabase && DATABASE_VALUE_FIELDS.has(key)) continue;
      fields[key] = field;
    }
    return fields;
  });
  if (causes.length > 0) serialized.causes = causes;
  return serialized;
}
