import type {
  Comment,
  CommentCreate,
  CommentImage,
  CommentList,
  CommentUpdate,
  Conversation,
  ConversationCreate,
  ConversationList,
  ConversationType,
  ConversationUpdate,
  Discussion,
  DiscussionCreate,
  DiscussionList,
  DiscussionUpdate,
  Language,
  LikesSummary,
  Message,
  MessageCreate,
  MessageList,
  MessageUpdate,
  NeighbourList,
  RecipientList,
  ReferenceType,
  ReportCreate,
  SubscriptionState,
  zComment,
  zCommentImage,
  zCommentList,
  zConversation,
  zConversationList,
  zDiscussion,
  zDiscussionList,
  zLikesSummary,
  zMessage,
  zMessageList,
  zNeighbourList,
  zRecipientList,
  zReportCreated,
  zSubscriptionState,
} from '@porta/contracts';
import type { SessionClient } from '@porta/web-kit';
import { answer } from '@porta/web-kit';
import { authorizedFetch, queryString } from '../../../shared/utils/http';

export const COMMUNITY_BASE = '/api/community';
const segment = encodeURIComponent;

export interface PageParams {
  skip: number;
  limit: number;
}

/**
 * The community service as the resident app uses it (02 §7, through the gateway): public
 * discussions of a housing company, their comments and replies, likes, subscriptions, comment
 * images, private conversations and area discussions with their messages, the neighbour list and
 * violation reports. `lang` is the language the feature decision is asked in. Every
 * answer is checked against its contract.
 */
export interface CommunityApi {
  /** GET /discussions: newest activity first, skip/limit (25 a page). */
  listDiscussions(
    params: PageParams & { housingCompanyId: string; lang?: Language },
  ): Promise<DiscussionList>;
  getDiscussion(id: string, lang?: Language): Promise<Discussion>;
  createDiscussion(input: DiscussionCreate, lang?: Language): Promise<Discussion>;
  updateDiscussion(id: string, input: DiscussionUpdate, lang?: Language): Promise<Discussion>;
  deleteDiscussion(id: string, lang?: Language): Promise<void>;
  /** POST /discussions/:id/likes: a toggle; the likes after it. */
  toggleDiscussionLike(id: string, lang?: Language): Promise<LikesSummary>;
  /** POST /discussions/:id/subscription: a toggle; the state after it. */
  toggleSubscription(id: string, lang?: Language): Promise<SubscriptionState>;
  /** GET /discussions/:id/comments: top-level comments, or the replies to parentId, oldest first. */
  listComments(
    discussionId: string,
    params: PageParams & { parentId?: string | null; lang?: Language },
  ): Promise<CommentList>;
  createComment(discussionId: string, input: CommentCreate, lang?: Language): Promise<Comment>;
  /**
   * GET /references/:type/:id/comments: a reference's (a news article's) top-level comments in the
   * housing company, or the replies to parentId, oldest first.
   */
  listReferenceComments(
    type: ReferenceType,
    id: string,
    params: PageParams & { housingCompanyId: string; parentId?: string | null; lang?: Language },
  ): Promise<CommentList>;
  createReferenceComment(
    type: ReferenceType,
    id: string,
    housingCompanyId: string,
    input: CommentCreate,
    lang?: Language,
  ): Promise<Comment>;
  updateComment(id: string, input: CommentUpdate, lang?: Language): Promise<Comment>;
  /** DELETE /comments/:id: the comment as it is now (deleted, keeping its place). */
  deleteComment(id: string, lang?: Language): Promise<Comment>;
  toggleCommentLike(id: string, lang?: Language): Promise<LikesSummary>;
  /** POST /images (multipart field "file"): an image to put on the next comment. */
  uploadImage(housingCompanyId: string, file: File, lang?: Language): Promise<CommentImage>;
  /** An image of a comment (served to members only, so fetched with the bearer token). */
  fetchImage(url: string): Promise<Blob>;
  /** POST /reports: a violation report (01 §7 reportViolation). */
  report(input: ReportCreate): Promise<{ id: string }>;
  /** GET /conversations: the caller's private conversations or the area's discussions, newest first. */
  listConversations(
    params: PageParams & { housingCompanyId: string; type: ConversationType; lang?: Language },
  ): Promise<ConversationList>;
  getConversation(id: string, lang?: Language): Promise<Conversation>;
  /** POST /conversations: a conversation with its first message. */
  createConversation(input: ConversationCreate, lang?: Language): Promise<Conversation>;
  updateConversation(id: string, input: ConversationUpdate, lang?: Language): Promise<Conversation>;
  deleteConversation(id: string, lang?: Language): Promise<void>;
  /** GET /conversations/:id/messages: oldest first. */
  listMessages(conversationId: string, params: PageParams & { lang?: Language }): Promise<MessageList>;
  createMessage(conversationId: string, input: MessageCreate, lang?: Language): Promise<Message>;
  updateMessage(id: string, input: MessageUpdate, lang?: Language): Promise<Message>;
  /** DELETE /messages/:id: the message as it is now (deleted, keeping its place). */
  deleteMessage(id: string, lang?: Language): Promise<Message>;
  /** GET /conversations/recipients: whom the caller may message, by first name. */
  listRecipients(housingCompanyId: string, lang?: Language): Promise<RecipientList>;
  /** GET /neighbours: the apartments with their residents who have a public profile. */
  listNeighbours(housingCompanyId: string, lang?: Language): Promise<NeighbourList>;
}

export function createCommunityApi(session: SessionClient): CommunityApi {
  const call = (method: string, path: string, body?: unknown) =>
    session.request(method, `${COMMUNITY_BASE}${path}`, body);
  const lq = (lang?: Language) => queryString({ lang });

  return {
    async listDiscussions({ housingCompanyId, skip, limit, lang }) {
      const query = queryString({ housingCompanyId, skip, limit, lang });
      return answer<typeof zDiscussionList>(await call('GET', `/discussions${query}`));
    },
    async getDiscussion(id, lang) {
      return answer<typeof zDiscussion>(await call('GET', `/discussions/${segment(id)}${lq(lang)}`));
    },
    async createDiscussion(input, lang) {
      return answer<typeof zDiscussion>(await call('POST', `/discussions${lq(lang)}`, input));
    },
    async updateDiscussion(id, input, lang) {
      return answer<typeof zDiscussion>(await call('PUT', `/discussions/${segment(id)}${lq(lang)}`, input));
    },
    async deleteDiscussion(id, lang) {
      await call('DELETE', `/discussions/${segment(id)}${lq(lang)}`);
    },
    async toggleDiscussionLike(id, lang) {
      return answer<typeof zLikesSummary>(await call('POST', `/discussions/${segment(id)}/likes${lq(lang)}`));
    },
    async toggleSubscription(id, lang) {
      return answer<typeof zSubscriptionState>(
        await call('POST', `/discussions/${segment(id)}/subscription${lq(lang)}`),
      );
    },
    async listComments(discussionId, { parentId, skip, limit, lang }) {
      const query = queryString({ parentId, skip, limit, lang });
      return answer<typeof zCommentList>(
        await call('GET', `/discussions/${segment(discussionId)}/comments${query}`),
      );
    },
    async createComment(discussionId, input, lang) {
      return answer<typeof zComment>(
        await call('POST', `/discussions/${segment(discussionId)}/comments${lq(lang)}`, input),
      );
    },
    async listReferenceComments(type, id, { housingCompanyId, parentId, skip, limit, lang }) {
      const query = queryString({ housingCompanyId, parentId, skip, limit, lang });
      return answer<typeof zCommentList>(
        await call('GET', `/references/${segment(type)}/${segment(id)}/comments${query}`),
      );
    },
    async createReferenceComment(type, id, housingCompanyId, input, lang) {
      const query = queryString({ housingCompanyId, lang });
      return answer<typeof zComment>(
        await call('POST', `/references/${segment(type)}/${segment(id)}/comments${query}`, input),
      );
    },
    async updateComment(id, input, lang) {
      return answer<typeof zComment>(await call('PUT', `/comments/${segment(id)}${lq(lang)}`, input));
    },
    async deleteComment(id, lang) {
      return answer<typeof zComment>(await call('DELETE', `/comments/${segment(id)}${lq(lang)}`));
    },
    async toggleCommentLike(id, lang) {
      return answer<typeof zLikesSummary>(await call('POST', `/comments/${segment(id)}/likes${lq(lang)}`));
    },
    async uploadImage(housingCompanyId, file, lang) {
      const form = new FormData();
      form.append('file', file, file.name);
      const url = `${COMMUNITY_BASE}/images${queryString({ housingCompanyId, lang })}`;
      // The browser sets the multipart content type with its boundary.
      const response = await authorizedFetch(session, url, {
        method: 'POST',
        headers: { accept: 'application/json' },
        body: form,
      });
      return answer<typeof zCommentImage>(await response.json());
    },
    async fetchImage(url) {
      return (await authorizedFetch(session, url)).blob();
    },
    async report(input) {
      return answer<typeof zReportCreated>(await call('POST', '/reports', input));
    },
    async listConversations({ housingCompanyId, type, skip, limit, lang }) {
      const query = queryString({ housingCompanyId, type, skip, limit, lang });
      return answer<typeof zConversationList>(await call('GET', `/conversations${query}`));
    },
    async getConversation(id, lang) {
      return answer<typeof zConversation>(await call('GET', `/conversations/${segment(id)}${lq(lang)}`));
    },
    async createConversation(input, lang) {
      return answer<typeof zConversation>(await call('POST', `/conversations${lq(lang)}`, input));
    },
    async updateConversation(id, input, lang) {
      return answer<typeof zConversation>(
        await call('PUT', `/conversations/${segment(id)}${lq(lang)}`, input),
      );
    },
    async deleteConversation(id, lang) {
      await call('DELETE', `/conversations/${segment(id)}${lq(lang)}`);
    },
    async listMessages(conversationId, { skip, limit, lang }) {
      const query = queryString({ skip, limit, lang });
      return answer<typeof zMessageList>(
        await call('GET', `/conversations/${segment(conversationId)}/messages${query}`),
      );
    },
    async createMessage(conversationId, input, lang) {
      return answer<typeof zMessage>(
        await call('POST', `/conversations/${segment(conversationId)}/messages${lq(lang)}`, input),
      );
    },
    async updateMessage(id, input, lang) {
      return answer<typeof zMessage>(await call('PUT', `/messages/${segment(id)}${lq(lang)}`, input));
    },
    async deleteMessage(id, lang) {
      return answer<typeof zMessage>(await call('DELETE', `/messages/${segment(id)}${lq(lang)}`));
    },
    async listRecipients(housingCompanyId, lang) {
      const query = queryString({ housingCompanyId, lang });
      return answer<typeof zRecipientList>(await call('GET', `/conversations/recipients${query}`));
    },
    async listNeighbours(housingCompanyId, lang) {
      const query = queryString({ housingCompanyId, lang });
      return answer<typeof zNeighbourList>(await call('GET', `/neighbours${query}`));
    },
  };
}
