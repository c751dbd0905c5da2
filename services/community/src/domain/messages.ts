import type { Language, Message, MessageCreate, MessageList, MessageUpdate } from '@porta/contracts';
import { AppError, type Principal, skipLimitPage, uuidv7, withTransaction } from '@porta/service-kit';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CommunityContext } from '../context.js';
import { conversations, messages, participants } from '../db/schema.js';
import { assertNotBanned, rightsOf, type Viewer } from './access.js';
import { authoredBy, authorOf } from './author.js';
import { labelIn, loadConversation, type MessageRow, participantsBut, toMessage } from './conversations.js';
import { requiredBody } from './discussions.js';
import { messageCreated } from './events.js';
import { type DeletedTargets, deleterOf, handleReportsOnDeletion } from './reports.js';

/**
 * Messages of a conversation (02 §7 newMessage, getConversationMessages, PUT and DELETE /message),
 * oldest first. Writers edit and delete their own; in an area discussion admin edits any and the
 * area's moderators delete any. A deleted message keeps its place: isDeleted, an empty body.
 */

export async function listMessages(
  ctx: CommunityContext,
  p: Principal,
  conversationId: string,
  query: { skip: number; limit: number; lang?: Language | undefined },
): Promise<MessageList> {
  const { row: conversation, viewer } = await loadConversation(ctx, p, conversationId, query.lang);
  return skipLimitPage(
    ctx.db,
    messages,
    {
      where: eq(messages.conversationId, conversation.id),
      orderBy: [asc(messages.createdAt), asc(messages.id)],
      skip: query.skip,
      limit: query.limit,
    },
    (rows) => rows.map((row) => toMessage(row, viewer)),
  );
}

/**
 * Write a message in a conversation. The body is required once sanitised (02 §5); a banned user
 * is refused (403 COM_USER_BANNED) and nothing is stored. The conversation moves to the top of
 * the lists; in an area discussion the writer joins those who hear of its messages; the others
 * hear of it (community.message.created.v1).
 */
export async function createMessage(
  ctx: CommunityContext,
  p: Principal,
  conversationId: string,
  input: MessageCreate,
  lang: Language | undefined,
): Promise<Message> {
  const { row: conversation, viewer } = await loadConversation(ctx, p, conversationId, lang);
  const body = requiredBody(input.body);
  const [, author, readersIn] = await Promise.all([
    assertNotBanned(ctx, viewer),
    authorOf(ctx, p, viewer.housingCompanyId, labelIn(conversation)),
    // Those told of an area discussion's message must still live in the area.
    conversation.type === 'area' && conversation.areaId
      ? ctx.identity.housingCompaniesOf(conversation.areaId)
      : undefined,
  ]);
  const row = await withTransaction(ctx.db, async (tx) => {
    const now = new Date();
    const [created] = await tx
      .insert(messages)
      .values({
        id: uuidv7(),
        conversationId: conversation.id,
        housingCompanyId: viewer.housingCompanyId,
        body,
        ...authoredBy(author),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .update(conversations)
      .set({ messageCount: sql`${conversations.messageCount} + 1`, lastMessageAt: now })
      .where(eq(conversations.id, conversation.id));
    await tx
      .insert(participants)
      .values({ conversationId: conversation.id, userId: author.id, firstName: author.firstName })
      .onConflictDoNothing();
    await messageCreated(tx, {
      id: created!.id,
      conversation,
      housingCompanyId: viewer.housingCompanyId,
      authorId: author.id,
      authorFirstName: author.firstName,
      participantIds: await participantsBut(tx, conversation.id, author.id),
      readersIn,
      createdAt: now,
    });
    return created!;
  });
  ctx.kickEvents();
  return toMessage(row, viewer);
}

/** A message the caller may read, with its conversation's viewer, else 404. */
export async function loadMessage(
  ctx: CommunityContext,
  p: Principal,
  id: string,
  lang: Language | undefined,
): Promise<{ row: MessageRow; viewer: Viewer }> {
  const [row] = await ctx.db.select().from(messages).where(eq(messages.id, id));
  if (!row) throw new AppError('COM_MESSAGE_NOT_FOUND');
  try {
    const { viewer } = await loadConversation(ctx, p, row.conversationId, lang);
    return { row, viewer };
  } catch (error) {
    if (error instanceof AppError && error.code === 'COM_CONVERSATION_NOT_FOUND') {
      throw new AppError('COM_MESSAGE_NOT_FOUND');
    }
    throw error;
  }
}

/** Edit a message (02 §7 PUT /message): its writer (not while banned); not once deleted. */
export async function updateMessage(
  ctx: CommunityContext,
  p: Principal,
  id: string,
  input: MessageUpdate,
  lang: Language | undefined,
): Promise<Message> {
  const { row, viewer } = await loadMessage(ctx, p, id, lang);
  if (row.isDeleted) throw new AppError('COM_MESSAGE_DELETED');
  if (!rightsOf(viewer, row.authorId, false).canEdit) throw new AppError('COM_NOT_EDITABLE');
  const body = requiredBody(input.body);
  await assertNotBanned(ctx, viewer);
  const now = new Date();
  const [updated] = await ctx.db
    .update(messages)
    .set({ body, updatedAt: now, editedAt: now })
    .where(and(eq(messages.id, row.id), eq(messages.isDeleted, false)))
    .returning();
  if (!updated) throw new AppError('COM_MESSAGE_DELETED');
  return toMessage(updated, viewer);
}

/**
 * Delete a message (02 §7 DELETE /message): its writer, or in an area discussion a moderator. It
 * keeps its place with an empty body; the conversation's message count stays.
 */
export async function deleteMessage(
  ctx: CommunityContext,
  p: Principal,
  id: string,
  lang: Language | undefined,
): Promise<Message> {
  const { row, viewer } = await loadMessage(ctx, p, id, lang);
  if (row.isDeleted) throw new AppError('COM_MESSAGE_DELETED');
  if (!rightsOf(viewer, row.authorId, false).canDelete) throw new AppError('COM_NOT_DELETABLE');
  // Its open violation reports become handled with it.
  const reported: DeletedTargets[] = [{ type: 'message', ids: [row.id], housingCompanyId: null }];
  const deleter = await deleterOf(ctx, p, reported);
  const deleted = await withTransaction(ctx.db, async (tx) => {
    const now = new Date();
    const [changed] = await tx
      .update(messages)
      .set({ isDeleted: true, body: '', updatedAt: now, deletedAt: now, deletedBy: viewer.userId })
      .where(and(eq(messages.id, row.id), eq(messages.isDeleted, false)))
      .returning();
    if (!changed) throw new AppError('COM_MESSAGE_DELETED');
    await handleReportsOnDeletion(tx, p, reported, deleter);
    return changed;
  });
  return toMessage(deleted, viewer);
}
