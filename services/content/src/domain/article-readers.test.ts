import { type ArticleReadResponse, CONTENT_ARTICLE_RPC } from '@porta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../db/schema.js';
import { type ContentTestApp, contentTestApp } from '../testing/index.js';
import { audienceOf } from './reader.js';

/**
 * rpc.content.article.get.v1: whether a reader with these roles may read a news article in a
 * housing company (community's comments on a reference ask it), by GET /news/:id's rule.
 */

let t: ContentTestApp;
beforeAll(async () => {
  t = await contentTestApp();
}, 120_000);
afterAll(() => t?.close());

const DAY = 86_400_000;

async function insertArticle(
  input: Partial<typeof articles.$inferInsert> & { codename: string; hcs: string[] },
) {
  const { hcs, ...rest } = input;
  const targeting = { housingCompanyIds: hcs, buildingTaxonomies: [] };
  const [row] = await t.content.context.db
    .insert(articles)
    .values({
      title: input.codename,
      variants: {
        en: { title: `Title ${input.codename}`, content: '<p>Body</p>' },
        fi: { title: `Otsikko ${input.codename}`, content: '<p>Teksti</p>' },
      },
      status: 'published',
      publishAt: new Date(Date.now() - DAY),
      announcedAt: new Date(),
      ...targeting,
      audience: audienceOf(targeting),
      authorName: 'Test Author',
      ...rest,
    })
    .returning();
  return row!;
}

const ask = (articleId: string, housingCompanyId: string, roles: string[] = ['owner']) =>
  t.bus.request<ArticleReadResponse>(CONTENT_ARTICLE_RPC, { articleId, housingCompanyId, roles });

describe('rpc.content.article.get.v1', () => {
  it("answers a published article of the housing company with its titles, and null for another company's", async () => {
    const row = await insertArticle({ codename: 'rpc-linden', hcs: [t.hc.lindenCourt] });
    expect(await ask(row.id, t.hc.lindenCourt)).toEqual({
      article: {
        id: row.id,
        codename: 'rpc-linden',
        titles: { en: 'Title rpc-linden', fi: 'Otsikko rpc-linden' },
        defaultLanguage: 'en',
        url: '/news/rpc-linden',
      },
    });
    expect(await ask(row.id, t.hc.birchHill)).toEqual({ article: null });
  });

  it('answers null for drafts, articles outside their window, other roles and unknown ids', async () => {
    const draft = await insertArticle({ codename: 'rpc-draft', hcs: [t.hc.lindenCourt], status: 'draft' });
    const future = await insertArticle({
      codename: 'rpc-future',
      hcs: [t.hc.lindenCourt],
      publishAt: new Date(Date.now() + DAY),
    });
    const board = await insertArticle({
      codename: 'rpc-board',
      hcs: [t.hc.lindenCourt],
      userRoles: ['boardMember'],
    });
    expect(await ask(draft.id, t.hc.lindenCourt)).toEqual({ article: null });
    expect(await ask(future.id, t.hc.lindenCourt)).toEqual({ article: null });
    expect(await ask(board.id, t.hc.lindenCourt, ['tenant'])).toEqual({ article: null });
    expect((await ask(board.id, t.hc.lindenCourt, ['boardMember'])).article?.id).toBe(board.id);
    expect(await ask('018f0000-0000-7000-8000-000000000000', t.hc.lindenCourt)).toEqual({ article: null });
    // An article for every housing company reaches Birch Hill too.
    const everyone = await insertArticle({ codename: 'rpc-all', hcs: [] });
    expect((await ask(everyone.id, t.hc.birchHill)).article?.id).toBe(everyone.id);
  });
});
