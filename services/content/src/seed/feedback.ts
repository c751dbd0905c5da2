import type { DemoDirectory } from '@porta/service-kit';
import type { ContentDb } from '../context.js';
import { type directoryHousingCompanies, feedbackEntries } from '../db/schema.js';
import { addDays } from '../domain/clock.js';

/*
 * Feedback from the demo's residents (issue 17), for the staff's feedback list and export: ratings
 * with a comment in the writer's own language, or none, stored with the housing company's place as
 * feedback sent from the dashboard is.
 */

interface DemoFeedback {
  user: string;
  hcExt: string;
  rating: number;
  comment: string;
  daysAgo: number;
}

export const DEMO_FEEDBACK: DemoFeedback[] = [
  {
    user: 'owner',
    hcExt: 'DEMO-1000',
    rating: 5,
    comment: 'Following the construction from home is great. More photos from the site, please!',
    daysAgo: 26,
  },
  {
    user: 'owner',
    hcExt: 'DEMO-2000',
    rating: 4,
    comment: 'Easy to send a service request. I would like to see the sauna bookings here too.',
    daysAgo: 11,
  },
  {
    user: 'tenant',
    hcExt: 'DEMO-2000',
    rating: 3,
    comment: 'Kätevä palvelu, mutta ilmoituksia tulee välillä liikaa.',
    daysAgo: 7,
  },
  { user: 'board', hcExt: 'DEMO-2000', rating: 5, comment: '', daysAgo: 4 },
  {
    user: 'neighbour',
    hcExt: 'DEMO-3000',
    rating: 4,
    comment: 'Skönt att portalen finns på svenska. Kalendern är till stor hjälp.',
    daysAgo: 2,
  },
];

/** Store the demo feedback of the users identity's demo has (the directory rows give the place). */
export async function seedFeedback(
  db: ContentDb,
  people: DemoDirectory,
  companies: (typeof directoryHousingCompanies.$inferSelect)[],
  now: Date,
): Promise<number> {
  const rows = DEMO_FEEDBACK.flatMap((f) => {
    const hc = companies.find((c) => c.hcExt === f.hcExt);
    const user = people.get(f.hcExt)?.members.get(f.user);
    if (!hc || !user) return [];
    return [
      {
        userId: user.userId,
        rating: f.rating,
        comment: f.comment,
        housingCompanyId: hc.id,
        hcExt: hc.hcExt,
        country: hc.addressCountry,
        area: hc.addressArea,
        city: hc.addressCity,
        businessUnit: hc.businessUnit,
        createdAt: addDays(now, -f.daysAgo),
      },
    ];
  });
  if (rows.length) await db.insert(feedbackEntries).values(rows);
  return rows.length;
}
