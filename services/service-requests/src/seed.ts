import type { ServiceRequestStatus, ServiceRequestTypeKey } from '@porta/contracts';
import { type DemoCompany, findDemoDirectory, uuidv7, withTransaction } from '@porta/service-kit';
import { inArray } from 'drizzle-orm';
import type { ServiceRequestsContext } from './context.js';
import { requests, responses } from './db/schema.js';
import { addRecipients, decideRecipients, type Recipient } from './domain/recipients.js';
import { cleanContent, typesOf } from './domain/requests.js';

/*
 * The service requests' demo (issue 17 "a demo that is alive"): in each demo housing company the
 * demo residents' requests in several states — new (open, unanswered), waiting for the resident
 * (open, the handler asked something), in progress (with the handler's response) and closed or
 * declined — with the handlers' responses. Residents write in their own language (Harbour View's
 * owner and Linden Court's owner in English, the tenant in Finnish, Birch Hill's neighbour in
 * Swedish) and are answered in it. Recipients are decided by the type's rule as a new request's
 * are; rows are back-dated over the past weeks and written without events (starting the demo
 * e-mails no one).
 */

export const DEMO_COMPANIES = ['DEMO-1000', 'DEMO-2000', 'DEMO-3000'] as const;

interface DemoResponse {
  /** A demo key: the sender or a handler of the company. */
  by: string;
  daysAgo: number;
  text: string;
}

interface DemoRequest {
  hcExt: (typeof DEMO_COMPANIES)[number];
  by: string;
  typeId: ServiceRequestTypeKey;
  subject: string;
  text: string;
  daysAgo: number;
  status: ServiceRequestStatus;
  /** Shown to the company's other residents. */
  public?: boolean;
  urgent?: boolean;
  responses?: DemoResponse[];
}

export const DEMO_REQUESTS: DemoRequest[] = [
  // Harbour View (under construction): the buyer's fit-out questions.
  {
    hcExt: 'DEMO-1000',
    by: 'owner',
    typeId: 'fit_out',
    subject: 'Extra socket in the bedroom',
    text: 'Could an extra double socket be added next to the bedroom window? I would like a desk there.',
    daysAgo: 21,
    status: 'closed',
    responses: [
      {
        by: 'manager',
        daysAgo: 19,
        text: 'The electrician confirmed it can be done as a change order (65 €). It is now in your apartment’s plans.',
      },
      { by: 'owner', daysAgo: 18, text: 'Wonderful, thank you!' },
    ],
  },
  {
    hcExt: 'DEMO-1000',
    by: 'owner',
    typeId: 'apartment_furnishing',
    subject: 'Kitchen cabinet colour samples',
    text: 'Are there samples of the kitchen cabinet colours I could see before the material-selection deadline?',
    daysAgo: 3,
    status: 'inprogress',
    responses: [
      {
        by: 'manager',
        daysAgo: 2,
        text: 'Samples are at the site office. I have asked the site to book you a visit next week and will confirm the time here.',
      },
    ],
  },
  // Linden Court (lived in): the owner writes in English, the tenant in Finnish.
  {
    hcExt: 'DEMO-2000',
    by: 'owner',
    typeId: 'maintenance_dispatch',
    subject: 'Dripping kitchen tap',
    text: 'The kitchen tap in B 12 keeps dripping even when fully closed.',
    daysAgo: 25,
    status: 'closed',
    responses: [
      {
        by: 'manager',
        daysAgo: 24,
        text: 'Thank you, maintenance will replace the cartridge on Thursday morning.',
      },
      { by: 'owner', daysAgo: 21, text: 'Fixed, thanks!' },
    ],
  },
  {
    hcExt: 'DEMO-2000',
    by: 'tenant',
    typeId: 'maintenance_dispatch',
    subject: 'Kylpyhuoneen lattiakaivo haisee',
    text: 'Kylpyhuoneen lattiakaivosta tulee viemärin hajua, vaikka se on puhdistettu.',
    daysAgo: 9,
    status: 'inprogress',
    responses: [
      {
        by: 'manager',
        daysAgo: 8,
        text: 'Kiitos ilmoituksesta. Huoltoyhtiö tulee tarkistamaan lattiakaivon ja vesilukon ensi tiistaina klo 8–12.',
      },
    ],
  },
  {
    hcExt: 'DEMO-2000',
    by: 'tenant',
    typeId: 'housing_association_board',
    subject: 'Saako parvekkeelle asentaa lasituksen?',
    text: 'Haluaisin lasittaa parvekkeen omalla kustannuksellani. Tarvitaanko tähän hallituksen lupa?',
    daysAgo: 5,
    status: 'open',
    responses: [
      {
        by: 'board',
        daysAgo: 4,
        text: 'Lupa tarvitaan. Lähetätkö vielä tarjouksen ja kuvan lasitusmallista? Käsittelemme asian seuraavassa kokouksessa.',
      },
    ],
  },
  {
    hcExt: 'DEMO-2000',
    by: 'owner',
    typeId: 'common_area_fault',
    subject: 'Light out in staircase B',
    text: 'The ceiling light on the third floor of staircase B has been out since yesterday.',
    daysAgo: 1,
    status: 'open',
    public: true,
  },
  {
    hcExt: 'DEMO-2000',
    by: 'tenant',
    typeId: 'common_area_fault',
    subject: 'Pesutuvan kuivausrumpu',
    text: 'Pesutuvan kuivausrumpu pysähtyy kesken ohjelman.',
    daysAgo: 30,
    status: 'declined',
    responses: [
      {
        by: 'manager',
        daysAgo: 29,
        text: 'Kuivausrumpu on jo korjauslistalla toisen ilmoituksen perusteella, joten suljen tämän pyynnön.',
      },
    ],
  },
  // Birch Hill: the neighbour writes in Swedish.
  {
    hcExt: 'DEMO-3000',
    by: 'neighbour',
    typeId: 'common_area_fault',
    subject: 'Bastuaggregatet låter konstigt',
    text: 'Bastuaggregatet i gemensamma bastun surrar högt och blir inte ordentligt varmt.',
    daysAgo: 3,
    status: 'inprogress',
    responses: [
      {
        by: 'othermanager',
        daysAgo: 2,
        text: 'Tack! Fastighetsskötseln kontrollerar aggregatet på fredag. Bastun kan användas som vanligt tills dess.',
      },
    ],
  },
  {
    hcExt: 'DEMO-3000',
    by: 'neighbour',
    typeId: 'maintenance_dispatch',
    subject: 'Dörren till förrådet kärvar',
    text: 'Dörren till källarförrådet går knappt att öppna.',
    daysAgo: 18,
    status: 'closed',
    responses: [
      { by: 'othermanager', daysAgo: 16, text: 'Gångjärnen har smorts och dörren justerats.' },
      { by: 'neighbour', daysAgo: 15, text: 'Nu fungerar den, tack så mycket!' },
    ],
  },
  {
    hcExt: 'DEMO-3000',
    by: 'neighbour',
    typeId: 'maintenance_dispatch',
    subject: 'Nyckel till tvättstugan',
    text: 'Jag behöver en extra nyckel till tvättstugan. Hur beställer jag en?',
    daysAgo: 0.5,
    status: 'open',
  },
];

const html = (text: string) => cleanContent(`<p>${text}</p>`);
const at = (now: Date, daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);

/** The demo user in the company, with their first apartment there (a sender's apartment). */
function person(company: DemoCompany, key: string) {
  const member = company.members.get(key);
  if (!member) throw new Error(`the demo has no ${key} in ${company.housingCompany.hcExt}`);
  const apartment = member.apartments[0] ?? null;
  return {
    senderId: member.userId,
    senderName: member.firstName,
    apartmentId: apartment?.id ?? null,
    apartmentNo: apartment?.no ?? null,
  };
}

/**
 * Seed the demo requests unless the demo companies have requests already. Needs identity's demo
 * (asked over the bus); answers whether it seeded.
 */
export async function seedServiceRequestsDemo(
  ctx: ServiceRequestsContext,
  options: { now?: Date; retry?: { attempts: number; delayMs: number } } = {},
): Promise<boolean> {
  const demo = await findDemoDirectory(ctx.bus, DEMO_COMPANIES, options.retry);
  if (!demo) return false;
  const ids = [...demo.values()].map((c) => c.housingCompany.id);
  const [existing] = await ctx.db
    .select({ id: requests.id })
    .from(requests)
    .where(inArray(requests.housingCompanyId, ids))
    .limit(1);
  if (existing) return false;
  const now = options.now ?? new Date();
  // Recipients as the type's rule decides them for a new request (identity answers who).
  const planned: {
    r: DemoRequest;
    company: DemoCompany;
    sender: ReturnType<typeof person>;
    recipients: Recipient[];
  }[] = [];
  // Oldest first: request ids (UUIDv7, by creation) give the lists their order.
  for (const r of [...DEMO_REQUESTS].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const company = demo.get(r.hcExt)!;
    if (!typesOf(company).items.some((t) => t.key === r.typeId)) continue;
    const sender = person(company, r.by);
    const recipients = await decideRecipients(ctx, {
      housingCompanyId: company.housingCompany.id,
      typeId: r.typeId,
      targetUser: null,
      partnerCompanyId: null,
      senderId: sender.senderId,
    });
    planned.push({ r, company, sender, recipients });
  }
  await withTransaction(ctx.db, async (tx) => {
    for (const { r, company, sender, recipients } of planned) {
      const created = at(now, r.daysAgo);
      const answers = r.responses ?? [];
      const last = answers.length ? at(now, answers.at(-1)!.daysAgo) : created;
      const closed = r.status === 'closed' || r.status === 'declined';
      const [row] = await tx
        .insert(requests)
        .values({
          id: uuidv7(),
          housingCompanyId: company.housingCompany.id,
          typeId: r.typeId,
          subject: r.subject,
          content: html(r.text),
          statusKey: r.status,
          isPublic: r.public ?? false,
          urgentRequest: r.urgent ?? false,
          ...sender,
          responseCount: answers.length,
          createdAt: created,
          updatedAt: last,
          closedAt: closed ? last : null,
        })
        .returning();
      await addRecipients(tx, row!.id, recipients, null);
      for (const answer of answers) {
        await tx.insert(responses).values({
          id: uuidv7(),
          requestId: row!.id,
          housingCompanyId: company.housingCompany.id,
          content: html(answer.text),
          ...person(company, answer.by),
          createdAt: at(now, answer.daysAgo),
        });
      }
    }
  });
  return true;
}
