import {
  NOTIFICATION_SETTING_KEYS,
  type NotificationSettingKey,
  type NotificationSettings,
} from '@porta/contracts';
import { eq, sql } from 'drizzle-orm';
import type { NotificationsDb } from '../context.js';
import { settings } from '../db/schema.js';

/** A user's settings as 01 §3 lists them: the nine keys in order, each with its flag. */
export async function readSettings(db: NotificationsDb, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.userId, userId));
  const off = new Set(row?.disabledKeys ?? []);
  return {
    settings: NOTIFICATION_SETTING_KEYS.map((key) => ({ key, active: !off.has(key) })),
    emailNotificationsDisabled: row?.emailDisabled ?? false,
    pushNotificationsDisabled: row?.pushDisabled ?? false,
  };
}

/** Store settings; keys left out keep their state. Answers the stored settings. */
export async function writeSettings(
  db: NotificationsDb,
  userId: string,
  update: NotificationSettings,
): Promise<NotificationSettings> {
  const current = await readSettings(db, userId);
  const active = new Map<NotificationSettingKey, boolean>(current.settings.map((s) => [s.key, s.active]));
  for (const s of update.settings) active.set(s.key, s.active);
  const disabledKeys = NOTIFICATION_SETTING_KEYS.filter((key) => active.get(key) === false);
  const values = {
    userId,
    disabledKeys,
    emailDisabled: update.emailNotificationsDisabled,
    pushDisabled: update.pushNotificationsDisabled,
    updatedAt: sql`now()`,
  };
  await db.insert(settings).values(values).onConflictDoUpdate({ target: settings.userId, set: values });
  return readSettings(db, userId);
}
