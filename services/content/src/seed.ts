import { type DemoDirectory, findDemoDirectory, withTransaction } from '@porta/service-kit';
import { eq } from 'drizzle-orm';
import type { ContentContext } from './context.js';
import { directoryHousingCompanies, pages } from './db/schema.js';
import { seedEditorial } from './seed/editorial.js';
import { seedFeedback } from './seed/feedback.js';
import { seedDemoImages } from './seed/images.js';
import { seedShop } from './seed/shop.js';
import { seedSupport } from './seed/support.js';

/** Marks that the demo content is in (the terms page is part of it). */
const MARKER_PAGE = 'terms-and-conditions';

/**
 * The demo content for the demo housing companies: news, calendar, lifecycle steps, contacts,
 * FAQ, pages, campaigns, shop partners (with the demo's pictures) and feed items, in English,
 * Finnish and Swedish; each demo housing company's picture; and the demo residents' feedback for staff (their ids asked from identity over the bus, when there is
 * one). Needs the directory (identity's demo). Answers whether it seeded (false when it was there,
 * or identity's demo is missing).
 */
export async function seedContentDemo(ctx: ContentContext): Promise<boolean> {
  const [seeded] = await ctx.db.select({ id: pages.id }).from(pages).where(eq(pages.path, MARKER_PAGE));
  if (seeded) return false;
  const hcs = await ctx.db.select().from(directoryHousingCompanies);
  const find = (ext: string) => hcs.find((h) => h.hcExt === ext);
  const [harbour, linden, birch] = [find('DEMO-1000'), find('DEMO-2000'), find('DEMO-3000')];
  if (!harbour || !linden || !birch) return false;
  const demo = {
    harbourView: harbour.id,
    lindenCourt: linden.id,
    birchHill: birch.id,
    lindenCourtTaxonomy: linden.taxonomyPath,
  };
  const now = ctx.clock.now();
  const people: DemoDirectory | null = ctx.bus
    ? await findDemoDirectory(ctx.bus, ['DEMO-1000', 'DEMO-2000', 'DEMO-3000'])
    : null;
  await withTransaction(ctx.db, async (tx) => {
    await seedEditorial(tx, demo, now);
    await seedSupport(tx, demo, now);
    await seedShop(tx, demo, now);
    await seedDemoImages(tx, ctx.storage, now);
    if (people) await seedFeedback(tx, people, [harbour, linden, birch], now);
  });
  return true;
}
