import { z } from 'zod';
import { zUuid } from '../common.js';
import { DIRECTORY_PAGE_MAX } from './directory.js';

/**
 * identity's neighbours of a housing company over request/reply (`rpc.identity.neighbours.get.v1`),
 * for the community service's neighbour list and private messages (02 §3 "Neighbour list:
 * apartments and names", §7 get-apartments-and-names, getUsersForPrivateMessages): the company's
 * apartments, and its members who have publicProfile on. A member is an enabled, registered user
 * with a role in force today on the company or one of its apartments. Members without a public
 * profile are not answered at all: identity never hands out their names.
 */
export const IDENTITY_NEIGHBOURS_RPC = 'rpc.identity.neighbours.get.v1';

export const zNeighboursRequest = z.object({ housingCompanyId: zUuid });
export type NeighboursRequest = z.infer<typeof zNeighboursRequest>;

export const zNeighbourMember = z.object({
  userId: zUuid,
  firstName: z.string(),
  /** The company's apartments they hold a role in force on (none: a role on the company only). */
  apartmentIds: z.array(zUuid),
});
export type NeighbourMember = z.infer<typeof zNeighbourMember>;

export const zNeighboursResponse = z.object({
  /** False when there is no such housing company (then nothing else is answered). */
  found: z.boolean(),
  /** Every apartment of the company, by its number (`no`, e.g. "B 12"). */
  apartments: z.array(z.object({ id: zUuid, no: z.string() })),
  /** Members with publicProfile on, by first name. */
  members: z.array(zNeighbourMember),
});
export type NeighboursResponse = z.infer<typeof zNeighboursResponse>;

/**
 * identity's areas over request/reply (`rpc.identity.areas.get.v1`), for the community service's
 * area discussions: the area of a housing company is its building-taxonomy term (the term it is
 * placed in, e.g. Espoo), and a company placed in no term is an area of its own (the area's id is
 * then the company's id, its name the company's marketing name or name). Ask for the areas of
 * housing companies, or for the housing companies of an area.
 */
export const IDENTITY_AREAS_RPC = 'rpc.identity.areas.get.v1';

export const zAreasRequest = z.union([
  z.object({ housingCompanyIds: z.array(zUuid).min(1).max(DIRECTORY_PAGE_MAX) }),
  z.object({ areaId: zUuid }),
]);
export type AreasRequest = z.infer<typeof zAreasRequest>;

export const zArea = z.object({ id: zUuid, name: z.string() });
export type Area = z.infer<typeof zArea>;

export const zAreasResponse = z.object({
  /** The companies asked for that exist, or every company of the area; each with its area. */
  housingCompanies: z.array(z.object({ id: zUuid, area: zArea })),
});
export type AreasResponse = z.infer<typeof zAreasResponse>;
