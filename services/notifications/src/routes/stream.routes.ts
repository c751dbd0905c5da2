import { type App, principalOf } from '@porta/service-kit';
import { z } from 'zod';
import type { NotificationsContext } from '../context.js';
import { unreadCount } from '../domain/inbox.js';
import { NOTIFICATION_POLICIES } from '../policies.js';

/**
 * The live stream of the bell (Server-Sent Events): first the unread count, then every new
 * notification of the caller (`event: notification`) and changes of the count made elsewhere
 * (`event: unread`), with a comment line as a heartbeat. The stream ends after
 * LIVE_STREAM_MAX_SECONDS; the browser reconnects with its current token (a revoked session is
 * not served again), reading the count anew, so nothing missed while away stays missed.
 */
export async function streamRoutes(app: App, ctx: NotificationsContext) {
  app.addHook('preClose', async () => ctx.live.endAll());
  app.get(
    '/stream',
    {
      schema: {
        summary: 'Live notifications of the caller (text/event-stream)',
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('Server-Sent Events: notification, unread') },
      },
      config: { policy: NOTIFICATION_POLICIES.stream },
    },
    async (request, reply) => {
      const { userId } = principalOf(request);
      const count = await unreadCount(ctx.db, userId);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies must pass each event on at once.
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      const write = (event: string, data: unknown) => {
        if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      // Reconnect after 3 s when the connection drops.
      res.write('retry: 3000\n\n');
      write('unread', { unreadCount: count });
      const heartbeat = setInterval(() => {
        if (!res.writableEnded) res.write(': ping\n\n');
      }, ctx.config.LIVE_HEARTBEAT_SECONDS * 1000);
      const end = () => {
        clearInterval(heartbeat);
        clearTimeout(maxAge);
        detach();
        if (!res.writableEnded) res.end();
      };
      // The service stops: reconnect in a second (to another instance), not after the usual 3 s.
      const endForShutdown = () => {
        if (!res.writableEnded) res.write('retry: 1000\n\n');
        end();
      };
      const maxAge = setTimeout(end, ctx.config.LIVE_STREAM_MAX_SECONDS * 1000);
      // Ended by the browser leaving, the maximum age, or the service stopping (LiveHub.stop).
      const detach = ctx.live.attach(userId, { send: write, end: endForShutdown });
      request.raw.on('close', end);
    },
  );
}
