/** Why a request/reply call failed. */
export type BusRequestFailure = 'TIMEOUT' | 'NO_RESPONDERS' | 'REMOTE' | 'CLOSED' | 'DISCONNECTED';

/**
 * A failed request: no answer in time, nobody listening, the broker out of reach (refused at once,
 * not after the timeout), or the responder threw (then
 * `remoteCode` carries the responder's error code when it had one, e.g. an AppError code).
 */
export class BusRequestError extends Error {
  constructor(
    readonly failure: BusRequestFailure,
    readonly subject: string,
    message: string,
    readonly remoteCode?: string,
  ) {
    super(message);
    this.name = 'BusRequestError';
  }
}

/**
 * Whether an answer may have been too large for one message: the responder said its reply could
 * not be sent (the NATS bus, above the server's max_payload), or no answer came in time (a broker
 * that drops it silently). A caller asking for a page then asks for fewer items.
 */
export function answerMayBeTooLarge(error: unknown): error is BusRequestError {
  return (
    error instanceof BusRequestError &&
    (error.failure === 'TIMEOUT' || (error.failure === 'REMOTE' && error.remoteCode === 'REPLY_NOT_SENT'))
  );
}

/** The envelope a responder answers with, so that a thrown error reaches the requester. */
export type ReplyEnvelope =
  | { ok: true; data: unknown }
  | { ok: false; error: { message: string; code?: string } };

export function errorEnvelope(err: unknown): ReplyEnvelope {
  const message = err instanceof Error ? err.message : String(err);
  const code =
    typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string'
      ? (err as { code: string }).code
      : undefined;
  return code ? { ok: false, error: { message, code } } : { ok: false, error: { message } };
}

export function openEnvelope<T>(subject: string, envelope: unknown): T {
  if (typeof envelope !== 'object' || envelope === null || !('ok' in envelope)) {
    throw new BusRequestError('REMOTE', subject, `malformed reply on ${subject}`);
  }
  const e = envelope as ReplyEnvelope;
  if (e.ok) return e.data as T;
  throw new BusRequestError('REMOTE', subject, e.error.message, e.error.code);
}
