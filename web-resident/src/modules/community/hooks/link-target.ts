import { type Comment, PAGE_SIZE_COMMUNITY } from '@porta/contracts';
import { type InfiniteData, type UseInfiniteQueryResult, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useContentScope } from '../../news';
import { allItems, type Page } from '../utils/pages';
import { type CommentThread, commentsQueryOptions } from './queries';
import { useCommunityApi } from './use-community-api';

/** How long a linked comment or message stays highlighted once it has been brought into view. */
export const LINK_HIGHLIGHT_MS = 3000;

/** What an address can point at: `#comment-<id>` or `#message-<id>`. */
export type LinkKind = 'comment' | 'message';

/** The item an address points at (`…#<kind>-<id>`, as notifications link), or null. */
export function linkedIdOfHash(hash: string, kind: LinkKind): string | null {
  return new RegExp(`^#${kind}-([0-9a-f-]{36})$`, 'i').exec(hash)?.[1]?.toLowerCase() ?? null;
}

export interface LinkTarget {
  /** The linked item, until it has been brought into view. */
  pendingId: string | null;
  /** The top-level comment whose replies hold the linked one (their list opens). */
  revealRepliesOf: string | null;
  /** The linked item, for a moment after it has been brought into view. */
  highlightedId: string | null;
  /** Called by the linked item once it is on screen and focused. */
  reached(id: string): void;
}

const NO_TARGET: LinkTarget = {
  pendingId: null,
  revealRepliesOf: null,
  highlightedId: null,
  reached: () => {},
};

export const LinkTargetContext = createContext<LinkTarget>(NO_TARGET);

export function useLinkTargetContext(): LinkTarget {
  return useContext(LinkTargetContext);
}

type Pages<T> = UseInfiniteQueryResult<InfiniteData<Page<T>>>;

/**
 * Looks for the linked item in lists below the listed ones (the replies of comments): the id of
 * the listed item whose list holds it, or null. `searched` keeps the ids already looked into.
 */
type SearchBelow<T> = (targetId: string, listed: T[], searched: Set<string>) => Promise<string | null>;

/**
 * `#<kind>-<id>` in the address (notifications link there): find the list holding that item,
 * loading more pages (and, with `searchBelow`, the lists below the listed items) as needed; the
 * list below it is among is opened, and the item itself scrolls into view, takes focus and is
 * highlighted for a moment (`reached`). An item that cannot be found leaves the page as it is.
 */
export function useLinkTarget<T extends { id: string }>(
  kind: LinkKind,
  top: Pages<T>,
  searchBelow?: SearchBelow<T>,
): LinkTarget {
  const { hash } = useLocation();
  const targetId = linkedIdOfHash(hash, kind);
  const [located, setLocated] = useState<{ id: string; parentId: string | null } | null>(null);
  const [reachedId, setReachedId] = useState<string | null>(null);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const latest = useRef(top);
  latest.current = top;
  const ready = top.isSuccess;

  useEffect(() => {
    if (!targetId || !ready) return;
    let cancelled = false;
    const searched = new Set<string>();
    void (async () => {
      let { data, hasNextPage } = latest.current;
      while (!cancelled) {
        const listed = allItems(data);
        if (listed.some((item) => item.id === targetId)) {
          setLocated({ id: targetId, parentId: null });
          return;
        }
        const parentId = searchBelow ? await searchBelow(targetId, listed, searched) : null;
        if (cancelled) return;
        if (parentId) {
          setLocated({ id: targetId, parentId });
          return;
        }
        if (!hasNextPage) return;
        const next = await latest.current.fetchNextPage();
        if (next.isError) return;
        ({ data, hasNextPage } = next);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [targetId, ready, searchBelow]);

  useEffect(() => {
    if (!highlightedId) return;
    const timer = setTimeout(() => setHighlightedId(null), LINK_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightedId]);

  const reached = useCallback((id: string) => {
    setReachedId(id);
    setHighlightedId(id);
  }, []);

  const current = located && located.id === targetId ? located : null;
  return useMemo(
    () => ({
      pendingId: current && reachedId !== current.id ? current.id : null,
      revealRepliesOf: current?.parentId ?? null,
      highlightedId,
      reached,
    }),
    [current, reachedId, highlightedId, reached],
  );
}

/**
 * `#comment-<id>`: a top-level comment, or a reply (the replies of commented comments are read to
 * find it; only theirs).
 */
export function useCommentTarget(
  thread: CommentThread,
  top: UseInfiniteQueryResult<InfiniteData<Page<Comment>>>,
): LinkTarget {
  const api = useCommunityApi();
  const { housingCompanyId, lang } = useContentScope();
  const queryClient = useQueryClient();
  const searchReplies = useCallback<SearchBelow<Comment>>(
    async (targetId, comments, searched) => {
      const parents = comments.filter((c) => c.childMessageCount > 0 && !searched.has(c.id));
      const found = await Promise.all(
        parents.map(async (parent) => {
          searched.add(parent.id);
          const replies = await queryClient
            .fetchInfiniteQuery({
              ...commentsQueryOptions(api, { housingCompanyId, lang }, thread, parent.id),
              pages: Math.ceil(parent.childMessageCount / PAGE_SIZE_COMMUNITY),
            })
            .catch(() => undefined);
          return allItems(replies).some((reply) => reply.id === targetId) ? parent.id : null;
        }),
      );
      return found.find((id) => id !== null) ?? null;
    },
    [api, housingCompanyId, lang, queryClient, thread],
  );
  return useLinkTarget('comment', top, searchReplies);
}
