// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EventStreamParser,
  LIVE_IDLE_TIMEOUT_MS,
  type LiveStream,
  type ServerSentEvent,
  startLiveStream,
} from './live-stream';

describe('event stream parser', () => {
  const EVENTS =
    'retry: 3000\n\nevent: unread\ndata: {"unreadCount":2}\n\n: ping\n\n' +
    'event: notification\ndata: {"id":"a",\ndata: "title":"Sauna"}\nid: 7\n\ndata: plain\n\n';
  const EXPECTED: ServerSentEvent[] = [
    { type: 'unread', data: '{"unreadCount":2}', id: null },
    { type: 'notification', data: '{"id":"a",\n"title":"Sauna"}', id: '7' },
    { type: 'message', data: 'plain', id: '7' },
  ];

  it('reads events, multi-line data, ids and retry, and passes over comments', () => {
    const parser = new EventStreamParser();
    expect(parser.push(EVENTS)).toEqual(EXPECTED);
    expect(parser.retryMs).toBe(3000);
  });

  it('gives the same events however the text is cut into pieces', () => {
    for (const size of [1, 2, 3, 5, 7, 13]) {
      const parser = new EventStreamParser();
      const events: ServerSentEvent[] = [];
      for (let i = 0; i < EVENTS.length; i += size) events.push(...parser.push(EVENTS.slice(i, i + size)));
      expect(events, `pieces of ${size}`).toEqual(EXPECTED);
    }
  });

  it('takes CRLF and CR line ends, also with a CRLF cut between two pieces', () => {
    const parser = new EventStreamParser();
    expect(parser.push('event: unread\r')).toEqual([]);
    expect(parser.push('\ndata: {"unreadCount":1}\r')).toEqual([]);
    expect(parser.push('\n\r')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ type: 'unread', data: '{"unreadCount":1}', id: null }]);
    // A CR last in a piece could still become a CRLF: the blank line counts once the next piece comes.
    expect(parser.push('data: a\rdata: b\r\r')).toEqual([]);
    expect(parser.push(': ping\n')).toEqual([{ type: 'message', data: 'a\nb', id: null }]);
  });

  it('dispatches nothing for a block without data, and keeps an unfinished event for the next piece', () => {
    const parser = new EventStreamParser();
    expect(parser.push('event: unread\n\nretry: soon\n\n')).toEqual([]);
    expect(parser.retryMs).toBeNull();
    expect(parser.push('event: unread\ndata: {"unreadCount":4}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ type: 'unread', data: '{"unreadCount":4}', id: null }]);
  });
});

/** A response body the test writes to, in pieces, and ends or watches being cancelled. */
function streamBody() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return {
    response: () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    cancelled: () => state.cancelled,
  };
}

type Reply = Response | Error | (() => Response);

/** fetch answering the stream requests one after another from `replies` (the last one repeats). */
function streamServer(replies: Reply[]) {
  const requests: { authorization: string | null; accept: string | null; at: number }[] = [];
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    requests.push({
      authorization: headers.get('authorization'),
      accept: headers.get('accept'),
      at: Date.now(),
    });
    const reply = replies[Math.min(requests.length - 1, replies.length - 1)]!;
    if (reply instanceof Error) throw reply;
    return typeof reply === 'function' ? reply() : reply;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetch: fetchMock };
}

const T0 = new Date('2026-03-01T10:00:00Z').getTime();
let live: LiveStream | null = null;

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});

afterEach(() => {
  live?.stop();
  live = null;
});

/** Let pending promises (fetch, stream reads) run without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

function start(overrides: Partial<Parameters<typeof startLiveStream>[0]> = {}) {
  const events: ServerSentEvent[] = [];
  const opened: number[] = [];
  const token = vi.fn(async () => 'token-1' as string | null);
  const refreshToken = vi.fn(async () => 'token-2' as string | null);
  live = startLiveStream({
    url: '/api/notifications/stream',
    token,
    refreshToken,
    onEvent: (event) => events.push(event),
    onOpen: (n) => opened.push(n),
    random: () => 0,
    ...overrides,
  });
  return { events, opened, token, refreshToken };
}

describe('live stream connection', () => {
  it('reads events cut across chunks with the bearer token', async () => {
    const stream = streamBody();
    const server = streamServer([stream.response()]);
    const { events, opened } = start();
    await settle();
    expect(server.requests).toEqual([
      { authorization: 'Bearer token-1', accept: 'text/event-stream', at: T0 },
    ]);
    stream.send('retry: 3000\n\nevent: unr');
    stream.send('ead\ndata: {"unreadCount"');
    await settle();
    expect(events).toEqual([]);
    stream.send(':3}\n\n: ping\n\nevent: notification\ndata: {"id":"n1"}\n');
    await settle();
    expect(events).toEqual([{ type: 'unread', data: '{"unreadCount":3}', id: null }]);
    stream.send('\n');
    await settle();
    expect(events.map((e) => e.type)).toEqual(['unread', 'notification']);
    expect(opened).toEqual([1]);
  });

  it('reconnects when the stream ends, after the retry time the server asked for', async () => {
    const first = streamBody();
    const second = streamBody();
    const server = streamServer([first.response(), second.response()]);
    const { events, opened } = start();
    await settle();
    first.send('retry: 5000\n\nevent: unread\ndata: {"unreadCount":1}\n\n');
    first.end();
    await settle();
    await vi.advanceTimersByTimeAsync(4999);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(2);
    second.send('event: unread\ndata: {"unreadCount":0}\n\n');
    await settle();
    expect(events.map((e) => e.data)).toEqual(['{"unreadCount":1}', '{"unreadCount":0}']);
    expect(opened).toEqual([1, 2]);
  });

  it('backs off on repeated failures up to 30 s, and starts over after a stream that works', async () => {
    const working = streamBody();
    const lost = new TypeError('fetch failed');
    const server = streamServer([
      lost,
      new Response('', { status: 503 }),
      lost,
      lost,
      lost,
      lost,
      () => working.response(),
      lost,
    ]);
    start();
    await settle();
    const waits: number[] = [];
    for (let attempt = 2; attempt <= 7; attempt++) {
      const before = Date.now();
      while (server.requests.length < attempt) await vi.advanceTimersByTimeAsync(500);
      waits.push(Math.round((Date.now() - before) / 500) * 500);
    }
    expect(waits).toEqual([3000, 6000, 12_000, 24_000, 30_000, 30_000]);
    // The seventh connection works; when it ends the next failure waits the first step again.
    working.send('event: unread\ndata: {"unreadCount":0}\n\n');
    working.end();
    await settle();
    await vi.advanceTimersByTimeAsync(3000);
    expect(server.requests).toHaveLength(8);
    await vi.advanceTimersByTimeAsync(2999);
    expect(server.requests).toHaveLength(8);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(9);
  });

  it('counts a stream that closes before its first event as a failure', async () => {
    const server = streamServer([() => new Response('', { status: 200 })]);
    start();
    await settle();
    await vi.advanceTimersByTimeAsync(3000);
    expect(server.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5999);
    expect(server.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(3);
  });

  it('refreshes a refused token once and reconnects at once with the fresh one', async () => {
    const stream = streamBody();
    const server = streamServer([new Response('', { status: 401 }), stream.response()]);
    const { refreshToken } = start();
    await settle();
    await settle();
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(server.requests.map((r) => r.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(server.requests[1]!.at).toBe(T0);
  });

  it('asks for the current token on every connection (a refreshed one is used from then on)', async () => {
    const first = streamBody();
    const second = streamBody();
    const server = streamServer([first.response(), second.response()]);
    let current = 'token-1';
    start({ token: async () => current });
    await settle();
    first.send('event: unread\ndata: {"unreadCount":0}\n\n');
    current = 'token-after-refresh';
    first.end();
    await settle();
    await vi.advanceTimersByTimeAsync(3000);
    expect(server.requests.map((r) => r.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-after-refresh',
    ]);
  });

  it('stops when signed out: no token, or a refresh that ends the session', async () => {
    const none = streamServer([new Response('', { status: 401 })]);
    start({ token: async () => null });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(none.requests).toHaveLength(0);
    live?.stop();

    const refused = streamServer([new Response('', { status: 401 })]);
    const refreshToken = vi.fn(async () => null);
    start({ refreshToken });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refused.requests).toHaveLength(1);
    expect(refreshToken).toHaveBeenCalledTimes(1);
  });

  it('closes the open stream on stop and does not come back', async () => {
    const stream = streamBody();
    const server = streamServer([stream.response()]);
    start();
    await settle();
    stream.send('event: unread\ndata: {"unreadCount":0}\n\n');
    await settle();
    live?.stop();
    await settle();
    expect(stream.cancelled()).toBe(true);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.requests).toHaveLength(1);
  });

  it('gives up on a stream that stays silent and opens a new one', async () => {
    const silent = streamBody();
    const next = streamBody();
    const server = streamServer([silent.response(), next.response()]);
    start();
    await settle();
    silent.send('event: unread\ndata: {"unreadCount":0}\n\n');
    await settle();
    await vi.advanceTimersByTimeAsync(LIVE_IDLE_TIMEOUT_MS - 1);
    expect(silent.cancelled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(silent.cancelled()).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(server.requests).toHaveLength(2);
  });
});
