import type { Conversation, ConversationType, Message } from '@porta/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { textToHtml, type WritingValues } from '../utils/body';
import {
  communityKey,
  updateListed,
  useCommunityMutation,
  useCommunityPages,
  useCommunityQuery,
  useListedChange,
} from './queries';

/**
 * Private conversations and area discussions (02 §2, §4, §6), their messages, the people one may
 * message and the neighbour list: all under the selected housing company's key (see communityKey),
 * lists 25 a page.
 */

/** Every conversation list (both types). */
const conversationListsKey = (hc: string | null) => communityKey(hc, 'conversations');
const conversationsKey = (hc: string | null, type: ConversationType) => [...conversationListsKey(hc), type];
const conversationKey = (hc: string | null, id: string) => communityKey(hc, 'conversation', id);
const messagesKey = (hc: string | null, conversationId: string) =>
  communityKey(hc, 'messages', conversationId);

/** After a message is written or deleted: the conversation's counts, rights and newest message. */
function conversationChanged(queryClient: QueryClient, hc: string | null, conversationId: string): void {
  void queryClient.invalidateQueries({ queryKey: conversationKey(hc, conversationId) });
  void queryClient.invalidateQueries({ queryKey: conversationListsKey(hc) });
}

// --- Conversations ---------------------------------------------------------------------------

/** The caller's private conversations, or the area's discussions: newest message first. */
export function useConversations(type: ConversationType) {
  return useCommunityPages(
    (hc) => conversationsKey(hc, type),
    (api, scope, page) => api.listConversations({ ...scope, ...page, type }),
  );
}

export function useConversation(id: string) {
  return useCommunityQuery(
    (hc) => conversationKey(hc, id),
    (api, { lang }) => api.getConversation(id, lang),
  );
}

/** What starts a conversation: its title (blank for none), first message, and whom it is with. */
export interface NewConversation extends WritingValues {
  /** Private: the recipients (at least one). Area: none. */
  participantIds?: string[];
}

/** Start a private conversation or an area discussion with its first message (sent as HTML). */
export function useCreateConversation(type: ConversationType) {
  return useCommunityMutation<Conversation, NewConversation>(
    (api, { title, body, participantIds = [] }, { housingCompanyId, lang }) =>
      api.createConversation(
        {
          type,
          housingCompanyId,
          title: title || null,
          body: textToHtml(body),
          ...(type === 'private' ? { participantIds } : {}),
        },
        lang,
      ),
    ({ queryClient, housingCompanyId }, created) => {
      queryClient.setQueryData(conversationKey(housingCompanyId, created.id), created);
      void queryClient.invalidateQueries({ queryKey: conversationsKey(housingCompanyId, type) });
    },
  );
}

/** Change one's own conversation's title (blank: none); stored where the conversation is. */
export function useUpdateConversation(id: string) {
  return useCommunityMutation<Conversation, WritingValues>(
    (api, { title }, { lang }) => api.updateConversation(id, { title: title || null }, lang),
    ({ queryClient, housingCompanyId }, saved) => {
      queryClient.setQueryData(conversationKey(housingCompanyId, id), saved);
      updateListed<Conversation>(queryClient, conversationListsKey(housingCompanyId), id, () => saved);
    },
  );
}

/** Delete one's own conversation (while it has fewer than 2 messages; 02 §6). */
export function useDeleteConversation(id: string) {
  return useCommunityMutation(
    (api, _, { lang }) => api.deleteConversation(id, lang),
    ({ queryClient, housingCompanyId }) => {
      queryClient.removeQueries({ queryKey: conversationKey(housingCompanyId, id) });
      queryClient.removeQueries({ queryKey: messagesKey(housingCompanyId, id) });
      void queryClient.invalidateQueries({ queryKey: conversationListsKey(housingCompanyId) });
    },
  );
}

// --- Messages --------------------------------------------------------------------------------

/** A conversation's messages, oldest first. */
export function useMessages(conversationId: string) {
  return useCommunityPages(
    (hc) => messagesKey(hc, conversationId),
    (api, { lang }, page) => api.listMessages(conversationId, { ...page, lang }),
  );
}

/** Write a message (plain text, sent as HTML); the messages are read again afterwards. */
export function useCreateMessage(conversationId: string) {
  return useCommunityMutation<Message, string>(
    (api, text, { lang }) => api.createMessage(conversationId, { body: textToHtml(text) }, lang),
    async ({ queryClient, housingCompanyId }) => {
      conversationChanged(queryClient, housingCompanyId, conversationId);
      await queryClient.invalidateQueries({ queryKey: messagesKey(housingCompanyId, conversationId) });
    },
  );
}

/** Edit one's own message (the text as written; sent as HTML). */
export function useUpdateMessage(message: Message) {
  return useListedChange<Message, Message, WritingValues>(
    (hc) => messagesKey(hc, message.conversationId),
    message.id,
    (api, { body }, lang) => api.updateMessage(message.id, { body: textToHtml(body) }, lang),
    (_stored, saved) => saved,
  );
}

/** Delete a message (its writer, or a moderator): it keeps its place with the deleted look. */
export function useDeleteMessage(message: Message) {
  return useListedChange<Message, Message>(
    (hc) => messagesKey(hc, message.conversationId),
    message.id,
    (api, _, lang) => api.deleteMessage(message.id, lang),
    (_stored, deleted) => deleted,
    ({ queryClient, housingCompanyId }) =>
      conversationChanged(queryClient, housingCompanyId, message.conversationId),
  );
}

// --- People ----------------------------------------------------------------------------------

/** Whom the caller may message: members with a public profile, by first name. */
export function useRecipients() {
  return useCommunityQuery(
    (hc) => communityKey(hc, 'recipients'),
    (api, { housingCompanyId, lang }) => api.listRecipients(housingCompanyId, lang),
  );
}

/** The housing company's apartments with their residents who have a public profile. */
export function useNeighbours() {
  return useCommunityQuery(
    (hc) => communityKey(hc, 'neighbours'),
    (api, { housingCompanyId, lang }) => api.listNeighbours(housingCompanyId, lang),
  );
}
