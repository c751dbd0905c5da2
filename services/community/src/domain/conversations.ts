import {
  type Area,
  CONVERSATION_DELETABLE_BELOW_MESSAGES,
  type Conversation,
  type ConversationCreatedEvent,
  type ConversationList,
  type ConversationParticipant,
  type ConversationType,
  type ConversationUpdate,
  DEFAULT_LANGUAGE,
  type Language,
  type Message,
  type zConversationCreate,
} from '@porta/contracts';
import {
  AppError,
  type Principal,
  plainText,
  skipLimitPage,
  uuidv7,
  withTransaction,
} from '@porta/service-kit';
import { and, asc, desc, eq, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CommunityContext, CommunityDb } from '../context.js';
import { conversations, messages, participants } from '../db/schema.js';
import { isGlobalModerator } from '../policies.js';
import {
  AREA_FEATURE,
  assertNotBanned,
  NEIGHBOURS_FEATURE,
  rightsOf,
  type Viewer,
  viewerFor,
} from './access.js';
import { type Author, authoredBy, authorOf, storedAuthor } from './author.js';
import { requiredBody, requiredTitle } from './discussions.js';
import { conversationCreated } from './events.js';
import { type DeletedTargets, deleterOf, handleReportsOnDeletion } from './reports.js';

/**
 * Conversations (02 §2 private-messages and area-discussions, §6, §7; ADR 0017 addendum).
 * - Private: between members of one housing company, the writer and the participants they chose
 *   among the members with a public profile (identity's neighbours). Only its participants see it,
 *   members of the company as long as they are; everyone else, admin and the developer's staff
 *   included, gets 404. Nobody moderates: its members are equals. The feature neighbours.
 * - Area: open to the members of every housing company of an area (identity's building-taxonomy
 *   term) and to the developer's staff; started by a moderator of one of the companies (or the
 *   developer's staff), moderated like a public discussion. The feature area-discussion.
 * A conversation starts with its first message. Its writer edits the title and deletes it while it
 * has fewer than 2 messages (02 §6); the area's moderators delete an area discussion any time.
 * Deleted conversations are kept out of sight (soft-deleted).
 */

export type ConversationRow = typeof conversations.$inferSelect;
export type ConversationCreateInput = z.output<typeof zConversationCreate>;

export type MessageRow = typeof messages.$inferSelect;

export function toMessage(row: MessageRow, viewer: Viewer): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    housingCompanyId: row.housingCompanyId,
    body: row.isDeleted ? '' : row.body,
    author: storedAuthor(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    edited: row.editedAt !== null,
    isDeleted: row.isDeleted,
    ...rightsOf(viewer, row.authorId, row.isDeleted),
  };
}

/** In a private conversation nobody moderates or edits another's words. */
function privateViewer(viewer: Viewer): Viewer {
  return { ...viewer, moderator: false, editsAll: false };
}

/** What the viewer may do with a conversation: the title and deleting it (02 §6). */
export function conversationRights(row: ConversationRow, viewer: Viewer) {
  const rights = rightsOf(viewer, row.authorId, false);
  const below = row.messageCount < CONVERSATION_DELETABLE_BELOW_MESSAGES;
  return { ...rights, canDelete: (rights.isOwn && below) || viewer.moderator };
}

/** The label options of a writer in the conversation: the area's name in an area discussion. */
export function labelIn(row: ConversationRow): { area?: string } {
  return row.type === 'area' ? { area: row.areaName ?? '' } : {};
}

export function toConversation(
  row: ConversationRow,
  viewer: Viewer,
  extra: { participants: ConversationParticipant[]; newest: MessageRow | undefined },
): Conversation {
  const newest = extra.newest && toMessage(extra.newest, viewer);
  return {
    id: row.id,
    type: row.type,
    housingCompanyId: row.housingCompanyId,
    area: row.areaId && row.areaName !== null ? { id: row.areaId, name: row.areaName } : null,
    title: row.title,
    author: storedAuthor(row),
    participants: extra.participants,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    edited: row.editedAt !== null,
    lastMessageAt: row.lastMessageAt.toISOString(),
    messageCount: row.messageCount,
    newestMessage: newest
      ? {
          id: newest.id,
          body: newest.body,
          author: newest.author,
          createdAt: newest.createdAt,
          isDeleted: newest.isDeleted,
        }
      : null,
    ...conversationRights(row, viewer),
  };
}

/** The conversations answered to the viewer: private ones with their participants, each with its newest message. */
async function present(db: CommunityDb, rows: ConversationRow[], viewer: Viewer): Promise<Conversation[]> {
  const ids = rows.map((r) => r.id);
  const privateIds = rows.filter((r) => r.type === 'private').map((r) => r.id);
  const [people, newest] = await Promise.all([
    privateIds.length
      ? db.select().from(participants).where(inArray(participants.conversationId, privateIds))
      : Promise.resolve([]),
    ids.length
      ? db
          .selectDistinctOn([messages.conversationId])
          .from(messages)
          .where(inArray(messages.conversationId, ids))
          .orderBy(messages.conversationId, desc(messages.createdAt), desc(messages.id))
      : Promise.resolve([]),
  ]);
  const newestOf = new Map(newest.map((m) => [m.conversationId, m]));
  return rows.map((row) => {
    const members = people
      .filter((m) => m.conversationId === row.id)
      // The writer first, then by first name.
      .sort(
        (a, b) =>
          Number(b.userId === row.authorId) - Number(a.userId === row.authorId) ||
          a.firstName.localeCompare(b.firstName) ||
          a.userId.localeCompare(b.userId),
      )
      .map((m) => ({ id: m.userId, firstName: m.firstName }));
    return toConversation(row, viewer, { participants: members, newest: newestOf.get(row.id) });
  });
}

/** The area of a housing company (identity's), else 404. */
async function areaOf(ctx: CommunityContext, housingCompanyId: string): Promise<Area> {
  const area = (await ctx.identity.areas([housingCompanyId])).get(housingCompanyId);
  if (!area) throw new AppError('COM_HOUSING_COMPANY_NOT_FOUND');
  return area;
}

/** The caller on a housing company's private conversations: members only, neighbours on. */
async function privateViewerFor(
  ctx: CommunityContext,
  p: Principal,
  housingCompanyId: string,
  lang: Language | undefined,
  notFound: 'COM_HOUSING_COMPANY_NOT_FOUND' | 'COM_CONVERSATION_NOT_FOUND' = 'COM_HOUSING_COMPANY_NOT_FOUND',
): Promise<Viewer> {
  const viewer = await viewerFor(ctx, p, housingCompanyId, lang, notFound, {
    feature: NEIGHBOURS_FEATURE,
    membersOnly: true,
  });
  return privateViewer(viewer);
}

export async function listConversations(
  ctx: CommunityContext,
  p: Principal,
  query: {
    housingCompanyId: string;
    type: ConversationType;
    skip: number;
    limit: number;
    lang?: Language | undefined;
  },
): Promise<ConversationList> {
  let viewer: Viewer;
  let where: SQL | undefined;
  if (query.type === 'area') {
    viewer = await viewerFor(ctx, p, query.housingCompanyId, query.lang, 'COM_HOUSING_COMPANY_NOT_FOUND', {
      feature: AREA_FEATURE,
    });
    const area = await areaOf(ctx, viewer.housingCompanyId);
    where = and(eq(conversations.type, 'area'), eq(conversations.areaId, area.id));
  } else {
    viewer = await privateViewerFor(ctx, p, query.housingCompanyId, query.lang);
    const mine = ctx.db
      .select({ id: participants.conversationId })
      .from(participants)
      .where(eq(participants.userId, viewer.userId));
    where = and(
      eq(conversations.type, 'private'),
      eq(conversations.housingCompanyId, viewer.housingCompanyId),
      inArray(conversations.id, mine),
    );
  }
  return skipLimitPage(
    ctx.db,
    conversations,
    {
      where: and(where, isNull(conversations.deletedAt)),
      orderBy: [desc(conversations.lastMessageAt), desc(conversations.id)],
      skip: query.skip,
      limit: query.limit,
    },
    (rows) => present(ctx.db, rows, viewer),
  );
}

/**
 * The caller's housing company in an area discussion's area: the one it was started from when
 * they belong to it, else another of theirs in the area; the developer's staff read every area's
 * from the one it was started from. Null: none.
 */
async function housingCompanyInArea(
  ctx: CommunityContext,
  p: Principal,
  row: ConversationRow,
): Promise<string | null> {
  if (p.belongsTo(row.housingCompanyId)) return row.housingCompanyId;
  for (const [housingCompanyId, area] of await ctx.identity.areas(p.housingCompanyIds())) {
    if (area.id === row.areaId) return housingCompanyId;
  }
  return isGlobalModerator(p) ? row.housingCompanyId : null;
}

/**
 * A conversation the caller may read, with the caller as its viewer: not deleted; a private one
 * only to its participants who are members of its housing company, an area discussion to the
 * members of the area's companies and the developer's staff (else 404); with the feature on.
 */
export async function loadConversation(
  ctx: CommunityContext,
  p: Principal,
  id: string,
  lang: Language | undefined,
): Promise<{ row: ConversationRow; viewer: Viewer }> {
  const [row] = await ctx.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), isNull(conversations.deletedAt)));
  if (!row) throw new AppError('COM_CONVERSATION_NOT_FOUND');
  if (row.type === 'area') {
    const housingCompanyId = await housingCompanyInArea(ctx, p, row);
    if (!housingCompanyId) throw new AppError('COM_CONVERSATION_NOT_FOUND');
    const viewer = await viewerFor(ctx, p, housingCompanyId, lang, 'COM_CONVERSATION_NOT_FOUND', {
      known: true,
      feature: AREA_FEATURE,
    });
    return { row, viewer };
  }
  const [member] = await ctx.db
    .select({ userId: participants.userId })
    .from(participants)
    .where(and(eq(participants.conversationId, row.id), eq(participants.userId, p.userId)));
  if (!member) throw new AppError('COM_CONVERSATION_NOT_FOUND');
  return {
    row,
    viewer: await privateViewerFor(ctx, p, row.housingCompanyId, lang, 'COM_CONVERSATION_NOT_FOUND'),
  };
}

export async function getConversation(
  ctx: CommunityContext,
  p: Principal,
  id: string,
  lang: Language | undefined,
): Promise<Conversation> {
  const { row, viewer } = await loadConversation(ctx, p, id, lang);
  return (await present(ctx.db, [row], viewer))[0]!;
}

/** A title that may be left out (private conversations): plain text, blank as none. */
function optionalTitle(text: string | null | undefined): string | null {
  return plainText(text ?? '') || null;
}

/**
 * Start a conversation with its first message (02 §7 newConversation). The first message is
 * required once sanitised (02 §5); a banned user is refused (403 COM_USER_BANNED) and nothing is
 * stored. The participants hear of it (community.conversation.created.v1).
 */
export async function createConversation(
  ctx: CommunityContext,
  p: Principal,
  input: ConversationCreateInput,
  lang: Language | undefined,
): Promise<Conversation> {
  return input.type === 'area' ? startArea(ctx, p, input, lang) : startPrivate(ctx, p, input, lang);
}

/**
 * A private conversation: the participants must be members of the housing company with a public
 * profile (identity's neighbours; others: 400 COM_PARTICIPANT_INVALID), at least one besides the
 * writer. The title may be left out.
 */
async function startPrivate(
  ctx: CommunityContext,
  p: Principal,
  input: ConversationCreateInput,
  lang: Language | undefined,
): Promise<Conversation> {
  const viewer = await privateViewerFor(ctx, p, input.housingCompanyId, lang);
  const title = optionalTitle(input.title);
  const body = requiredBody(input.body);
  const chosen = [...new Set(input.participantIds)].filter((id) => id !== viewer.userId);
  if (chosen.length === 0) {
    throw new AppError('COM_BODY_REQUIRED', {
      errors: [{ path: 'body.participantIds', message: 'This field is required' }],
    });
  }
  const neighbours = await ctx.identity.neighbours(viewer.housingCompanyId);
  const names = new Map((neighbours?.members ?? []).map((m) => [m.userId, m.firstName]));
  const strangers = chosen.filter((id) => !names.has(id));
  if (strangers.length > 0) {
    throw new AppError('COM_PARTICIPANT_INVALID', {
      errors: [{ path: 'body.participantIds', message: `Not a recipient: ${strangers.join(', ')}` }],
    });
  }
  const [, author] = await Promise.all([
    assertNotBanned(ctx, viewer),
    authorOf(ctx, p, viewer.housingCompanyId),
  ]);
  return start(ctx, viewer, {
    type: 'private',
    title,
    body,
    author,
    area: null,
    participants: [
      { userId: author.id, firstName: author.firstName },
      ...chosen.map((userId) => ({ userId, firstName: names.get(userId)! })),
    ],
    audience: { userIds: chosen },
  });
}

/**
 * An area discussion: started by a moderator of the housing company (or the developer's staff;
 * others: 403 COM_AREA_MODERATORS_ONLY), with a title, in the company's area. The members of the
 * area's housing companies that have area-discussion on hear of it.
 */
async function startArea(
  ctx: CommunityContext,
  p: Principal,
  input: ConversationCreateInput,
  lang: Language | undefined,
): Promise<Conversation> {
  const viewer = await viewerFor(ctx, p, input.housingCompanyId, lang, 'COM_HOUSING_COMPANY_NOT_FOUND', {
    feature: AREA_FEATURE,
  });
  if (!viewer.moderator) throw new AppError('COM_AREA_MODERATORS_ONLY');
  if (input.participantIds.length > 0) {
    throw new AppError('COM_PARTICIPANT_INVALID', {
      errors: [{ path: 'body.participantIds', message: 'An area discussion is open to the whole area' }],
    });
  }
  const title = requiredTitle(input.title ?? '');
  const body = requiredBody(input.body);
  const area = await areaOf(ctx, viewer.housingCompanyId);
  const [, author, housingCompanyIds] = await Promise.all([
    assertNotBanned(ctx, viewer),
    authorOf(ctx, p, viewer.housingCompanyId, { area: area.name }),
    areaAudience(ctx, area.id, lang ?? DEFAULT_LANGUAGE),
  ]);
  return start(ctx, viewer, {
    type: 'area',
    title,
    body,
    author,
    area,
    participants: [{ userId: author.id, firstName: author.firstName }],
    audience: { housingCompanyIds, roles: [] },
  });
}

/** The housing companies of the area that have area discussions on. */
async function areaAudience(ctx: CommunityContext, areaId: string, language: Language): Promise<string[]> {
  const ids = await ctx.identity.housingCompaniesOf(areaId);
  const on = await Promise.all(
    ids.map(async (id) => (await ctx.features.features(id, language)).has(AREA_FEATURE)),
  );
  return ids.filter((_, i) => on[i]);
}

/** Store a conversation, its first message and its participants, and announce it. */
async function start(
  ctx: CommunityContext,
  viewer: Viewer,
  c: {
    type: ConversationType;
    title: string | null;
    body: string;
    author: Author;
    area: Area | null;
    participants: { userId: string; firstName: string }[];
    audience: ConversationCreatedEvent['audience'];
  },
): Promise<Conversation> {
  const row = await withTransaction(ctx.db, async (tx) => {
    const now = new Date();
    const [created] = await tx
      .insert(conversations)
      .values({
        id: uuidv7(),
        type: c.type,
        housingCompanyId: viewer.housingCompanyId,
        areaId: c.area?.id ?? null,
        areaName: c.area?.name ?? null,
        title: c.title,
        ...authoredBy(c.author),
        messageCount: 1,
        lastMessageAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(messages).values({
      id: uuidv7(),
      conversationId: created!.id,
      housingCompanyId: viewer.housingCompanyId,
      body: c.body,
      ...authoredBy(c.author),
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .insert(participants)
      .values(c.participants.map((m) => ({ ...m, conversationId: created!.id, createdAt: now })));
    await conversationCreated(tx, { ...created!, audience: c.audience });
    return created!;
  });
  ctx.kickEvents();
  return (await present(ctx.db, [row], viewer))[0]!;
}

/**
 * Edit a conversation's title (02 §7 PUT /editConversation): its writer (not while banned), or
 * admin in an area discussion. A private conversation's title may be emptied; an area
 * discussion's is required.
 */
export async function updateConversation(
  ctx: CommunityContext,
  p: Principal,
  id: string,
  input: ConversationUpdate,
  lang: Language | undefined,
): Promise<Conversation> {
  const { row, viewer } = await loadConversation(ctx, p, id, lang);
  if (!conversationRights(row, viewer).canEdit) throw new AppError('COM_NOT_EDITABLE');
  const title = row.type === 'area' ? requiredTitle(input.title ?? '') : optionalTitle(input.title);
  await assertNotBanned(ctx, viewer);
  const now = new Date();
  const [updated] = await ctx.db
    .update(conversations)
    .set({ title, updatedAt: now, editedAt: now })
    .where(and(eq(conversations.id, row.id), isNull(conversations.deletedAt)))
    .returning();
  if (!updated) throw new AppError('COM_CONVERSATION_NOT_FOUND');
  return (await present(ctx.db, [updated], viewer))[0]!;
}

/**
 * Delete a conversation (02 §6, §7 DELETE /deleteConversation; soft): its writer while it has
 * fewer than 2 messages (later: 409 COM_CONVERSATION_HAS_REPLIES), the area's moderators any
 * area discussion; others 403 COM_NOT_DELETABLE. It leaves the lists and answers 404.
 */
export async function deleteConversation(
  ctx: CommunityContext,
  p: Principal,
  id: string,
  lang: Language | undefined,
): Promise<void> {
  const { row, viewer } = await loadConversation(ctx, p, id, lang);
  const rights = conversationRights(row, viewer);
  if (!rights.canDelete) {
    throw new AppError(rights.isOwn ? 'COM_CONVERSATION_HAS_REPLIES' : 'COM_NOT_DELETABLE');
  }
  // The open violation reports on its messages become handled with it.
  const messageIdsOf = async (db: CommunityDb) =>
    (await db.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, row.id))).map(
      (m) => m.id,
    );
  const reportedOf = (ids: string[]): DeletedTargets[] => [{ type: 'message', ids, housingCompanyId: null }];
  const deleter = await deleterOf(ctx, p, reportedOf(await messageIdsOf(ctx.db)));
  await withTransaction(ctx.db, async (tx) => {
    const [deleted] = await tx
      .update(conversations)
      .set({ deletedAt: new Date(), deletedBy: viewer.userId })
      .where(
        and(
          eq(conversations.id, row.id),
          isNull(conversations.deletedAt),
          // A reply written meanwhile keeps it (unless a moderator deletes it).
          viewer.moderator
            ? undefined
            : lt(conversations.messageCount, CONVERSATION_DELETABLE_BELOW_MESSAGES),
        ),
      )
      .returning({ id: conversations.id });
    if (!deleted) throw new AppError('COM_CONVERSATION_HAS_REPLIES');
    await handleReportsOnDeletion(tx, p, reportedOf(await messageIdsOf(tx)), deleter);
  });
}

/** The participants of a conversation but one (who hear of a new message). */
export async function participantsBut(tx: CommunityDb, conversationId: string, userId: string) {
  const rows = await tx
    .select({ userId: participants.userId })
    .from(participants)
    .where(eq(participants.conversationId, conversationId))
    .orderBy(asc(participants.userId));
  return rows.map((r) => r.userId).filter((id) => id !== userId);
}
