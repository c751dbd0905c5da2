import { randomUUID } from 'node:crypto';
import { languageOfLocale } from '@porta/contracts';
import { DEMO_EMAIL_DOMAIN, findDemoDirectory, withTransaction } from '@porta/service-kit';
import { inArray } from 'drizzle-orm';
import type { LettersContext } from './context.js';
import { deliveries, letters, recipients } from './db/schema.js';
import { sanitizeLetterHtml } from './domain/html.js';

/*
 * The letters' demo (issue 21: a new user sees them in use): Linden Court's property manager sent
 * its residents the yard-cleaning letter three weeks ago (every copy delivered but one to an old
 * address, which bounced) and drafts the warranty inspection's invitation; Harbour View's welcome
 * letter waits as a draft. Rows are written without events and without mail.
 */

const DAY = 86_400_000;

export async function seedLettersDemo(
  ctx: LettersContext,
  options: { now?: Date; retry?: { attempts: number; delayMs: number } } = {},
): Promise<boolean> {
  const demo = await findDemoDirectory(ctx.bus, ['DEMO-1000', 'DEMO-2000'], options.retry);
  const linden = demo?.get('DEMO-2000');
  const harbour = demo?.get('DEMO-1000');
  if (!linden || !harbour) return false;
  const [existing] = await ctx.db
    .select({ id: letters.id })
    .from(letters)
    .where(inArray(letters.housingCompanyId, [linden.housingCompany.id, harbour.housingCompany.id]))
    .limit(1);
  if (existing) return false;
  const manager = linden.members.get('manager');
  const staff = harbour.members.get('staff') ?? manager;
  if (!manager || !staff) return false;
  const now = (options.now ?? new Date()).getTime();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);

  const yardDay = randomUUID();
  const warranty = randomUUID();
  const welcome = randomUUID();
  const residents = [...linden.members.entries()].filter(([, m]) => m.apartments.length > 0);
  await withTransaction(ctx.db, async (tx) => {
    await tx.insert(letters).values([
      {
        id: yardDay,
        housingCompanyId: linden.housingCompany.id,
        title: 'Pihatalkoot lauantaina 9.5. klo 10',
        preheader: 'Haravat, makkaraa ja mehua – tervetuloa!',
        template: 'blank',
        content: sanitizeLetterHtml(
          '<h2>Pihatalkoot</h2><p>Siivoamme pihan yhdessä lauantaina 9.5. klo 10–13. Taloyhtiö tarjoaa haravat, jätesäkit ja makkaraa.</p><ul><li>Kokoontuminen leikkipaikalla</li><li>Lapset ovat tervetulleita mukaan</li></ul><p>Terveisin hallitus ja isännöitsijä</p>',
        ),
        roleGroups: ['residents'],
        status: 'sent',
        recipientCount: 1,
        createdBy: manager.userId,
        createdAt: at(23),
        updatedAt: at(21),
        sentAt: at(21),
        sentBy: manager.userId,
      },
      {
        id: warranty,
        housingCompanyId: linden.housingCompany.id,
        title: 'Kutsu takuutarkastukseen',
        preheader: 'Ilmoita asunnon viat ennen tarkastusta',
        template: 'warranty-meeting',
        content: sanitizeLetterHtml(
          '<p>Rakennuksen kahden vuoden takuuaika päättyy pian. Takuutarkastus pidetään kesäkuussa; ilmoitathan asuntosi viat Portan takuuosiossa ennen tarkastusta.</p>',
        ),
        roleGroups: ['owners', 'board'],
        recipientCount: 2,
        createdBy: manager.userId,
        createdAt: at(2),
        updatedAt: at(1),
      },
      {
        id: welcome,
        housingCompanyId: harbour.housingCompany.id,
        title: 'Welcome to Harbour View',
        preheader: 'What happens before you move in',
        template: 'blank',
        content: sanitizeLetterHtml(
          '<p>Construction is on schedule. Over the coming months we will invite you to choose your materials and to visit the site.</p>',
        ),
        roleGroups: ['owners'],
        createdBy: staff.userId,
        createdAt: at(5),
        updatedAt: at(5),
      },
    ]);
    await tx.insert(recipients).values([
      {
        id: randomUUID(),
        letterId: yardDay,
        name: 'Matti Muuttanut',
        email: 'matti.muuttanut@example.com',
        source: 'manual',
      },
      {
        id: randomUUID(),
        letterId: warranty,
        name: 'Rakennuttajan valvoja',
        email: 'valvoja@example.com',
        source: 'manual',
      },
      {
        id: randomUUID(),
        letterId: warranty,
        name: 'Huoltoyhtiö Kiinteistöhuolto',
        email: 'huolto@example.com',
        source: 'manual',
      },
    ]);
    await tx.insert(deliveries).values([
      {
        id: randomUUID(),
        letterId: yardDay,
        email: 'matti.muuttanut@example.com',
        name: 'Matti Muuttanut',
        language: 'fi',
        source: 'named',
        status: 'failed',
        answer: '550 5.1.1 <matti.muuttanut@example.com>: User unknown',
        messageId: `<demo-${randomUUID()}@porta.local>`,
        attempts: 1,
        updatedAt: at(21),
      },
      ...residents.map(([key, member]) => ({
        id: randomUUID(),
        letterId: yardDay,
        email: `${key}${DEMO_EMAIL_DOMAIN}`,
        name: member.firstName,
        language: languageOfLocale(member.locale),
        userId: member.userId,
        source: 'residents' as const,
        status: 'delivered' as const,
        messageId: `<demo-${randomUUID()}@porta.local>`,
        attempts: 1,
        updatedAt: at(21),
      })),
    ]);
  });
  return true;
}
