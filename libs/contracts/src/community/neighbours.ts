import { z } from 'zod';
import { zUuid } from '../common.js';

/**
 * The neighbour list (02 §2 /community/my-neighbours, §3 "Neighbour list: apartments and names",
 * §7 get-apartments-and-names) and the members one may send a private message to (§7
 * getUsersForPrivateMessages). Names are first names, and only of members who have publicProfile
 * on: the others are not named anywhere (an apartment of theirs is listed without them).
 */

export const zNeighbourResident = z.object({ id: zUuid, firstName: z.string() });
export type NeighbourResident = z.infer<typeof zNeighbourResident>;

export const zNeighbourApartment = z.object({
  id: zUuid,
  /** The apartment's number, e.g. "B 12". */
  no: z.string(),
  /** Residents with a public profile, by first name; empty when none has one. */
  residents: z.array(zNeighbourResident),
});
export type NeighbourApartment = z.infer<typeof zNeighbourApartment>;

export const zNeighbourList = z.object({
  housingCompanyId: zUuid,
  /** Every apartment of the housing company, by number. */
  apartments: z.array(zNeighbourApartment),
});
export type NeighbourList = z.infer<typeof zNeighbourList>;

export const zRecipient = z.object({
  id: zUuid,
  firstName: z.string(),
  /** Their apartments' numbers in the housing company (none: a role on the company only). */
  apartments: z.array(z.string()),
});
export type Recipient = z.infer<typeof zRecipient>;

/** Members with a public profile, the caller left out, by first name. */
export const zRecipientList = z.object({ items: z.array(zRecipient) });
export type RecipientList = z.infer<typeof zRecipientList>;
