import {
  type AudienceMember,
  type AudienceResponse,
  IDENTITY_AUDIENCE_RPC,
  type Language,
  languageOfLocale,
  NOTIFICATION_TYPES,
  type NotificationType,
  type Role,
} from '@porta/contracts';
import { uuidv7, withTransaction } from '@porta/service-kit';
import { and, eq, inArray } from 'drizzle-orm';
import type { NotificationsContext } from '../context.js';
import { mailQueue, notifications, type QueuedMail, settings } from '../db/schema.js';
import { toNotification } from './inbox.js';
import { queuedMailsOf, sendQueuedMails } from './mail.js';

/** Something to tell a set of users, as an event describes it. */
export interface Notice {
  /** Once per user: the event's message id. */
  sourceKey: string;
  type: NotificationType;
  /** The title per language; a user gets theirs, else the default language's, else any. */
  titles: Partial<Record<Language, string>>;
  defaultLanguage: Language;
  /** A path in the resident app. */
  url: string;
  /**
   * Per user, the path their e-mail links to instead of url: one that is theirs alone (a service
   * request's manage link, a credential). The stored notification keeps url.
   */
  urlsByUser?: Record<string, string>;
  audience: /** Members of the companies in one of the roles (none: any); only on these apartments when given. */
    | { housingCompanyIds: string[]; roles: Role[]; apartmentIds?: string[] }
    /**
     * Named users, e.g. the author of the comment replied to (not the replier). With readers, only
     * those who may still read these housing companies (a role in force in one) or hold one of the
     * global roles: who has moved out is told no more (identity's readersOf).
     */
    | {
        userIds: string[];
        housingCompanyId: string | null;
        readers?: { housingCompanyIds: string[]; globalRoles: Role[] };
      };
  apartmentId?: string | null;
  /** Not told, though in the audience (the author of what is told of). */
  excludeUserIds?: string[];
}

export function titleFor(notice: Pick<Notice, 'titles' | 'defaultLanguage'>, language: Language): string {
  return (
    notice.titles[language] ??
    notice.titles[notice.defaultLanguage] ??
    Object.values(notice.titles).find((t) => !!t) ??
    ''
  );
}

export interface FanOutResult {
  /** Users asked from identity. */
  members: number;
  /** Notifications stored now (not before, not switched off). */
  stored: number;
}

/**
 * Store a notification for every user of the notice's audience whose settings let it through,
 * a page of identity's audience at a time; tell the open browsers and send the e-mails of what was
 * stored. A notification a user already has for this source is not stored again, so a fan-out
 * that is repeated (the event redelivered after a crash) completes what is missing and nothing
 * more.
 */
export async function fanOut(ctx: NotificationsContext, notice: Notice): Promise<FanOutResult> {
  const result: FanOutResult = { members: 0, stored: 0 };
  const { audience } = notice;
  if ('userIds' in audience) {
    if (audience.userIds.length === 0) return result;
    const answer = await ctx.bus.request<AudienceResponse>(IDENTITY_AUDIENCE_RPC, {
      userIds: audience.userIds,
      ...(audience.readers ? { readersOf: audience.readers } : {}),
    });
    const members = answer.members.map((m) => ({
      ...m,
      housingCompanyId: audience.housingCompanyId ?? m.housingCompanyId,
    }));
    await storePage(ctx, notice, members, result);
    return result;
  }
  if (audience.housingCompanyIds.length === 0) return result;
  const page = (afterUserId: string | null) =>
    ctx.bus.request<AudienceResponse>(
      IDENTITY_AUDIENCE_RPC,
      {
        housingCompanyIds: audience.housingCompanyIds,
        roles: audience.roles,
        ...(audience.apartmentIds?.length ? { apartmentIds: audience.apartmentIds } : {}),
        afterUserId,
        limit: ctx.config.FAN_OUT_PAGE_SIZE,
      },
      { timeoutMs: 15_000 },
    );
  // The next page is asked for while the current one is stored, and up to FAN_OUT_CONCURRENCY
  // pages are stored at once (each its own transaction-free insert: the unique key keeps a user's
  // notification single whatever the order).
  const storing = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  let next: Promise<AudienceResponse> | null = page(null);
  try {
    while (next && !failure) {
      const answer: AudienceResponse = await next;
      next = answer.nextAfterUserId ? page(answer.nextAfterUserId) : null;
      // A failed store leaves the prefetch unawaited: keep its rejection from going unhandled.
      next?.catch(() => undefined);
      const store: Promise<void> = storePage(ctx, notice, answer.members, result)
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => storing.delete(store));
      storing.add(store);
      if (storing.size >= ctx.config.FAN_OUT_CONCURRENCY) await Promise.race(storing);
    }
  } finally {
    await Promise.all(storing);
  }
  if (failure) throw (failure as { error: unknown }).error;
  return result;
}

async function storePage(
  ctx: NotificationsContext,
  notice: Notice,
  members: AudienceMember[],
  result: FanOutResult,
): Promise<void> {
  result.members += members.length;
  if (members.length === 0) return;
  const key = NOTIFICATION_TYPES[notice.type];
  const userIds = members.map((m) => m.userId);
  const prefs = new Map(
    (
      await ctx.db
        .select({
          userId: settings.userId,
          disabledKeys: settings.disabledKeys,
          emailDisabled: settings.emailDisabled,
        })
        .from(settings)
        .where(inArray(settings.userId, userIds))
    ).map((p) => [p.userId, p]),
  );
  const excluded = new Set(notice.excludeUserIds ?? []);
  const wanted = members.filter(
    (m) => !excluded.has(m.userId) && (!key || !prefs.get(m.userId)?.disabledKeys.includes(key)),
  );
  if (wanted.length === 0) return;
  const byUser = new Map(wanted.map((m) => [m.userId, m]));
  // The notifications and their e-mails in one transaction: what is stored has its e-mail queued.
  const rows = await withTransaction(ctx.db, async (tx) => {
    const stored = await tx
      .insert(notifications)
      .values(
        wanted.map((m) => ({
          id: uuidv7(),
          userId: m.userId,
          sourceKey: notice.sourceKey,
          type: notice.type,
          title: titleFor(notice, languageOfLocale(m.locale)),
          targetUrl: notice.url,
          housingCompanyId: m.housingCompanyId,
          apartmentId: notice.apartmentId ?? null,
        })),
      )
      .onConflictDoNothing({ target: [notifications.userId, notifications.sourceKey] })
      .returning();
    const mails = stored.flatMap((row) => {
      const member = byUser.get(row.userId);
      if (!member || prefs.get(row.userId)?.emailDisabled) return [];
      const mail: QueuedMail = {
        email: member.email,
        firstName: member.firstName,
        language: languageOfLocale(member.locale),
        title: row.title,
        type: notice.type,
        url: notice.urlsByUser?.[row.userId] ?? row.targetUrl,
      };
      return [{ notificationId: row.id, mail }];
    });
    if (mails.length > 0) await tx.insert(mailQueue).values(mails);
    return stored;
  });
  result.stored += rows.length;
  // The bell first: it never waits for the e-mails.
  await ctx.live.notify(rows.map((row) => ({ userId: row.userId, notification: toNotification(row) })));
  // The page's e-mails still queued: those stored now, and, when the page was stored before (the
  // event redelivered after a crash), those of the earlier try that no job may be sending.
  const queued =
    rows.length === wanted.length
      ? rows.map((row) => row.id)
      : await queuedMailsOf(
          ctx,
          notice.sourceKey,
          wanted.map((m) => m.userId),
        );
  await sendQueuedMails(ctx, `${notice.sourceKey}:${wanted[0]!.userId}:${rows.length}`, queued);
}

/** The stored notification of a source for a user (tests and the e-mail job). */
export async function notificationOf(ctx: NotificationsContext, userId: string, sourceKey: string) {
  const [row] = await ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.sourceKey, sourceKey)));
  return row ?? null;
}
