import type { Notification } from '@porta/contracts';
import type { Bus, Logger, Subscription } from '@porta/service-kit';

/** The broadcast subject every instance listens to (not kept: a missed update is read on reconnect). */
export const LIVE_SUBJECT = 'live.notifications';

type LiveMessage =
  | { kind: 'notifications'; items: { userId: string; notification: Notification }[] }
  | { kind: 'unread'; userId: string; unreadCount: number };

/** One open stream: writes Server-Sent Events to a browser. */
export interface LiveClient {
  send(event: 'notification' | 'unread', data: unknown): void;
  /** Close the stream because the service is stopping: the browser is told to come back at once. */
  end(): void;
}

/**
 * The open live streams of this process, by user. Whatever instance stores a notification
 * broadcasts it; every instance passes it to the streams it holds, so a browser hears of it
 * whichever gateway and instance its stream goes through.
 */
export class LiveHub {
  private readonly clients = new Map<string, Set<LiveClient>>();
  private subscription: Subscription | null = null;

  constructor(
    private readonly bus: Bus,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.subscription ??= await this.bus.listen<LiveMessage>(LIVE_SUBJECT, (message) =>
      this.deliver(message),
    );
  }

  /** Stop listening and close every open stream (they reconnect to another instance). */
  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
    this.endAll();
  }

  /** Close every open stream (before the server closes: open streams would hold it open). */
  endAll(): void {
    for (const set of [...this.clients.values()]) for (const client of [...set]) client.end();
    this.clients.clear();
  }

  /** Streams open in this process (for readiness and tests). */
  get size(): number {
    let n = 0;
    for (const set of this.clients.values()) n += set.size;
    return n;
  }

  attach(userId: string, client: LiveClient): () => void {
    const set = this.clients.get(userId) ?? new Set();
    set.add(client);
    this.clients.set(userId, set);
    return () => {
      set.delete(client);
      if (set.size === 0) this.clients.delete(userId);
    };
  }

  /** Tell every instance of new notifications (a page of a fan-out). */
  async notify(items: { userId: string; notification: Notification }[]): Promise<void> {
    if (items.length === 0) return;
    await this.send({ kind: 'notifications', items });
  }

  /** Tell the user's other streams the unread count changed (read in another tab). */
  async unread(userId: string, unreadCount: number): Promise<void> {
    await this.send({ kind: 'unread', userId, unreadCount });
  }

  private async send(message: LiveMessage): Promise<void> {
    try {
      await this.bus.broadcast(LIVE_SUBJECT, message);
    } catch (err) {
      // Live updates are best effort: the inbox has the notification; the bell reads it on reload.
      this.logger.warn({ err }, 'live update not sent');
    }
  }

  private deliver(message: LiveMessage): void {
    if (message.kind === 'unread') {
      for (const client of this.clients.get(message.userId) ?? []) {
        client.send('unread', { unreadCount: message.unreadCount });
      }
      return;
    }
    for (const { userId, notification } of message.items) {
      for (const client of this.clients.get(userId) ?? []) client.send('notification', notification);
    }
  }
}
