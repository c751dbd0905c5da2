import { randomUUID } from 'node:crypto';
import {
  type ArticleReadResponse,
  CONTENT_ARTICLE_RPC,
  type Role,
  zArticleReadRequest,
} from '@porta/contracts';
import type { Identity } from '@porta/identity';
import { addTestUser, apiClient, identityTestBed, loginAs } from '@porta/identity/testing';
import type { App, MemoryBus } from '@porta/service-kit';
import { outboxEvents } from '@porta/service-kit/testing';
import type { Community } from '../app.js';
import { outbox } from '../db/schema.js';
import { communityService } from '../service.js';

export { addTestUser, apiClient, loginAs };

export interface CommunityTestApp {
  app: App;
  identity: Identity;
  community: Community;
  bus: MemoryBus;
  /** Demo housing companies: DEMO-1000 Harbour View (construction), DEMO-2000 Linden Court, DEMO-3000 Birch Hill. */
  hc: { harbourView: string; lindenCourt: string; birchHill: string };
  /** The user id of a demo (or test) user by key. */
  userId(key: string): Promise<string>;
  /**
   * A news article content would let readers of these housing companies (and, when given, only
   * these roles) read: the stand-in for content's rpc.content.article.get.v1. Answers its id.
   */
  article(options: { housingCompanyIds: string[]; roles?: Role[]; title?: string }): string;
  /** Events the community service wrote, oldest first. */
  events(subject?: string): Promise<{ subject: string; payload: Record<string, unknown> }[]>;
  close(): Promise<void>;
}

/**
 * identity and community on one fresh in-memory PGlite with an in-process bus, as the embedded
 * gateway runs them: identity migrated and seeded with the demo and its feature toggles
 * (public-discussion, neighbours and area-discussion on everywhere, as the demo has them), answering bans, directory,
 * features, first names, neighbours and areas over the bus; a stand-in for content says which news
 * articles a reader may read (see article()). Bans are asked on every write
 * (BAN_CACHE_SECONDS=0) unless env says otherwise.
 */
export async function communityTestApp(env: Record<string, string> = {}): Promise<CommunityTestApp> {
  // Bans are asked on every write unless env says otherwise.
  const bed = await identityTestBed('community', { BAN_CACHE_SECONDS: '0', ...env });
  const { service: community, config } = await bed.host(communityService);
  // content is not here: a stand-in answers which articles a reader may read.
  const articles = new Map<string, { housingCompanyIds: string[]; roles: Role[]; title: string }>();
  const responder = await bed.bus.reply(CONTENT_ARTICLE_RPC, async (data): Promise<ArticleReadResponse> => {
    const ask = zArticleReadRequest.parse(data);
    const found = articles.get(ask.articleId);
    const reads =
      found?.housingCompanyIds.includes(ask.housingCompanyId) &&
      (found.roles.length === 0 ||
        ask.roles.includes('admin') ||
        found.roles.some((r) => ask.roles.includes(r)));
    if (!found || !reads) return { article: null };
    return {
      article: {
        id: ask.articleId,
        codename: `article-${ask.articleId}`,
        titles: { en: found.title, fi: `${found.title} (fi)` },
        defaultLanguage: 'en',
        url: `/news/article-${ask.articleId}`,
      },
    };
  });
  const app = await bed.mount('community-test', config, [community.plugin]);
  const { db } = community.context;
  return {
    app,
    identity: bed.identity,
    community,
    bus: bed.bus,
    hc: bed.hc,
    userId: bed.userId,
    article({ housingCompanyIds, roles = [], title = 'Roof repairs' }) {
      const id = randomUUID();
      articles.set(id, { housingCompanyIds, roles, title });
      return id;
    },
    events: (subject) => outboxEvents(db, outbox, subject),
    close: () => bed.close(() => responder.stop()),
  };
}

/** Requests to the app as a demo (or test) user. */
export async function clientAs(t: CommunityTestApp, key: string) {
  return apiClient(t.app, (await loginAs(t.app, key)).accessToken);
}

/** Signed-in clients and user ids of demo (or test) users, by key. */
export async function clientsOf(t: CommunityTestApp, keys: readonly string[]) {
  const c: Record<string, ReturnType<typeof apiClient>> = {};
  const ids: Record<string, string> = {};
  for (const key of keys) {
    c[key] = await clientAs(t, key);
    ids[key] = await t.userId(key);
  }
  return { c, ids };
}
