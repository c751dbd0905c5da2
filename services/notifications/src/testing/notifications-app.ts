import { type Community, communityService } from '@porta/community';
import { type Content, contentService } from '@porta/content';
import type { Identity } from '@porta/identity';
import {
  apiClient,
  type CapturingMailer,
  capturingMailer,
  identityTestBed,
  loginAs,
} from '@porta/identity/testing';
import type { App, MemoryBus } from '@porta/service-kit';
import { eq } from 'drizzle-orm';
import type { Notifications } from '../app.js';
import { notifications } from '../db/schema.js';
import { notificationsService } from '../service.js';

export { apiClient, loginAs };

export interface NotificationsTestApp {
  app: App;
  identity: Identity;
  content: Content;
  community: Community;
  notifications: Notifications;
  bus: MemoryBus;
  mailer: CapturingMailer;
  /** The user id of a demo user (owner, tenant, board, manager, neighbour…). */
  userId(key: string): Promise<string>;
  /** Stored notifications of a user, newest first. */
  stored(userId: string): Promise<(typeof notifications.$inferSelect)[]>;
  close(): Promise<void>;
}

/**
 * identity, content, community and notifications on one fresh in-memory PGlite with an in-process bus, as the
 * embedded gateway runs them (no job runner: notice e-mails go out at once to a capturing mailer).
 * Content's and community's events reach the notifications service through the bus as in use.
 */
export async function notificationsTestApp(env: Record<string, string> = {}): Promise<NotificationsTestApp> {
  const bed = await identityTestBed('notifications', env);
  const mailer = capturingMailer();
  const { service: content } = await bed.host(contentService);
  const { service: community } = await bed.host(communityService);
  const { service, config } = await bed.host(notificationsService, { mailer });
  const app = await bed.mount('notifications-test', config, [
    content.plugin,
    community.plugin,
    service.plugin,
  ]);
  const { db } = service.context;
  return {
    app,
    identity: bed.identity,
    content,
    community,
    notifications: service,
    bus: bed.bus,
    mailer,
    userId: bed.userId,
    stored: (userId) =>
      db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id),
    close: () => bed.close(),
  };
}

/** Requests to the app as a demo user. */
export async function clientAs(t: NotificationsTestApp, key: string) {
  return apiClient(t.app, (await loginAs(t.app, key)).accessToken);
}

/** Wait until the bus has delivered and the fan-out has stored (the in-process bus is asynchronous). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}
