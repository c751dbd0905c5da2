import { languageOfLocale, type NotificationType } from '@porta/contracts';
import { findDemoDirectory, uuidv7, withTransaction } from '@porta/service-kit';
import { and, inArray, like } from 'drizzle-orm';
import type { NotificationsContext } from './context.js';
import { notifications } from './db/schema.js';

/*
 * The bell's demo (issue 17 "a demo that is alive"): the demo owner and tenant find a few
 * notices in their inbox, some read and some not, telling of what the community and service
 * requests demos hold (a reply to their comment, a private message, a handler's response, a new
 * discussion). Titles are written in the user's language as the fan-out writes them (the subject
 * or discussion title as its writer wrote it); they lead to the section's list, as the other
 * services' demo rows are made in their own processes. Each row's source key starts with `demo:`,
 * which is how a second start knows the demo is in.
 */

const DEMO_COMPANIES = ['DEMO-1000', 'DEMO-2000'] as const;

interface DemoNotice {
  key: string;
  /** For a user, once. */
  user: string;
  hcExt: (typeof DEMO_COMPANIES)[number];
  type: NotificationType;
  title: { en: string; fi: string; sv: string };
  url: string;
  daysAgo: number;
  read: boolean;
}

const replyTo = (title: string) => ({
  en: `New reply to your comment in the discussion: ${title}`,
  fi: `Uusi vastaus kommenttiisi keskustelussa: ${title}`,
  sv: `Nytt svar på din kommentar i diskussionen: ${title}`,
});
const newDiscussion = (title: string) => ({
  en: `New discussion: ${title}`,
  fi: `Uusi keskustelu: ${title}`,
  sv: `Ny diskussion: ${title}`,
});
const response = (subject: string) => ({
  en: `New response to the service request: ${subject}`,
  fi: `Uusi vastaus palvelupyyntöön: ${subject}`,
  sv: `Nytt svar på serviceförfrågan: ${subject}`,
});
const privateMessage = (name: string) => ({
  en: `New private message from ${name}`,
  fi: `Uusi yksityisviesti käyttäjältä ${name}`,
  sv: `Nytt privat meddelande från ${name}`,
});

const DISCUSSIONS = '/community/public-discussions';
const MESSAGES = '/community/private-messages';
const REQUESTS = '/support/service-requests';

export const DEMO_NOTICES: DemoNotice[] = [
  {
    key: 'owner-cake',
    user: 'owner',
    hcExt: 'DEMO-2000',
    type: 'public_discussion_reply',
    title: replyTo('Kevättalkoot lauantaina – tervetuloa!'),
    url: DISCUSSIONS,
    daysAgo: 8,
    read: true,
  },
  {
    key: 'owner-tap',
    user: 'owner',
    hcExt: 'DEMO-2000',
    type: 'service_request',
    title: response('Dripping kitchen tap'),
    url: REQUESTS,
    daysAgo: 24,
    read: true,
  },
  {
    key: 'owner-bikes',
    user: 'owner',
    hcExt: 'DEMO-2000',
    type: 'public_discussion',
    title: newDiscussion('Pyörävaraston siivous ensi kuussa'),
    url: DISCUSSIONS,
    daysAgo: 6,
    read: false,
  },
  {
    key: 'owner-samples',
    user: 'owner',
    hcExt: 'DEMO-1000',
    type: 'service_request',
    title: response('Kitchen cabinet colour samples'),
    url: REQUESTS,
    daysAgo: 2,
    read: false,
  },
  {
    key: 'owner-parcel',
    user: 'owner',
    hcExt: 'DEMO-2000',
    type: 'neighbour_message_reply',
    title: {
      en: 'New message from Timo in a private conversation',
      fi: 'Uusi viesti käyttäjältä Timo yksityiskeskustelussa',
      sv: 'Nytt meddelande från Timo i en privat konversation',
    },
    url: MESSAGES,
    daysAgo: 1.5,
    read: false,
  },
  {
    key: 'tenant-rakes',
    user: 'tenant',
    hcExt: 'DEMO-2000',
    type: 'public_discussion_reply',
    title: replyTo('Kevättalkoot lauantaina – tervetuloa!'),
    url: DISCUSSIONS,
    daysAgo: 10.5,
    read: true,
  },
  {
    key: 'tenant-drain',
    user: 'tenant',
    hcExt: 'DEMO-2000',
    type: 'service_request',
    title: response('Kylpyhuoneen lattiakaivo haisee'),
    url: REQUESTS,
    daysAgo: 8,
    read: true,
  },
  {
    key: 'tenant-bikes',
    user: 'tenant',
    hcExt: 'DEMO-2000',
    type: 'public_discussion',
    title: newDiscussion('Pyörävaraston siivous ensi kuussa'),
    url: DISCUSSIONS,
    daysAgo: 6,
    read: false,
  },
  {
    key: 'tenant-balcony',
    user: 'tenant',
    hcExt: 'DEMO-2000',
    type: 'service_request',
    title: response('Saako parvekkeelle asentaa lasituksen?'),
    url: REQUESTS,
    daysAgo: 4,
    read: false,
  },
  {
    key: 'tenant-parcel',
    user: 'tenant',
    hcExt: 'DEMO-2000',
    type: 'neighbour_message',
    title: privateMessage('Olivia'),
    url: MESSAGES,
    daysAgo: 2,
    read: false,
  },
];

const SOURCE_PREFIX = 'demo:';

/**
 * Seed the demo notices unless the demo users have them. Needs identity's demo (asked over the
 * bus); answers whether it seeded. No e-mail goes out for them.
 */
export async function seedNotificationsDemo(
  ctx: NotificationsContext,
  options: { now?: Date; retry?: { attempts: number; delayMs: number } } = {},
): Promise<boolean> {
  const demo = await findDemoDirectory(ctx.bus, DEMO_COMPANIES, options.retry);
  if (!demo) return false;
  const now = options.now ?? new Date();
  const rows = [...DEMO_NOTICES]
    .sort((a, b) => b.daysAgo - a.daysAgo)
    .flatMap((n) => {
      const company = demo.get(n.hcExt)!;
      const member = company.members.get(n.user);
      if (!member) return [];
      const language = languageOfLocale(member.locale);
      const at = new Date(now.getTime() - n.daysAgo * 86_400_000);
      return [
        {
          // UUIDv7 of creation: the inbox pages by id, so the oldest are made first.
          id: uuidv7(),
          userId: member.userId,
          sourceKey: `${SOURCE_PREFIX}${n.key}`,
          type: n.type,
          title: n.title[language as keyof DemoNotice['title']] ?? n.title.en,
          targetUrl: n.url,
          housingCompanyId: company.housingCompany.id,
          isRead: n.read,
          createdAt: at,
          readAt: n.read ? at : null,
        },
      ];
    });
  const users = [...new Set(rows.map((r) => r.userId))];
  if (users.length === 0) return false;
  return withTransaction(ctx.db, async (tx) => {
    const [existing] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(inArray(notifications.userId, users), like(notifications.sourceKey, `${SOURCE_PREFIX}%`)))
      .limit(1);
    if (existing) return false;
    await tx.insert(notifications).values(rows).onConflictDoNothing();
    return true;
  });
}
