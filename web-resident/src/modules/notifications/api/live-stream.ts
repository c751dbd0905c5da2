/**
 * Reading a Server-Sent Events stream with `fetch`, because EventSource cannot send the bearer
 * token: an incremental parser of the event-stream format (WHATWG HTML, "Server-sent events"), and
 * a connection loop that reconnects when the stream ends or fails.
 */

/** One dispatched event: its type (`message` when the server named none), data and last id. */
export interface ServerSentEvent {
  type: string;
  data: string;
  id: string | null;
}

/**
 * Turns the text of an event stream, in pieces of any size, into events. Lines end with LF, CR or
 * CRLF (a CR at the end of a piece waits for the next one, which may start with its LF); a blank
 * line dispatches the event gathered so far; lines starting with a colon are comments (heartbeats);
 * `retry:` with digits only sets the reconnection time.
 */
export class EventStreamParser {
  private buffer = '';
  private type = '';
  private data: string[] = [];
  private lastId: string | null = null;
  /** The reconnection time the server asked for (`retry:`), in milliseconds, if it did. */
  retryMs: number | null = null;

  /** Feed the next piece of text; answers the events it completed. */
  push(text: string): ServerSentEvent[] {
    this.buffer += text;
    const events: ServerSentEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const char = this.buffer[i];
      if (char !== '\n' && char !== '\r') continue;
      // A CR last in the buffer may be the first half of a CRLF split between two pieces.
      if (char === '\r' && i === this.buffer.length - 1) break;
      const line = this.buffer.slice(start, i);
      if (char === '\r' && this.buffer[i + 1] === '\n') i += 1;
      start = i + 1;
      const event = this.line(line);
      if (event) events.push(event);
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  private line(line: string): ServerSentEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.type = value;
        break;
      case 'data':
        this.data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retryMs = Number(value);
        break;
      default:
        // Unknown fields are ignored.
        break;
    }
    return null;
  }

  private dispatch(): ServerSentEvent | null {
    const type = this.type || 'message';
    const data = this.data;
    this.type = '';
    this.data = [];
    return data.length === 0 ? null : { type, data: data.join('\n'), id: this.lastId };
  }
}

/** Reconnect this long after a stream ended, unless the server said otherwise (`retry:`). */
export const LIVE_RETRY_DEFAULT_MS = 3000;
/** Repeated failures double the wait, up to this. */
export const LIVE_RETRY_MAX_MS = 30_000;
/**
 * A stream that stays silent this long (three missed heartbeats of 25 s) is taken for dead (a
 * sleeping laptop, a proxy that dropped it) and opened again.
 */
export const LIVE_IDLE_TIMEOUT_MS = 75_000;
/** Waits are stretched by up to this share at random, so that clients do not return all at once. */
const JITTER = 0.2;

export interface LiveStreamOptions {
  url: string;
  /** The access token to connect with; null means signed out: the loop stops. */
  token(): Promise<string | null>;
  /** The token was refused (401): a fresh one after a refresh, or null when the session is over. */
  refreshToken(): Promise<string | null>;
  /** Every event, in order. */
  onEvent(event: ServerSentEvent): void;
  /** A stream delivered its first event: 1 for the first stream, 2 and on after reconnecting. */
  onOpen?(connection: number): void;
  /** 0 ≤ n < 1, for spreading the waits (tests pass a constant). */
  random?: () => number;
}

export interface LiveStream {
  /** Close the stream and reconnect no more. */
  stop(): void;
}

interface Connection {
  controller: AbortController;
  reader: ReadableStreamDefaultReader<Uint8Array> | null;
  received: boolean;
}

type Outcome = 'ended' | 'failed' | 'unauthorized' | 'signedOut';

/**
 * Keep a Server-Sent Events stream open with the bearer token: read it with `fetch` and a stream
 * reader; when it ends (the server closes streams after a while, or on shutdown) connect again after
 * the server's `retry` time; when it fails (no connection, an error answer, a stream that ends
 * before its first event, silence beyond LIVE_IDLE_TIMEOUT_MS) wait twice as long each time, up to
 * LIVE_RETRY_MAX_MS. A 401 gets one immediate retry with a refreshed token. Every connection asks
 * for the current token, so a refreshed one is used from the next connection on. Without a token
 * (signed out) the loop stops.
 */
export function startLiveStream(options: LiveStreamOptions): LiveStream {
  const random = options.random ?? Math.random;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Connection | null = null;
  let retryMs = LIVE_RETRY_DEFAULT_MS;
  let failures = 0;
  let refusals = 0;
  let opened = 0;
  let refreshNext = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, ms);
  };

  const spread = (ms: number) => Math.min(LIVE_RETRY_MAX_MS, Math.round(ms * (1 + JITTER * random())));

  async function read(connection: Connection, body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader();
    connection.reader = reader;
    const parser = new EventStreamParser();
    const decoder = new TextDecoder();
    let idle: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        connection.controller.abort();
        reader.cancel().catch(() => {});
      }, LIVE_IDLE_TIMEOUT_MS);
    };
    watch();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done || stopped) return;
        watch();
        for (const event of parser.push(decoder.decode(value, { stream: true }))) {
          if (stopped) return;
          if (!connection.received) {
            connection.received = true;
            failures = 0;
            refusals = 0;
            opened += 1;
            options.onOpen?.(opened);
          }
          try {
            options.onEvent(event);
          } catch {
            // A listener's trouble does not end the stream.
          }
        }
        if (parser.retryMs !== null) retryMs = parser.retryMs;
      }
    } finally {
      clearTimeout(idle);
    }
  }

  async function attempt(): Promise<Outcome> {
    let token: string | null;
    try {
      token = refreshNext ? await options.refreshToken() : await options.token();
    } catch {
      return 'failed';
    }
    refreshNext = false;
    if (!token) return 'signedOut';
    if (stopped) return 'ended';
    const connection: Connection = { controller: new AbortController(), reader: null, received: false };
    current = connection;
    try {
      const response = await fetch(options.url, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
        cache: 'no-store',
        signal: connection.controller.signal,
      });
      if (response.status === 401) return 'unauthorized';
      if (!response.ok || !response.body) return 'failed';
      if (stopped) {
        response.body.cancel().catch(() => {});
        return 'ended';
      }
      await read(connection, response.body);
    } catch {
      // Lost connection, aborted, or the idle watch gave up on it.
    } finally {
      if (current === connection) current = null;
    }
    // A stream that closes before saying anything counts as a failure, so that a server refusing
    // streams is not asked again every few seconds.
    return connection.received ? 'ended' : 'failed';
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    const outcome = await attempt();
    if (stopped) return;
    switch (outcome) {
      case 'signedOut':
        halt();
        return;
      case 'unauthorized':
        refusals += 1;
        if (refusals === 1) {
          refreshNext = true;
          schedule(0);
          return;
        }
        // Refused even with a fresh token: wait like any other failure.
        failures += 1;
        schedule(spread(retryMs * 2 ** (failures - 1)));
        return;
      case 'failed':
        failures += 1;
        schedule(spread(retryMs * 2 ** (failures - 1)));
        return;
      case 'ended':
        schedule(spread(retryMs));
        return;
    }
  }

  // Back online: no need to sit out the rest of a long wait.
  const onOnline = () => {
    if (!stopped && timer !== undefined) schedule(0);
  };
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);

  function halt() {
    stopped = true;
    clearTimeout(timer);
    timer = undefined;
    if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
    if (current) {
      current.controller.abort();
      current.reader?.cancel().catch(() => {});
      current = null;
    }
  }

  void connect();

  return { stop: halt };
}
