import type { AuthorLabel, CommunityAuthor, Role } from '@porta/contracts';
import type { Principal } from '@porta/service-kit';
import type { CommunityContext } from '../context.js';

/**
 * Author labels (02 §6), decided when the author writes and stored with what they wrote:
 * "developer roles show as the developer; property manager, maintenance manager, hab manager,
 * rental manager show role names; board roles show administration or board member; others show
 * apartment tag; area conversations show the area name". The first matching rule wins, in that
 * order; in an area discussion the area's name stands where the apartment tag would.
 */

/** Roles shown by name, in this order of precedence. */
export const NAMED_ROLES: readonly Role[] = [
  'propertyManager',
  'maintenanceManager',
  'ceeMaintenanceManager',
  'habManager',
  'rentalManager',
];
/** Board roles, shown as board member. */
export const BOARD_ROLES: readonly Role[] = ['boardMember', 'chairman', 'ceeBoardMember'];

/** The roles the principal holds in the housing company or globally (aliases applied). */
function rolesIn(p: Principal, housingCompanyId: string): Set<Role> {
  return new Set<Role>([...p.roles, ...(p.housingCompanies.get(housingCompanyId) ?? [])]);
}

/** Apartment numbers in their natural order: "B 2" before "B 12". */
export function byApartmentNumber(a: string, b: string): number {
  return a.localeCompare(b, undefined, { numeric: true });
}

/** The principal's apartments in the housing company. */
export function apartmentsIn(p: Principal, housingCompanyId: string): string[] {
  return [...p.apartments].filter(([, a]) => a.housingCompanyId === housingCompanyId).map(([id]) => id);
}

/**
 * The label for the principal writing in the housing company. apartmentNumbers maps apartment ids
 * to their numbers (`no`, e.g. "B 12") as identity's directory knows them; it is needed only when
 * the label is the apartment tag. area: the area's name, when writing in an area discussion.
 */
export function authorLabel(
  p: Principal,
  housingCompanyId: string,
  apartmentNumbers: ReadonlyMap<string, string | null>,
  area?: string,
): AuthorLabel {
  // The developer's staff and admin.
  if (p.hasRole('yitUser')) return { kind: 'developer', role: null, apartment: null };
  const held = rolesIn(p, housingCompanyId);
  const named = NAMED_ROLES.find((r) => held.has(r));
  if (named) return { kind: 'role', role: named, apartment: null };
  const board = BOARD_ROLES.find((r) => held.has(r));
  if (board) return { kind: 'board', role: board, apartment: null };
  if (area !== undefined) return { kind: 'area', role: null, apartment: null, area };
  const numbers = apartmentsIn(p, housingCompanyId)
    .map((id) => apartmentNumbers.get(id))
    .filter((no): no is string => !!no)
    .sort(byApartmentNumber);
  if (numbers.length) return { kind: 'apartment', role: null, apartment: numbers.join(', ') };
  return { kind: 'member', role: null, apartment: null };
}

/** Does the label need the apartment numbers (none of the role rules applies)? */
export function needsApartmentNumbers(p: Principal, housingCompanyId: string): boolean {
  return (
    authorLabel(p, housingCompanyId, new Map()).kind === 'member' &&
    apartmentsIn(p, housingCompanyId).length > 0
  );
}

export interface Author {
  id: string;
  firstName: string;
  label: AuthorLabel;
}

/**
 * The author as stored with a discussion, comment, conversation or message: the label (with the
 * apartment numbers from identity's directory when it is the apartment tag; the area's name in an
 * area discussion) and the first name from identity (the token carries the full name only; its
 * first word stands in when identity does not know one).
 */
export async function authorOf(
  ctx: CommunityContext,
  p: Principal,
  housingCompanyId: string,
  options: { area?: string } = {},
): Promise<Author> {
  const [numbers, firstName] = await Promise.all([
    options.area === undefined && needsApartmentNumbers(p, housingCompanyId)
      ? ctx.identity
          .housingCompany(housingCompanyId)
          .then((hc) => new Map((hc?.apartments ?? []).map((a) => [a.id, a.no])))
      : Promise.resolve(new Map<string, string | null>()),
    firstNameOf(ctx, p),
  ]);
  return { id: p.userId, firstName, label: authorLabel(p, housingCompanyId, numbers, options.area) };
}

/** The caller's first name from identity; the first word of the token's name when identity has none. */
export async function firstNameOf(ctx: CommunityContext, p: Principal): Promise<string> {
  return (await ctx.identity.firstName(p.userId)) ?? (p.name.split(/\s+/)[0] || p.name);
}

/** The author columns of a row written by the author. */
export function authoredBy(author: Author) {
  return { authorId: author.id, authorFirstName: author.firstName, authorLabel: author.label };
}

/** The author of a stored row, as answered. */
export function storedAuthor(row: {
  authorId: string;
  authorFirstName: string;
  authorLabel: AuthorLabel;
}): CommunityAuthor {
  return { id: row.authorId, firstName: row.authorFirstName, label: row.authorLabel };
}
