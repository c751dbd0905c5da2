import type {
  CommunityHousingCompanyQuery,
  NeighbourList,
  NeighbourResident,
  NeighboursResponse,
  RecipientList,
} from '@porta/contracts';
import { AppError, type Principal } from '@porta/service-kit';
import type { CommunityContext } from '../context.js';
import { NEIGHBOURS_FEATURE, type Viewer, viewerFor } from './access.js';
import { byApartmentNumber } from './author.js';

/**
 * The neighbour list (02 §3, §7 get-apartments-and-names) and the recipients of private messages
 * (§7 getUsersForPrivateMessages), from identity's neighbours of the housing company: members of
 * the company only (anyone else, the developer's staff included, gets 404), with the feature
 * neighbours on. Only members with publicProfile on are named: identity answers no others.
 */

async function neighboursFor(
  ctx: CommunityContext,
  p: Principal,
  query: CommunityHousingCompanyQuery,
): Promise<{ viewer: Viewer; neighbours: NeighboursResponse }> {
  const viewer = await viewerFor(
    ctx,
    p,
    query.housingCompanyId,
    query.lang,
    'COM_HOUSING_COMPANY_NOT_FOUND',
    {
      feature: NEIGHBOURS_FEATURE,
      membersOnly: true,
    },
  );
  const neighbours = await ctx.identity.neighbours(viewer.housingCompanyId);
  if (!neighbours) throw new AppError('COM_HOUSING_COMPANY_NOT_FOUND');
  return { viewer, neighbours };
}

/** Every apartment of the housing company by number, with the first names of its public residents. */
export async function neighbourList(
  ctx: CommunityContext,
  p: Principal,
  query: CommunityHousingCompanyQuery,
): Promise<NeighbourList> {
  const { viewer, neighbours } = await neighboursFor(ctx, p, query);
  const residents = new Map<string, NeighbourResident[]>();
  for (const member of neighbours.members) {
    for (const apartmentId of member.apartmentIds) {
      const list = residents.get(apartmentId) ?? [];
      list.push({ id: member.userId, firstName: member.firstName });
      residents.set(apartmentId, list);
    }
  }
  return {
    housingCompanyId: viewer.housingCompanyId,
    apartments: [...neighbours.apartments]
      .sort((a, b) => byApartmentNumber(a.no, b.no))
      .map((a) => ({ id: a.id, no: a.no, residents: residents.get(a.id) ?? [] })),
  };
}

/** The members one may start a private conversation with: those with a public profile, not the caller. */
export async function recipientList(
  ctx: CommunityContext,
  p: Principal,
  query: CommunityHousingCompanyQuery,
): Promise<RecipientList> {
  const { viewer, neighbours } = await neighboursFor(ctx, p, query);
  const numbers = new Map(neighbours.apartments.map((a) => [a.id, a.no]));
  return {
    items: neighbours.members
      .filter((m) => m.userId !== viewer.userId)
      .map((m) => ({
        id: m.userId,
        firstName: m.firstName,
        apartments: m.apartmentIds
          .map((id) => numbers.get(id))
          .filter((no): no is string => no !== undefined)
          .sort(byApartmentNumber),
      })),
  };
}
