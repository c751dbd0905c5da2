import { randomUUID } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { addTestUser } from '@porta/identity/testing';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, assets, campaigns } from '../db/schema.js';
import { audienceOf } from '../domain/reader.js';
import {
  type ContentTestApp,
  clientAs,
  contentTestApp,
  loginAs,
  multipartFile,
  pngImage,
} from '../testing/index.js';

type Client = Awaited<ReturnType<typeof clientAs>>;

describe('POST /api/content/admin/copy/:entity', () => {
  let t: ContentTestApp;
  let marketing: Client;
  let manager: Client;
  let othermanager: Client;
  let partner: Client;
  let tenant: Client;
  let marketingToken: string;
  let campaign: { id: string; codename: string; imageId: string; attachmentIds: string[] };
  let articleId: string;

  const db = () => t.content.context.db;
  const counts = async () => ({
    campaigns: (await db().select({ n: count() }).from(campaigns))[0]!.n,
    articles: (await db().select({ n: count() }).from(articles))[0]!.n,
    assets: (await db().select({ n: count() }).from(assets))[0]!.n,
  });

  async function upload(purpose: string, name: string, data: Buffer): Promise<string> {
    const { payload, headers } = multipartFile(name, data);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/content/admin/assets?purpose=${purpose}`,
      payload,
      headers: { ...headers, authorization: `Bearer ${marketingToken}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  beforeAll(async () => {
    t = await contentTestApp();
    await addTestUser(t, { key: 'marketing', roles: ['yitMarketing'] });
    marketingToken = (await loginAs(t.app, 'marketing')).accessToken;
    marketing = await clientAs(t, 'marketing');
    manager = await clientAs(t, 'manager');
    othermanager = await clientAs(t, 'othermanager');
    partner = await clientAs(t, 'partner');
    tenant = await clientAs(t, 'tenant');
    const imageId = await upload('image', 'offer.png', pngImage(1600, 900));
    const attachmentId = await upload('attachment', 'terms.pdf', Buffer.from('%PDF-1.4\n1 0 obj\n%%EOF\n'));
    const res = await marketing.post('/api/content/admin/campaigns', {
      codename: 'spring-offer',
      variants: { en: { title: 'Spring offer', content: '<p>Offer</p>' } },
      imageId,
      attachmentIds: [attachmentId],
      status: 'published',
      targeting: { housingCompanyIds: [t.hc.harbourView] },
    });
    expect(res.statusCode, res.body).toBe(201);
    campaign = res.json();
    const targeting = { housingCompanyIds: [t.hc.lindenCourt], buildingTaxonomies: [] };
    const [article] = await db()
      .insert(articles)
      .values({
        codename: 'linden-sauna-hours',
        title: 'Sauna hours',
        variants: { en: { title: 'Sauna hours', content: '<p>New hours.</p>' } },
        status: 'published',
        publishAt: new Date(Date.now() - 86_400_000),
        ...targeting,
        audience: audienceOf(targeting),
        authorName: 'Maria Manager',
        authorRoles: ['propertyManager'],
      })
      .returning();
    articleId = article!.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses more than 5 target housing companies and stores nothing', async () => {
    const before = await counts();
    const res = await marketing.post('/api/content/admin/copy/campaigns', {
      ids: [campaign.id],
      housingCompanyIds: Array.from({ length: 6 }, () => randomUUID()),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CNT_COPY_TOO_MANY_TARGETS');
    expect(await counts()).toEqual(before);
  });

  it('copies a campaign to 2 housing companies with copies of its image and attachment', async () => {
    const before = await counts();
    const res = await marketing.post('/api/content/admin/copy/campaigns', {
      ids: [campaign.id],
      housingCompanyIds: [t.hc.lindenCourt, t.hc.birchHill],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { copies } = res.json() as { copies: { sourceId: string; housingCompanyId: string; id: string }[] };
    expect(copies.map((c) => [c.sourceId, c.housingCompanyId])).toEqual([
      [campaign.id, t.hc.lindenCourt],
      [campaign.id, t.hc.birchHill],
    ]);
    expect(await counts()).toEqual({ ...before, campaigns: before.campaigns + 2, assets: before.assets + 4 });

    const [source] = await db().select().from(assets).where(eq(assets.id, campaign.imageId));
    const rows = await db()
      .select()
      .from(campaigns)
      .where(
        inArray(
          campaigns.id,
          copies.map((c) => c.id),
        ),
      );
    for (const copy of copies) {
      const row = rows.find((r) => r.id === copy.id)!;
      expect(row).toMatchObject({
        copiedFrom: campaign.id,
        status: 'draft',
        publishAt: null,
        housingCompanyIds: [copy.housingCompanyId],
        buildingTaxonomies: [],
        audience: [`hc:${copy.housingCompanyId}`],
        title: 'Spring offer',
      });
      expect(row.codename).toMatch(/^spring-offer-[0-9a-f]{6}$/);
      expect(row.imageId).not.toBe(campaign.imageId);
      expect(row.attachmentIds).toHaveLength(1);
      expect(row.attachmentIds[0]).not.toBe(campaign.attachmentIds[0]);
      const [image] = await db().select().from(assets).where(eq(assets.id, row.imageId!));
      expect(image!.storageKey).not.toBe(source!.storageKey);
      expect(image).toMatchObject({ fileName: 'offer.png', width: 1600, height: 900, purpose: 'image' });
      expect(await t.content.context.storage.exists(image!.storageKey)).toBe(true);
      const [attachment] = await db().select().from(assets).where(eq(assets.id, row.attachmentIds[0]!));
      expect(await text(await t.content.context.storage.get(attachment!.storageKey))).toBe(
        '%PDF-1.4\n1 0 obj\n%%EOF\n',
      );
    }
    // The copy in Linden Court is a draft: residents there do not see it yet; published, they do.
    const lindenCopy = copies[0]!.id;
    const published = await marketing.put(`/api/content/admin/campaigns/${lindenCopy}`, {
      status: 'published',
    });
    expect(published.statusCode, published.body).toBe(200);
    const board = await clientAs(t, 'board');
    const seen = (await board.get(`/api/content/campaigns?housingCompanyId=${t.hc.lindenCourt}`)).json();
    expect(seen.map((c: { id: string }) => c.id)).toContain(lindenCopy);
    expect(seen.map((c: { id: string }) => c.id)).not.toContain(campaign.id);
  });

  it('lets a property manager copy an article only to housing companies they manage', async () => {
    const before = await counts();
    const refused = await manager.post('/api/content/admin/copy/articles', {
      ids: [articleId],
      housingCompanyIds: [t.hc.harbourView, t.hc.birchHill],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('CNT_TARGET_OUT_OF_SCOPE');
    expect(await counts()).toEqual(before);

    const ok = await manager.post('/api/content/admin/copy/articles', {
      ids: [articleId],
      housingCompanyIds: [t.hc.harbourView],
      status: 'same',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const [copy] = await db().select().from(articles).where(eq(articles.id, ok.json().copies[0].id));
    expect(copy).toMatchObject({
      copiedFrom: articleId,
      status: 'published',
      housingCompanyIds: [t.hc.harbourView],
      announcedAt: null,
      authorName: 'Maria Manager',
    });
  });

  it('answers 404 for sources outside the caller\u2019s scope and 403 without the entity\u2019s write right', async () => {
    const before = await counts();
    // Birch Hill's manager does not reach a Linden Court article.
    const outOfScope = await othermanager.post('/api/content/admin/copy/articles', {
      ids: [articleId],
      housingCompanyIds: [t.hc.birchHill],
    });
    expect(outOfScope.statusCode).toBe(404);
    expect(outOfScope.json().code).toBe('CNT_NOT_FOUND');
    // A partner may enter the admin area but does not write articles.
    const partnerArticles = await partner.post('/api/content/admin/copy/articles', {
      ids: [articleId],
      housingCompanyIds: [t.hc.lindenCourt],
    });
    expect(partnerArticles.statusCode).toBe(403);
    expect(partnerArticles.json().code).toBe('FORBIDDEN');
    // A partner does not reach marketing's campaign either.
    const partnerCampaign = await partner.post('/api/content/admin/copy/campaigns', {
      ids: [campaign.id],
      housingCompanyIds: [t.hc.lindenCourt],
    });
    expect(partnerCampaign.statusCode).toBe(404);
    const tenantCopy = await tenant.post('/api/content/admin/copy/campaigns', {
      ids: [campaign.id],
      housingCompanyIds: [t.hc.lindenCourt],
    });
    expect(tenantCopy.statusCode).toBe(403);
    const unknownTarget = await marketing.post('/api/content/admin/copy/campaigns', {
      ids: [campaign.id],
      housingCompanyIds: [randomUUID()],
    });
    expect(unknownTarget.statusCode).toBe(404);
    expect(unknownTarget.json().code).toBe('CNT_HOUSING_COMPANY_NOT_FOUND');
    const unknownEntity = await marketing.post('/api/content/admin/copy/pages', {
      ids: [campaign.id],
      housingCompanyIds: [t.hc.lindenCourt],
    });
    expect(unknownEntity.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });
});
