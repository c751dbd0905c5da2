import {
  type Comment,
  type CommentList,
  type Discussion,
  type DiscussionList,
  discussionUrl,
  type Language,
  PAGE_SIZE_COMMUNITY,
  type ReferenceType,
  type ReportCreate,
  type ReportType,
  referenceUrl,
} from '@porta/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { housingCompanyDataKey } from '../../housing-company';
import { useContentScope } from '../../news';
import type { CommunityApi, PageParams } from '../api/community.api';
import { textToHtml, type WritingValues } from '../utils/body';
import { byId, mapItems, nextSkip, type Page } from '../utils/pages';
import { useCommunityApi } from './use-community-api';

/**
 * Community data belongs to the selected housing company: every key starts with
 * `housingCompanyDataKey(housingCompanyId, 'community', …)`, so a housing-company switch drops it
 * (01 §4). Lists are pages of PAGE_SIZE_COMMUNITY (25, 02 §9) loaded one after another.
 */
export function communityKey(housingCompanyId: string | null, ...rest: unknown[]) {
  return housingCompanyDataKey(housingCompanyId, 'community', ...rest);
}

const discussionsKey = (hc: string | null) => communityKey(hc, 'discussions');
const discussionKey = (hc: string | null, id: string) => communityKey(hc, 'discussion', id);

/**
 * What comments are on: a discussion, or a reference (a news article) whose comments the selected
 * housing company's readers share (01 §7 comments for a reference).
 */
export type CommentThread =
  | { kind: 'discussion'; id: string }
  | { kind: 'reference'; type: ReferenceType; id: string };

export function discussionThread(id: string): CommentThread {
  return { kind: 'discussion', id };
}

export function referenceThread(type: ReferenceType, id: string): CommentThread {
  return { kind: 'reference', type, id };
}

/** The thread a comment is on. */
export function threadOf(comment: Comment): CommentThread {
  return comment.discussionId !== null
    ? discussionThread(comment.discussionId)
    : referenceThread(comment.referenceType ?? 'news', comment.referenceId ?? '');
}

/** The resident app's address of the page the thread is on. */
export function threadPage(thread: CommentThread): string {
  return thread.kind === 'discussion' ? discussionUrl(thread.id) : referenceUrl(thread.type, thread.id);
}

const threadName = (thread: CommentThread) =>
  thread.kind === 'discussion' ? thread.id : `${thread.type}:${thread.id}`;

/** Every comment list of a thread (the top-level one and each comment's replies). */
const commentListsKey = (hc: string | null, thread: CommentThread) =>
  communityKey(hc, 'comments', threadName(thread));
const commentsKey = (hc: string | null, thread: CommentThread, parentId: string | null) => [
  ...commentListsKey(hc, thread),
  parentId ?? 'top',
];

/** The selected housing company (known: the queries wait for one) and the language asked in. */
interface Scope {
  housingCompanyId: string;
  lang: Language;
}

/**
 * Something read from the community service for the selected housing company: kept under
 * `keyOf(housingCompanyId)`, read once there is a housing company.
 */
export function useCommunityQuery<T>(
  keyOf: (housingCompanyId: string | null) => readonly unknown[],
  read: (api: CommunityApi, scope: Scope) => Promise<T>,
) {
  const api = useCommunityApi();
  const { housingCompanyId, lang } = useContentScope();
  return useQuery({
    queryKey: keyOf(housingCompanyId),
    queryFn: () => read(api, { housingCompanyId: housingCompanyId!, lang }),
    enabled: housingCompanyId !== null,
  });
}

/** A list of the selected housing company read 25 at a time (see useCommunityQuery). */
export function useCommunityPages<T>(
  keyOf: (housingCompanyId: string | null) => readonly unknown[],
  readPage: (api: CommunityApi, scope: Scope, page: PageParams) => Promise<Page<T>>,
) {
  const api = useCommunityApi();
  const { housingCompanyId, lang } = useContentScope();
  return useInfiniteQuery({
    queryKey: keyOf(housingCompanyId),
    queryFn: ({ pageParam }) =>
      readPage(
        api,
        { housingCompanyId: housingCompanyId!, lang },
        { skip: pageParam, limit: PAGE_SIZE_COMMUNITY },
      ),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
    enabled: housingCompanyId !== null,
  });
}

/** What a change's follow-up works with: the cache and the selected housing company. */
export interface Stored {
  queryClient: QueryClient;
  housingCompanyId: string | null;
}

/**
 * A change sent to the community service for the selected housing company (`run`), then `after`
 * puts its answer where it is stored (the change is pending until a promise it gives settles).
 */
export function useCommunityMutation<TResult, TVariables = void>(
  run: (api: CommunityApi, variables: TVariables, scope: Scope) => Promise<TResult>,
  after?: (stored: Stored, result: TResult) => unknown,
) {
  const api = useCommunityApi();
  const queryClient = useQueryClient();
  const { housingCompanyId, lang } = useContentScope();
  return useMutation<TResult, unknown, TVariables>({
    mutationFn: (variables) => run(api, variables, { housingCompanyId: housingCompanyId!, lang }),
    onSuccess: (result) => after?.({ queryClient, housingCompanyId }, result),
  });
}

// --- Discussions -----------------------------------------------------------------------------

export function useDiscussions() {
  return useCommunityPages(discussionsKey, (api, scope, page) => api.listDiscussions({ ...scope, ...page }));
}

export function useDiscussion(id: string) {
  return useCommunityQuery(
    (hc) => discussionKey(hc, id),
    (api, { lang }) => api.getDiscussion(id, lang),
  );
}

/** Change a discussion where it is stored: its own query and the list. */
function updateDiscussion(
  queryClient: QueryClient,
  hc: string | null,
  id: string,
  change: (discussion: Discussion) => Discussion,
): void {
  queryClient.setQueryData<Discussion>(discussionKey(hc, id), (current) =>
    current ? change(current) : current,
  );
  queryClient.setQueryData<InfiniteData<DiscussionList>>(discussionsKey(hc), (data) =>
    mapItems(data, byId(id, change)),
  );
}

export function useCreateDiscussion() {
  return useCommunityMutation<Discussion, WritingValues>(
    (api, { title, body }, { housingCompanyId, lang }) =>
      api.createDiscussion({ housingCompanyId, title, body: textToHtml(body) }, lang),
    ({ queryClient, housingCompanyId }, created) => {
      queryClient.setQueryData(discussionKey(housingCompanyId, created.id), created);
      void queryClient.invalidateQueries({ queryKey: discussionsKey(housingCompanyId) });
    },
  );
}

/**
 * A change to one discussion whose answer is stored where the discussion is (its own query and the
 * list; 02 §4: toggling a like or the subscription updates the stored item).
 */
function useDiscussionChange<TResult, TVariables = void>(
  id: string,
  call: (api: CommunityApi, variables: TVariables, lang: Language) => Promise<TResult>,
  apply: (stored: Discussion, result: TResult) => Discussion,
) {
  return useCommunityMutation<TResult, TVariables>(
    (api, variables, { lang }) => call(api, variables, lang),
    ({ queryClient, housingCompanyId }, result) =>
      updateDiscussion(queryClient, housingCompanyId, id, (d) => apply(d, result)),
  );
}

/** Edit one's own discussion (the text as written; sent as HTML). */
export function useUpdateDiscussion(id: string) {
  return useDiscussionChange(
    id,
    (api, { title, body }: WritingValues, lang) =>
      api.updateDiscussion(id, { title, body: textToHtml(body) }, lang),
    (_stored, saved) => saved,
  );
}

export function useToggleDiscussionLike(id: string) {
  return useDiscussionChange(
    id,
    (api, _, lang) => api.toggleDiscussionLike(id, lang),
    (stored, likes) => ({ ...stored, likes }),
  );
}

/** Subscribe or unsubscribe. */
export function useToggleSubscription(id: string) {
  return useDiscussionChange(
    id,
    (api, _, lang) => api.toggleSubscription(id, lang),
    (stored, { subscribed }) => ({ ...stored, subscribed }),
  );
}

export function useDeleteDiscussion(id: string) {
  return useCommunityMutation(
    (api, _, { lang }) => api.deleteDiscussion(id, lang),
    ({ queryClient, housingCompanyId }) => {
      queryClient.removeQueries({ queryKey: discussionKey(housingCompanyId, id) });
      void queryClient.invalidateQueries({ queryKey: discussionsKey(housingCompanyId) });
    },
  );
}

// --- Comments --------------------------------------------------------------------------------

/**
 * The top-level comments of a thread (parentId null) or the replies to one comment, oldest first.
 * The same options serve the list on screen and the search for a linked comment, so both share one
 * cache entry.
 */
export function commentsQueryOptions(
  api: CommunityApi,
  scope: { housingCompanyId: string | null; lang: Language },
  thread: CommentThread,
  parentId: string | null,
) {
  return infiniteQueryOptions({
    queryKey: commentsKey(scope.housingCompanyId, thread, parentId),
    queryFn: ({ pageParam }): Promise<CommentList> => {
      const page = { parentId, skip: pageParam, limit: PAGE_SIZE_COMMUNITY, lang: scope.lang };
      return thread.kind === 'discussion'
        ? api.listComments(thread.id, page)
        : api.listReferenceComments(thread.type, thread.id, {
            ...page,
            housingCompanyId: scope.housingCompanyId!,
          });
    },
    initialPageParam: 0,
    getNextPageParam: nextSkip,
  });
}

export function useComments(thread: CommentThread, parentId: string | null, enabled = true) {
  const api = useCommunityApi();
  const scope = useContentScope();
  return useInfiniteQuery({
    ...commentsQueryOptions(api, scope, thread, parentId),
    enabled: enabled && scope.housingCompanyId !== null,
  });
}

/** Change an item wherever it is listed under `listsKey` (in any loaded page of any of those lists). */
export function updateListed<T extends { id: string }>(
  queryClient: QueryClient,
  listsKey: readonly unknown[],
  id: string,
  change: (item: T) => T,
): void {
  queryClient.setQueriesData<InfiniteData<Page<T>>>({ queryKey: listsKey }, (data) =>
    mapItems(data, byId(id, change)),
  );
}

/**
 * A change to one listed item (a comment, a message) whose answer is stored in its place wherever
 * it is listed: `listsOf` names the lists (from the housing company), `call` makes the request,
 * `apply` puts the answer into the stored item; `after` follows.
 */
export function useListedChange<TItem extends { id: string }, TResult, TVariables = void>(
  listsOf: (housingCompanyId: string | null) => readonly unknown[],
  id: string,
  call: (api: CommunityApi, variables: TVariables, lang: Language) => Promise<TResult>,
  apply: (stored: TItem, result: TResult) => TItem,
  after?: (stored: Stored) => void,
) {
  return useCommunityMutation<TResult, TVariables>(
    (api, variables, { lang }) => call(api, variables, lang),
    (stored, result) => {
      updateListed<TItem>(stored.queryClient, listsOf(stored.housingCompanyId), id, (item) =>
        apply(item, result),
      );
      after?.(stored);
    },
  );
}

export interface NewComment {
  /** The text as written (plain text; sent as HTML). */
  text: string;
  files: readonly File[];
}

/**
 * Write a comment, or a reply when `parentId` is given: the chosen images are uploaded first, then
 * the comment with their ids. Afterwards the list it belongs to is read again (02 §4: posting a
 * sub-comment reloads the list), and the counts shown elsewhere go up. A discussion is read again
 * too: commenting subscribes the writer to it (unless they had unsubscribed), which only the
 * server knows, so the "notify me" switch shows the subscription at once.
 */
export function useCreateComment(thread: CommentThread, parentId: string | null) {
  return useCommunityMutation<Comment, NewComment>(
    async (api, { text, files }, { housingCompanyId, lang }) => {
      const images = [];
      for (const file of files) images.push(await api.uploadImage(housingCompanyId, file, lang));
      const input = { body: textToHtml(text), parentId, imageIds: images.map((image) => image.id) };
      return thread.kind === 'discussion'
        ? api.createComment(thread.id, input, lang)
        : api.createReferenceComment(thread.type, thread.id, housingCompanyId, input, lang);
    },
    async ({ queryClient, housingCompanyId }) => {
      if (thread.kind === 'discussion') {
        updateDiscussion(queryClient, housingCompanyId, thread.id, (d) => ({
          ...d,
          commentCount: d.commentCount + 1,
        }));
        void queryClient.invalidateQueries({ queryKey: discussionKey(housingCompanyId, thread.id) });
        void queryClient.invalidateQueries({ queryKey: discussionsKey(housingCompanyId) });
      }
      if (parentId) {
        updateListed<Comment>(queryClient, commentListsKey(housingCompanyId, thread), parentId, (c) => ({
          ...c,
          childMessageCount: c.childMessageCount + 1,
        }));
      }
      await queryClient.invalidateQueries({
        queryKey: commentsKey(housingCompanyId, thread, parentId),
      });
    },
  );
}

/** A change to one comment, stored wherever it is listed (among the top-level comments or the replies). */
function useCommentChange<TResult, TVariables = void>(
  comment: Comment,
  call: (api: CommunityApi, variables: TVariables, lang: Language) => Promise<TResult>,
  apply: (stored: Comment, result: TResult) => Comment,
) {
  return useListedChange((hc) => commentListsKey(hc, threadOf(comment)), comment.id, call, apply);
}

/** Edit one's own comment (the text as written; sent as HTML). */
export function useUpdateComment(comment: Comment) {
  return useCommentChange(
    comment,
    (api, { body }: WritingValues, lang) => api.updateComment(comment.id, { body: textToHtml(body) }, lang),
    (_stored, saved) => saved,
  );
}

/** Delete a comment (its writer, or a moderator): it keeps its place with the deleted look. */
export function useDeleteComment(comment: Comment) {
  return useCommentChange(
    comment,
    (api, _, lang) => api.deleteComment(comment.id, lang),
    (_stored, deleted) => deleted,
  );
}

export function useToggleCommentLike(comment: Comment) {
  return useCommentChange(
    comment,
    (api, _, lang) => api.toggleCommentLike(comment.id, lang),
    (stored, likes) => ({ ...stored, likes }),
  );
}

// --- Images and reports ----------------------------------------------------------------------

/** A comment image as a blob (members only: fetched with the token); kept while it is on screen. */
export function useCommentImage(url: string) {
  const api = useCommunityApi();
  const { housingCompanyId } = useContentScope();
  return useQuery({
    queryKey: communityKey(housingCompanyId, 'image', url),
    queryFn: () => api.fetchImage(url),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export interface ReportInput {
  targetObject: string;
  targetType: 'discussion' | 'comment' | 'message';
  targetHref: string;
  reportType: ReportType;
  description: string;
}

export function useReport() {
  return useCommunityMutation<{ id: string }, ReportInput>((api, input, { housingCompanyId }) => {
    const report: ReportCreate = { housingCompanyId, ...input };
    return api.report(report);
  });
}
