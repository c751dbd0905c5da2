/**
 * The notifications service as its own process on PostgreSQL and NATS, under a test run's bus
 * names, for the integration test that kills it in the middle of a fan-out. Run with
 * `node --import tsx notifications-process.ts`; configured by the environment (DATABASE_URL,
 * NATS_URL, IT_NS, FAN_OUT_PAGE_SIZE, FAN_OUT_ACK_WAIT_SECONDS, AUDIENCE_DELAY_MS). Prints
 * "ready" when it consumes.
 */
import { type Bus, loadConfig, openDatabase, silentLogger } from '@porta/service-kit';
import { natsBus } from '@porta/service-kit/testing';
import { createNotifications } from '../app.js';
import { zNotificationsConfig } from '../config.js';

const config = loadConfig(zNotificationsConfig, { ...process.env, LOG_LEVEL: 'silent' });
const database = await openDatabase({ url: config.DATABASE_URL, poolSize: 5 });
const inner = await natsBus(process.env.IT_NS ?? 'x', 'notifications-process');
const delayMs = Number(process.env.AUDIENCE_DELAY_MS ?? 0);
// Each audience page takes a while longer, so that the test can kill the process mid-way.
const bus: Bus = Object.assign(Object.create(inner) as Bus, {
  request: async <T>(subject: string, data: unknown, options?: { timeoutMs?: number }) => {
    await new Promise((r) => setTimeout(r, delayMs));
    return inner.request<T>(subject, data, options);
  },
});
const notifications = createNotifications({ database, config, logger: silentLogger, bus });
await notifications.migrate();
await notifications.start();
process.stdout.write('ready\n');

process.once('SIGTERM', () => {
  void (async () => {
    await notifications.stop();
    await inner.close();
    await database.close();
    process.exit(0);
  })();
});
