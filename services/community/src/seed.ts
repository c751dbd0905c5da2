import type { AuthorLabel, ReportType } from '@porta/contracts';
import { type DemoCompany, findDemoDirectory, uuidv7, withTransaction } from '@porta/service-kit';
import { inArray } from 'drizzle-orm';
import type { CommunityContext, CommunityDb } from './context.js';
import {
  comments,
  conversations,
  discussions,
  likes,
  messages,
  participants,
  reports,
  subscriptions,
} from './db/schema.js';
import { requiredBody } from './domain/discussions.js';

/*
 * The community's demo (issue 17 "a demo that is alive"): in each demo housing company public
 * discussions started by a moderator (the property manager or a board member) with comments from
 * different residents, replies and likes; an area discussion with a few messages; in Linden Court a
 * private conversation between the demo owner and tenant and one comment reported to the
 * moderators. People write in their own language: Harbour View's buyers in English, Linden Court
 * in Finnish with an English-speaking owner, Birch Hill's Swedish-speaking residents in Swedish.
 * Rows are written as the routes write them (labels of the writer's role, counts, subscriptions,
 * participants), back-dated over the past weeks, without events: starting the demo notifies no one.
 */

/** The demo companies by hcExt (identity's seed). */
export const DEMO_COMPANIES = ['DEMO-1000', 'DEMO-2000', 'DEMO-3000'] as const;
type HcExt = (typeof DEMO_COMPANIES)[number];

/** Demo users who write as their role in a company rather than as their apartment (02 §6 labels). */
const ROLE_LABELS: Record<string, AuthorLabel> = {
  manager: { kind: 'role', role: 'propertyManager', apartment: null },
  othermanager: { kind: 'role', role: 'propertyManager', apartment: null },
  board: { kind: 'board', role: 'boardMember', apartment: null },
};

/** A piece of writing: who (demo key), when (days ago) and what (plain paragraphs). */
interface Post {
  by: string;
  daysAgo: number;
  text: string;
  likedBy?: string[];
}

interface DemoComment extends Post {
  replies?: Post[];
  /** Reported by this user to the moderators (the queue shows it). */
  report?: { by: string; type: ReportType; description: string };
}

interface DemoDiscussion extends Post {
  hcExt: HcExt;
  title: string;
  comments: DemoComment[];
}

interface DemoConversation {
  type: 'private' | 'area';
  hcExt: HcExt;
  title: string;
  /** Private: the members besides the writer of the first message. */
  with?: string[];
  messages: Post[];
}

export const DEMO_DISCUSSIONS: DemoDiscussion[] = [
  {
    hcExt: 'DEMO-1000',
    by: 'manager',
    daysAgo: 20,
    title: 'Welcome to the Harbour View discussion board',
    text: 'Hello future neighbours! This is the place to get to know each other before moving in. Questions about the construction are best sent as service requests; everything else is welcome here.',
    likedBy: ['owner'],
    comments: [
      {
        by: 'owner',
        daysAgo: 18,
        text: 'Hi everyone, Olivia from A 1 here. Is anyone else thinking of a shared moving van in the spring?',
        likedBy: ['manager'],
        replies: [
          {
            by: 'manager',
            daysAgo: 17,
            text: 'Good idea! The handover dates will be in the calendar as soon as they are fixed, so you can plan the move together.',
          },
        ],
      },
    ],
  },
  {
    hcExt: 'DEMO-2000',
    by: 'board',
    daysAgo: 12,
    title: 'Kevättalkoot lauantaina – tervetuloa!',
    text: 'Hallitus järjestää kevättalkoot lauantaina klo 10 alkaen. Haravoidaan piha, pestään pihakalusteet ja lopuksi grillataan yhdessä. Taloyhtiö tarjoaa makkarat ja mehut.',
    likedBy: ['owner', 'tenant', 'manager'],
    comments: [
      {
        by: 'tenant',
        daysAgo: 11,
        text: 'Kiva idea! Tuon oman haravan, niitä ei varastossa taida riittää kaikille.',
        likedBy: ['board'],
        replies: [
          { by: 'board', daysAgo: 10.5, text: 'Kiitos Timo! Uusia haravoita on tilattu kolme lisää.' },
        ],
      },
      {
        by: 'owner',
        daysAgo: 9,
        text: 'Count me in! I don’t speak much Finnish yet, but I can bake a cake for the coffee break.',
        likedBy: ['board', 'tenant'],
        replies: [
          { by: 'tenant', daysAgo: 8.5, text: 'Welcome Olivia, we will manage in English too 🙂' },
          { by: 'board', daysAgo: 8, text: 'Thank you, a cake is very welcome!' },
        ],
      },
    ],
  },
  {
    hcExt: 'DEMO-2000',
    by: 'manager',
    daysAgo: 6,
    title: 'Pyörävaraston siivous ensi kuussa',
    text: 'Pyörävarasto tyhjennetään ensi kuun alussa. Merkitse oma pyöräsi nimilapulla; merkitsemättömät pyörät siirretään kuukaudeksi säilöön ja sen jälkeen kierrätykseen.',
    likedBy: ['board'],
    comments: [
      {
        by: 'board',
        daysAgo: 5,
        text: 'Nimilappuja saa hallituksen postilaatikosta B-rapun alakerrasta.',
        likedBy: ['tenant'],
      },
      {
        by: 'tenant',
        daysAgo: 4,
        text: 'Vihdoin! B 12:n asukas jättää aina pyöränsä oven eteen, ehkä nyt se saa paikan.',
        report: {
          by: 'owner',
          type: 'content_breach_your_privacy',
          description: 'This names my apartment in public. Could the moderators please remove it?',
        },
      },
    ],
  },
  {
    hcExt: 'DEMO-3000',
    by: 'othermanager',
    daysAgo: 14,
    title: 'Bastuturer för hösten',
    text: 'Hej alla! Höstens bastuturer kan nu bokas. Tisdag och torsdag kväll är fortfarande lediga. Skriv här vilken tid som passar er.',
    likedBy: ['neighbour'],
    comments: [
      {
        by: 'neighbour',
        daysAgo: 13,
        text: 'Jag tar gärna torsdag klockan 19, om ingen annan vill ha den.',
        likedBy: ['othermanager'],
        replies: [{ by: 'othermanager', daysAgo: 12, text: 'Torsdag 19 är din, Nora. Välkommen!' }],
      },
      {
        by: 'neighbour',
        daysAgo: 3,
        text: 'Bastuaggregatet lät konstigt i går. Kunde någon titta på det?',
        replies: [
          {
            by: 'othermanager',
            daysAgo: 2,
            text: 'Tack för tipset! Fastighetsskötseln kommer och kontrollerar det på fredag.',
          },
        ],
      },
    ],
  },
];

export const DEMO_CONVERSATIONS: DemoConversation[] = [
  {
    type: 'area',
    hcExt: 'DEMO-1000',
    title: 'Katajanokka: the new playground',
    messages: [
      {
        by: 'manager',
        daysAgo: 16,
        text: 'The city is renovating the playground next to the site this summer. Share your wishes here; I will pass them on.',
      },
      {
        by: 'owner',
        daysAgo: 15,
        text: 'Swings for the little ones, please, and a few benches in the shade.',
      },
    ],
  },
  {
    type: 'area',
    hcExt: 'DEMO-2000',
    title: 'Leppävaaran katutyöt',
    messages: [
      {
        by: 'manager',
        daysAgo: 7,
        text: 'Lehmustien katutyöt alkavat maanantaina ja kestävät noin kolme viikkoa. Pihaan pääsee koko ajan Kirkkotien puolelta.',
      },
      { by: 'board', daysAgo: 6, text: 'Kiitos tiedosta! Onko jäteauto ehtinyt saada tiedon?' },
      { by: 'manager', daysAgo: 6, text: 'On, jätehuolto tulee samoina päivinä kuin ennenkin.' },
      { by: 'owner', daysAgo: 5, text: 'Thanks, good to know. Will the bus stop move during the works?' },
    ],
  },
  {
    type: 'area',
    hcExt: 'DEMO-3000',
    title: 'Hervanta: gemensam loppis i oktober',
    messages: [
      {
        by: 'othermanager',
        daysAgo: 10,
        text: 'Husbolagen i området ordnar en gemensam loppis på gården den första lördagen i oktober.',
      },
      { by: 'neighbour', daysAgo: 9, text: 'Toppen! Jag har barnkläder och böcker att sälja.' },
    ],
  },
  {
    type: 'private',
    hcExt: 'DEMO-2000',
    title: 'Parcel at your door',
    with: ['tenant'],
    messages: [
      {
        by: 'owner',
        daysAgo: 2,
        text: 'Hi Timo, the courier left a parcel for you at my door (B 12). I am home all evening if you want to pick it up.',
      },
      { by: 'tenant', daysAgo: 1.9, text: 'Oh thank you! I will come by around seven.' },
      { by: 'owner', daysAgo: 1.8, text: 'Perfect, see you then.' },
      { by: 'tenant', daysAgo: 1.5, text: 'Got it, thanks again! Kiitos paljon 🙂' },
    ],
  },
];

const paragraphs = (text: string) => requiredBody(`<p>${text}</p>`);

function at(now: Date, daysAgo: number): Date {
  return new Date(now.getTime() - daysAgo * 86_400_000);
}

/** A demo user as a writer in the company: their id, first name and 02 §6 label. */
function writer(company: DemoCompany, key: string, area?: string) {
  const member = company.members.get(key);
  if (!member) throw new Error(`the demo has no ${key} in ${company.housingCompany.hcExt}`);
  const role = ROLE_LABELS[key];
  const apartment = member.apartments.map((a) => a.no).join(', ');
  const label: AuthorLabel =
    role ??
    (area !== undefined
      ? { kind: 'area', role: null, apartment: null, area }
      : apartment
        ? { kind: 'apartment', role: null, apartment }
        : { kind: 'member', role: null, apartment: null });
  return {
    id: member.userId,
    firstName: member.firstName,
    row: { authorId: member.userId, authorFirstName: member.firstName, authorLabel: label },
  };
}

async function likeAll(
  tx: CommunityDb,
  company: DemoCompany,
  target: { id: string; type: 'discussion' | 'comment' },
  keys: readonly string[] | undefined,
  at: Date,
) {
  if (!keys?.length) return;
  await tx.insert(likes).values(
    keys.map((key) => {
      const who = writer(company, key);
      return {
        targetId: target.id,
        targetType: target.type,
        userId: who.id,
        housingCompanyId: company.housingCompany.id,
        name: who.firstName,
        createdAt: at,
      };
    }),
  );
}

async function seedDiscussion(tx: CommunityDb, company: DemoCompany, d: DemoDiscussion, now: Date) {
  const hc = company.housingCompany;
  const thread = d.comments.flatMap((c) => [c, ...(c.replies ?? [])]);
  const created = at(now, d.daysAgo);
  const lastActivity = thread.reduce((last, c) => Math.min(last, c.daysAgo), d.daysAgo);
  const [discussion] = await tx
    .insert(discussions)
    .values({
      id: uuidv7(),
      housingCompanyId: hc.id,
      title: d.title,
      body: paragraphs(d.text),
      ...writer(company, d.by).row,
      commentCount: thread.length,
      lastActivityAt: at(now, lastActivity),
      createdAt: created,
      updatedAt: created,
    })
    .returning();
  await likeAll(tx, company, { id: discussion!.id, type: 'discussion' }, d.likedBy, created);
  const subscribers = new Set([d.by, ...thread.map((c) => c.by)]);
  await tx.insert(subscriptions).values(
    [...subscribers].map((key) => ({
      discussionId: discussion!.id,
      userId: writer(company, key).id,
      active: true,
    })),
  );
  const comment = async (c: Post, parentId: string | null, childCount: number) => {
    const when = at(now, c.daysAgo);
    const [row] = await tx
      .insert(comments)
      .values({
        id: uuidv7(),
        discussionId: discussion!.id,
        housingCompanyId: hc.id,
        parentId,
        body: paragraphs(c.text),
        ...writer(company, c.by).row,
        childCount,
        createdAt: when,
        updatedAt: when,
      })
      .returning();
    await likeAll(tx, company, { id: row!.id, type: 'comment' }, c.likedBy, when);
    return row!;
  };
  for (const c of d.comments) {
    const top = await comment(c, null, c.replies?.length ?? 0);
    for (const reply of c.replies ?? []) await comment(reply, top.id, 0);
    if (c.report) {
      const reporter = writer(company, c.report.by);
      await tx.insert(reports).values({
        housingCompanyId: hc.id,
        hcExt: hc.hcExt,
        housingCompanyName: hc.name,
        targetObject: top.id,
        targetType: 'comment',
        targetHref: `/community/public-discussions/${discussion!.id}?_hc=${encodeURIComponent(hc.hcExt)}#comment-${top.id}`,
        reportType: c.report.type,
        description: c.report.description,
        reporterId: reporter.id,
        reporterFirstName: reporter.firstName,
        createdAt: at(now, Math.max(0, c.daysAgo - 0.2)),
      });
    }
  }
}

async function seedConversation(
  tx: CommunityDb,
  company: DemoCompany,
  c: DemoConversation,
  area: { id: string; name: string } | undefined,
  now: Date,
) {
  const areaName = c.type === 'area' ? area?.name : undefined;
  if (c.type === 'area' && !area) return;
  const [first, ...rest] = c.messages;
  if (!first) return;
  const created = at(now, first.daysAgo);
  const last = at(now, c.messages.at(-1)!.daysAgo);
  const [conversation] = await tx
    .insert(conversations)
    .values({
      id: uuidv7(),
      type: c.type,
      housingCompanyId: company.housingCompany.id,
      areaId: area && c.type === 'area' ? area.id : null,
      areaName: areaName ?? null,
      title: c.title,
      ...writer(company, first.by, areaName).row,
      messageCount: c.messages.length,
      lastMessageAt: last,
      createdAt: created,
      updatedAt: created,
    })
    .returning();
  for (const m of [first, ...rest]) {
    const when = at(now, m.daysAgo);
    await tx.insert(messages).values({
      id: uuidv7(),
      conversationId: conversation!.id,
      housingCompanyId: company.housingCompany.id,
      body: paragraphs(m.text),
      ...writer(company, m.by, areaName).row,
      createdAt: when,
      updatedAt: when,
    });
  }
  // Private: the writer and those they chose; area: everyone who wrote in it.
  const members = new Set([first.by, ...(c.type === 'private' ? (c.with ?? []) : rest.map((m) => m.by))]);
  await tx.insert(participants).values(
    [...members].map((key) => {
      const who = writer(company, key);
      return {
        conversationId: conversation!.id,
        userId: who.id,
        firstName: who.firstName,
        createdAt: created,
      };
    }),
  );
}

/**
 * Seed the community's demo unless the demo companies have discussions or conversations already.
 * Needs identity's demo (asked over the bus); answers whether it seeded (false when it was there,
 * or identity has no demo).
 */
export async function seedCommunityDemo(
  ctx: CommunityContext,
  options: { now?: Date; retry?: { attempts: number; delayMs: number } } = {},
): Promise<boolean> {
  const demo = await findDemoDirectory(ctx.bus, DEMO_COMPANIES, options.retry);
  if (!demo) return false;
  const ids = [...demo.values()].map((c) => c.housingCompany.id);
  const [existing] = await ctx.db
    .select({ id: discussions.id })
    .from(discussions)
    .where(inArray(discussions.housingCompanyId, ids))
    .limit(1);
  const [talk] = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(inArray(conversations.housingCompanyId, ids))
    .limit(1);
  if (existing || talk) return false;
  const areas = await ctx.identity.areas(ids);
  const now = options.now ?? new Date();
  // Oldest first, so that ids (UUIDv7, by creation) follow the back-dated times.
  const oldestFirst = <T extends { daysAgo: number }>(list: T[]) =>
    [...list].sort((a, b) => b.daysAgo - a.daysAgo);
  await withTransaction(ctx.db, async (tx) => {
    for (const d of oldestFirst(DEMO_DISCUSSIONS)) {
      await seedDiscussion(tx, demo.get(d.hcExt)!, d, now);
    }
    const talks = DEMO_CONVERSATIONS.map((c) => ({ ...c, daysAgo: c.messages[0]?.daysAgo ?? 0 }));
    for (const c of oldestFirst(talks)) {
      const company = demo.get(c.hcExt)!;
      await seedConversation(tx, company, c, areas.get(company.housingCompany.id), now);
    }
  });
  return true;
}
