import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { WELCOME_ARTICLE_CODENAME } from '@porta/contracts';
import type { Storage } from '@porta/service-kit';
import { eq, inArray } from 'drizzle-orm';
import { imageSize } from 'image-size';
import type { ContentDb } from '../context.js';
import {
  apartmentImages,
  articles,
  assets,
  campaigns,
  directoryApartments,
  directoryHousingCompanies,
  housingCompanyImages,
  shopPartners,
} from '../db/schema.js';
import { matchApartments, parseApartmentImageName } from '../domain/apartment-image-names.js';
import type { AssetPurpose } from '../domain/assets.js';

/*
 * The demo's pictures: illustrations drawn for Porta's demo (services/content/demo-images, credited
 * in docs/demo-images.md), stored as image assets the way an upload would be and attached to the
 * demo's news, campaigns and shop partners by codename and external id, and set as the demo housing
 * companies' pictures by their external id (hcExt). Which item shows which file is the tables
 * below; a file may serve several items (each item gets its own asset, so that removing one item's
 * image leaves the others).
 */

/** Where the files are: beside src/ and dist/, so the same path works from both. */
export const DEMO_IMAGES_DIR = fileURLToPath(new URL('../../demo-images/', import.meta.url));

/** News article codename → illustration. */
export const DEMO_ARTICLE_IMAGES: Record<string, string> = {
  'porta-has-a-new-look': 'news-portal.svg',
  [WELCOME_ARTICLE_CODENAME]: 'news-home.svg',
  'harbour-view-foundations-ready': 'news-construction.svg',
  'harbour-view-site-visit': 'news-construction.svg',
  'harbour-view-roof-schedule': 'news-facade.svg',
  'linden-court-water-shut-off': 'news-water.svg',
  'linden-court-general-meeting-notice': 'news-meeting.svg',
  'linden-court-courtyard-renovation': 'news-yard.svg',
  'linden-court-bicycle-storage': 'news-bicycles.svg',
  'linden-court-sauna-times': 'news-sauna.svg',
  'linden-court-autumn-offers': 'campaign-kitchen.svg',
  'linden-court-board-minutes': 'news-meeting.svg',
  'linden-court-spring-cleaning-results': 'news-yard.svg',
  'linden-court-elevator-maintenance': 'news-facade.svg',
  'birch-hill-heating-maintenance': 'news-heating.svg',
  'birch-hill-parking-rules': 'news-parking.svg',
};

/** Campaign codename → illustration. */
export const DEMO_CAMPAIGN_IMAGES: Record<string, string> = {
  'kitchen-renovation-spring': 'campaign-kitchen.svg',
  'moving-in-cleaning': 'campaign-cleaning.svg',
  'interior-design-consultation': 'news-home.svg',
  'window-cleaning-linden': 'campaign-window.svg',
  'sauna-maintenance-large-homes': 'news-sauna.svg',
  'studio-storage-package': 'campaign-kitchen.svg',
  'birch-hill-garden-care': 'news-yard.svg',
  'solar-panels-uusimaa': 'campaign-solar.svg',
  'smart-thermostat-everyone': 'news-heating.svg',
  'winter-window-cleaning-ended': 'campaign-window.svg',
  'summer-terrace-upcoming': 'news-yard.svg',
  'heat-pump-advertisement': 'news-heating.svg',
  'new-home-insurance-draft': 'news-home.svg',
};

/** Shop partner external id → its logo (a square wordmark) and the picture on its page. */
export const DEMO_PARTNER_IMAGES: Record<string, { logo: string; image: string }> = {
  'DEMO-SHOP-KITCHEN': { logo: 'logo-kitchen-partners.svg', image: 'campaign-kitchen.svg' },
  'DEMO-SHOP-CLEAN': { logo: 'logo-clean-home.svg', image: 'campaign-cleaning.svg' },
  'DEMO-SHOP-ENERGY': { logo: 'logo-green-energy.svg', image: 'campaign-solar.svg' },
};

/** Demo housing company external id (hcExt) → its picture: a building drawn for the company (4:3). */
export const DEMO_HOUSING_COMPANY_IMAGES: Record<string, string> = {
  'DEMO-1000': 'hc-harbour-view.svg',
  'DEMO-2000': 'hc-linden-court.svg',
  'DEMO-3000': 'hc-birch-hill.svg',
};

/**
 * Demo housing company external id → apartment images, as uploaded: the name an editor would give
 * the file (apartment identifiers__name, 03 §5) → the illustration. Linden Court's B 14 is the
 * demo tenant's (and the board member's) home.
 */
export const DEMO_APARTMENT_IMAGES: Record<string, Record<string, string>> = {
  'DEMO-2000': {
    'B 14__living-room.svg': 'news-home.svg',
    'B 14__sauna.svg': 'news-sauna.svg',
  },
};

/** Store one demo file as a new asset (under `storedName`, if given); answers its id. */
async function storeDemoImage(
  db: ContentDb,
  storage: Storage,
  fileName: string,
  purpose: AssetPurpose,
  now: Date,
  storedName = fileName,
): Promise<string> {
  const data = await readFile(`${DEMO_IMAGES_DIR}${fileName}`);
  const { width, height } = imageSize(data);
  const id = crypto.randomUUID();
  const storageKey = `content/assets/${id}`;
  await storage.put(storageKey, data);
  await db.insert(assets).values({
    id,
    storageKey,
    fileName: storedName,
    mimeType: 'image/svg+xml',
    size: data.length,
    width: width ?? null,
    height: height ?? null,
    purpose,
    createdBy: null,
    createdAt: now,
  });
  return id;
}

/** Attach the demo's pictures to the demo items (after they are in; items not found are skipped). */
export async function seedDemoImages(db: ContentDb, storage: Storage, now: Date): Promise<void> {
  const articleRows = await db
    .select({ id: articles.id, codename: articles.codename })
    .from(articles)
    .where(inArray(articles.codename, Object.keys(DEMO_ARTICLE_IMAGES)));
  for (const row of articleRows) {
    const imageId = await storeDemoImage(
      db,
      storage,
      DEMO_ARTICLE_IMAGES[row.codename]!,
      'article-image',
      now,
    );
    await db
      .update(articles)
      .set({ imageIds: [imageId] })
      .where(eq(articles.id, row.id));
  }

  const campaignRows = await db
    .select({ id: campaigns.id, codename: campaigns.codename })
    .from(campaigns)
    .where(inArray(campaigns.codename, Object.keys(DEMO_CAMPAIGN_IMAGES)));
  for (const row of campaignRows) {
    const imageId = await storeDemoImage(
      db,
      storage,
      DEMO_CAMPAIGN_IMAGES[row.codename]!,
      'article-image',
      now,
    );
    await db.update(campaigns).set({ imageId }).where(eq(campaigns.id, row.id));
  }

  const partnerRows = await db
    .select({ id: shopPartners.id, externalId: shopPartners.externalId })
    .from(shopPartners)
    .where(inArray(shopPartners.externalId, Object.keys(DEMO_PARTNER_IMAGES)));
  for (const row of partnerRows) {
    const files = DEMO_PARTNER_IMAGES[row.externalId!]!;
    const logoId = await storeDemoImage(db, storage, files.logo, 'partner-logo', now);
    const imageId = await storeDemoImage(db, storage, files.image, 'article-image', now);
    await db.update(shopPartners).set({ logoId, imageId }).where(eq(shopPartners.id, row.id));
  }

  const companyRows = await db
    .select({ id: directoryHousingCompanies.id, hcExt: directoryHousingCompanies.hcExt })
    .from(directoryHousingCompanies)
    .where(inArray(directoryHousingCompanies.hcExt, Object.keys(DEMO_HOUSING_COMPANY_IMAGES)));
  for (const row of companyRows) {
    const assetId = await storeDemoImage(db, storage, DEMO_HOUSING_COMPANY_IMAGES[row.hcExt]!, 'image', now);
    await db
      .insert(housingCompanyImages)
      .values({ housingCompanyId: row.id, assetId, updatedBy: null, updatedAt: now })
      .onConflictDoNothing();
  }

  // Apartment images, matched by their names as an upload is.
  const apartmentCompanies = await db
    .select({ id: directoryHousingCompanies.id, hcExt: directoryHousingCompanies.hcExt })
    .from(directoryHousingCompanies)
    .where(inArray(directoryHousingCompanies.hcExt, Object.keys(DEMO_APARTMENT_IMAGES)));
  for (const hc of apartmentCompanies) {
    const apartments = await db
      .select()
      .from(directoryApartments)
      .where(eq(directoryApartments.housingCompanyId, hc.id));
    for (const [uploadName, file] of Object.entries(DEMO_APARTMENT_IMAGES[hc.hcExt]!)) {
      const parsed = parseApartmentImageName(uploadName);
      if (!parsed.ok) continue;
      const matched = matchApartments(parsed.identifiers, apartments).apartments;
      if (matched.length === 0) continue;
      const assetId = await storeDemoImage(db, storage, file, 'image', now, uploadName);
      for (const apartment of matched) {
        await db
          .insert(apartmentImages)
          .values({
            housingCompanyId: hc.id,
            apartmentId: apartment.id,
            assetId,
            name: parsed.name,
            createdAt: now,
          })
          .onConflictDoNothing();
      }
    }
  }
}
