import type { HomeFolderCategory, StandardFolderKey } from '@porta/contracts';
import { findDemoDirectory, uuidv7, withTransaction } from '@porta/service-kit';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DocumentsContext } from './context.js';
import { documents, folders } from './db/schema.js';
import { simplePdf } from './domain/pdf.js';

/*
 * The documents' demo (issue 20: a new user sees the library in use): in each demo housing company
 * a few files in its standard folders — the home manual with its categories, house rules, the
 * board's minutes, the owners' meeting papers — and an invoice and a handover record in Linden
 * Court's apartment B 12, uploaded by the company's property manager over the past weeks. Files
 * are small real PDFs; rows are written without events (starting the demo notifies no one).
 */

export const DEMO_COMPANIES = ['DEMO-1000', 'DEMO-2000', 'DEMO-3000'] as const;

interface DemoFile {
  hcExt: (typeof DEMO_COMPANIES)[number];
  folder: StandardFolderKey;
  /** An apartment's folder, by its number. */
  apartment?: string;
  name: string;
  lines: string[];
  daysAgo: number;
  homeFolder?: HomeFolderCategory;
  tags?: string[];
}

export const DEMO_FILES: DemoFile[] = [
  {
    hcExt: 'DEMO-2000',
    folder: 'home',
    name: 'Home manual - table of contents.pdf',
    lines: [
      '1. Contact details',
      '2. Apartment manuals',
      '3. Blueprints',
      '4. Maintenance',
      '5. Machinery and equipment',
    ],
    daysAgo: 60,
    homeFolder: 'table_of_contents',
  },
  {
    hcExt: 'DEMO-2000',
    folder: 'home',
    name: 'Ventilation unit - user guide.pdf',
    lines: [
      'Change the filters twice a year (spring and autumn).',
      'Boost mode: press the fan button for 3 seconds.',
    ],
    daysAgo: 58,
    homeFolder: 'machinery_and_equipment',
    tags: ['ventilation'],
  },
  {
    hcExt: 'DEMO-2000',
    folder: 'hc_common',
    name: 'House rules 2026.pdf',
    lines: [
      'Quiet hours are from 22 to 7.',
      'Bicycles belong in the bicycle storage.',
      'Sauna turns are booked in the portal.',
    ],
    daysAgo: 30,
    tags: ['rules'],
  },
  {
    hcExt: 'DEMO-2000',
    folder: 'hc_waste_management',
    name: 'Recycling guide.pdf',
    lines: [
      'Bio waste: brown bin.',
      'Cardboard: blue bin.',
      'Glass and metal: the collection point by the gate.',
    ],
    daysAgo: 25,
  },
  {
    hcExt: 'DEMO-2000',
    folder: 'hc_board',
    name: 'Board meeting minutes 10-2026.pdf',
    lines: [
      'Present: the board and the property manager.',
      'Decided: the courtyard lighting is renewed in spring.',
    ],
    daysAgo: 12,
    tags: ['minutes'],
  },
  {
    hcExt: 'DEMO-2000',
    folder: 'owner',
    name: 'Annual general meeting - invitation.pdf',
    lines: [
      'The annual general meeting is held in the club room.',
      'Agenda: financial statements, budget, board election.',
    ],
    daysAgo: 6,
    tags: ['meeting'],
  },
  {
    hcExt: 'DEMO-2000',
    folder: 'owner',
    name: 'Financial statements 2025.pdf',
    lines: ['Maintenance charges: 412 000 EUR', 'Operating costs: 398 500 EUR', 'Result: 13 500 EUR'],
    daysAgo: 6,
    tags: ['meeting'],
  },
  {
    hcExt: 'DEMO-2000',
    folder: 'apt_invoices',
    apartment: 'B 12',
    name: 'Maintenance charge - November.pdf',
    lines: ['Apartment B 12', 'Maintenance charge: 248.40 EUR', 'Due date: the 5th of the month'],
    daysAgo: 3,
  },
  {
    hcExt: 'DEMO-2000',
    folder: 'apt_documents',
    apartment: 'B 12',
    name: 'Apartment B 12 - handover record.pdf',
    lines: ['Keys handed over: 3', 'Meter readings noted at handover.'],
    daysAgo: 40,
  },
  {
    hcExt: 'DEMO-1000',
    folder: 'hc_common',
    name: 'Construction schedule.pdf',
    lines: ['Frame complete: done', 'Interior works: in progress', 'Handover: as announced in the calendar'],
    daysAgo: 9,
  },
  {
    hcExt: 'DEMO-3000',
    folder: 'hc_common',
    name: 'Ordningsregler.pdf',
    lines: ['Tystnad mellan klockan 22 och 7.', 'Cyklar förvaras i cykelförrådet.'],
    daysAgo: 15,
  },
];

/** Seed the demo files unless the demo companies have files already; answers whether it seeded. */
export async function seedDocumentsDemo(
  ctx: DocumentsContext,
  options: { now?: Date; retry?: { attempts: number; delayMs: number } } = {},
): Promise<boolean> {
  const demo = await findDemoDirectory(ctx.bus, DEMO_COMPANIES, options.retry);
  if (!demo) return false;
  const ids = [...demo.values()].map((c) => c.housingCompany.id);
  const [existing] = await ctx.db
    .select({ id: documents.id })
    .from(documents)
    .where(inArray(documents.housingCompanyId, ids))
    .limit(1);
  if (existing) return false;
  for (const company of demo.values()) {
    const hc = company.housingCompany;
    await ctx.standardFolders.ensure(
      hc.id,
      hc.apartments.map((a) => a.id),
    );
  }
  const now = (options.now ?? new Date()).getTime();
  const rows: (typeof documents.$inferInsert)[] = [];
  const stored: string[] = [];
  // Oldest first: ids (UUIDv7) follow the upload order.
  for (const file of [...DEMO_FILES].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const company = demo.get(file.hcExt)!;
    const hc = company.housingCompany;
    const apartmentId = file.apartment
      ? (hc.apartments.find((a) => a.no === file.apartment)?.id ?? null)
      : null;
    if (file.apartment && !apartmentId) continue;
    const [folder] = await ctx.db
      .select({ id: folders.id })
      .from(folders)
      .where(
        and(
          eq(folders.housingCompanyId, hc.id),
          eq(folders.key, file.folder),
          apartmentId ? eq(folders.apartmentId, apartmentId) : isNull(folders.apartmentId),
        ),
      );
    const uploader = company.members.get('manager') ?? company.members.get('othermanager');
    if (!folder || !uploader) continue;
    const id = uuidv7();
    const storageKey = `documents/${hc.id}/${id}`;
    const data = simplePdf(file.name.replace(/\.pdf$/, ''), file.lines);
    await ctx.storage.put(storageKey, data);
    stored.push(storageKey);
    const at = new Date(now - file.daysAgo * 86_400_000);
    rows.push({
      id,
      housingCompanyId: hc.id,
      apartmentId,
      folderId: folder.id,
      name: file.name,
      fileName: file.name,
      extension: 'pdf',
      mimeType: 'application/pdf',
      size: data.length,
      storageKey,
      tags: file.tags ?? [],
      homeFolder: file.homeFolder ?? null,
      createdBy: uploader.userId,
      createdAt: at,
      updatedAt: at,
    });
  }
  await withTransaction(ctx.db, async (tx) => {
    if (rows.length) await tx.insert(documents).values(rows);
  });
  return rows.length > 0;
}
