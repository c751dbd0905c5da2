/**
 * Subject rules shared by both bus adapters, so that what works in-process also works on NATS.
 *
 * Events: `<service>.<entity>.<verb>.v1`, all captured by the one JetStream stream
 * `PORTA_EVENTS` (subjects `*.*.*.v1`). A subscription filter is such a subject where any of the
 * first three tokens may be `*`. Request/reply subjects start with `rpc.` and must not match the
 * stream's subjects, or JetStream would store the request and answer it with its acknowledgement:
 * `rpc.<service>.<name>.<verb>.v1` (five tokens).
 */
export const EVENT_STREAM = 'PORTA_EVENTS';
export const EVENT_STREAM_SUBJECTS = ['*.*.*.v1'];

const TOKEN = /^[A-Za-z0-9_-]+$/;

export class InvalidSubjectError extends Error {
  constructor(
    readonly subject: string,
    reason: string,
  ) {
    super(`Invalid subject "${subject}": ${reason}`);
    this.name = 'InvalidSubjectError';
  }
}

/** An event subject one publishes to: four literal tokens, the last `v1`. */
export function assertEventSubject(subject: string): void {
  const tokens = subject.split('.');
  if (tokens.length !== 4 || tokens[3] !== 'v1') {
    throw new InvalidSubjectError(subject, 'expected <service>.<entity>.<verb>.v1');
  }
  if (!tokens.every((t) => TOKEN.test(t))) {
    throw new InvalidSubjectError(subject, 'tokens may hold letters, digits, "-" and "_" only');
  }
}

/** A subscription filter: an event subject whose first three tokens may be `*`. */
export function assertEventFilter(filter: string): void {
  const tokens = filter.split('.');
  if (tokens.length !== 4 || tokens[3] !== 'v1') {
    throw new InvalidSubjectError(filter, 'expected <service>.<entity>.<verb>.v1 with optional * tokens');
  }
  if (!tokens.every((t) => t === '*' || TOKEN.test(t))) {
    throw new InvalidSubjectError(filter, 'tokens may hold letters, digits, "-", "_" or be "*"');
  }
}

/** A request/reply subject: `rpc.` followed by literal tokens, outside the event stream's subjects. */
export function assertRpcSubject(subject: string): void {
  const tokens = subject.split('.');
  if (tokens.length < 2 || tokens[0] !== 'rpc') {
    throw new InvalidSubjectError(subject, 'request/reply subjects start with "rpc."');
  }
  if (!tokens.every((t) => TOKEN.test(t))) {
    throw new InvalidSubjectError(subject, 'tokens may hold letters, digits, "-" and "_" only');
  }
  if (EVENT_STREAM_SUBJECTS.some((filter) => subjectMatches(filter, subject))) {
    throw new InvalidSubjectError(
      subject,
      `the event stream captures it (${EVENT_STREAM_SUBJECTS.join(', ')}): use rpc.<service>.<name>.<verb>.v1`,
    );
  }
}

/**
 * A broadcast subject: `live.` followed by literal tokens. Broadcasts reach every listener of every
 * process at most once and are not kept (no stream captures them): for live updates whose loss a
 * client recovers from by reading again.
 */
export function assertLiveSubject(subject: string): void {
  const tokens = subject.split('.');
  if (tokens.length < 2 || tokens[0] !== 'live' || !tokens.every((t) => TOKEN.test(t))) {
    throw new InvalidSubjectError(subject, 'broadcast subjects are live.<literal tokens>');
  }
  if (EVENT_STREAM_SUBJECTS.some((filter) => subjectMatches(filter, subject))) {
    throw new InvalidSubjectError(
      subject,
      `the event stream captures it (${EVENT_STREAM_SUBJECTS.join(', ')})`,
    );
  }
}

/** NATS subject matching: `*` matches one token, a final `>` one or more. */
export function subjectMatches(filter: string, subject: string): boolean {
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i++) {
    const token = f[i];
    if (token === '>') return s.length > i;
    if (i >= s.length) return false;
    if (token !== '*' && token !== s[i]) return false;
  }
  return f.length === s.length;
}

/** The backoff before redelivering a message whose handler threw: base·2^(n-1), capped. */
export function redeliveryDelayMs(deliveryCount: number, baseMs: number, maxMs = 60_000): number {
  return Math.min(baseMs * 2 ** Math.max(0, deliveryCount - 1), maxMs);
}

/**
 * A handler still running keeps its message past the ack wait (JetStream's in-progress
 * acknowledgement, sent a few times per ack wait), so that a long fan-out is not handed to another
 * instance while the message of a killed process comes back within one short ack wait. Past this
 * time a handler is taken as hung and its message delivered again.
 */
export const MAX_HANDLER_MS = 60 * 60_000;
