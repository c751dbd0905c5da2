import {
  type AudienceRequest,
  type AudienceResponse,
  type EmailOptOutsResponse,
  IDENTITY_AUDIENCE_RPC,
  NOTIFICATION_SETTING_KEYS,
  NOTIFICATIONS_EMAIL_OPT_OUTS_RPC,
  type NotificationSettingKey,
  type NotificationSettings,
  zEmailOptOutsRequest,
} from '@porta/contracts';
import { AppError, type Principal, type Subscription, userManagementScope } from '@porta/service-kit';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { NotificationsContext, NotificationsDb } from '../context.js';
import { settings } from '../db/schema.js';

/**
 * Refuse (404 NTF_USER_NOT_FOUND) a user whose settings the caller does not manage: for a global
 * user manager one identity does not know (registered or not), for a housing company's user
 * manager one without a role in force in their companies. identity is asked; nothing is stored
 * for a user it does not name.
 */
export async function assertManagesSettingsOf(
  ctx: NotificationsContext,
  p: Principal,
  userId: string,
): Promise<void> {
  const scope = userManagementScope(p);
  if (!scope.all && scope.housingCompanyIds.length === 0) throw new AppError('NTF_USER_NOT_FOUND');
  const request: AudienceRequest = scope.all
    ? { userIds: [userId], includeInactive: true }
    : {
        housingCompanyIds: scope.housingCompanyIds,
        roles: [],
        afterUserId: null,
        limit: 1,
        onlyUserIds: [userId],
        includeInactive: true,
      };
  const answer = await ctx.bus.request<AudienceResponse>(IDENTITY_AUDIENCE_RPC, request);
  if (!answer.members.some((m) => m.userId === userId)) throw new AppError('NTF_USER_NOT_FOUND');
}

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

/** Answer which of the users asked about turned e-mail off (NOTIFICATIONS_EMAIL_OPT_OUTS_RPC). */
export async function answerEmailOptOuts(ctx: NotificationsContext): Promise<Subscription> {
  return ctx.bus.reply(NOTIFICATIONS_EMAIL_OPT_OUTS_RPC, async (data): Promise<EmailOptOutsResponse> => {
    const { userIds } = zEmailOptOutsRequest.parse(data);
    if (userIds.length === 0) return { userIds: [] };
    const rows = await ctx.db
      .select({ userId: settings.userId })
      .from(settings)
      .where(and(inArray(settings.userId, userIds), eq(settings.emailDisabled, true)));
    return { userIds: rows.map((r) => r.userId) };
  });
}
