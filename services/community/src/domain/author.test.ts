import type { AccessTokenClaims, Role } from '@porta/contracts';
import { Principal } from '@porta/service-kit';
import { describe, expect, it } from 'vitest';
import { authorLabel, needsApartmentNumbers } from './author.js';

const HC = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const APT_B12 = '00000000-0000-4000-8000-0000000000b1';
const APT_B14 = '00000000-0000-4000-8000-0000000000b2';
const APT_C1 = '00000000-0000-4000-8000-0000000000c1';
const NUMBERS = new Map([
  [APT_B12, 'B 12'],
  [APT_B14, 'B 14'],
  [APT_C1, 'C 1'],
]);

function principal(input: {
  roles?: Role[];
  hcs?: Record<string, Role[]>;
  apts?: Record<string, [string, Role[]]>;
}): Principal {
  const claims: AccessTokenClaims = {
    sub: '00000000-0000-4000-8000-00000000000a',
    sid: '00000000-0000-4000-8000-00000000000b',
    iss: 'porta',
    aud: 'porta',
    exp: 0,
    iat: 0,
    idp: 'portal',
    name: 'Test User',
    roles: input.roles ?? [],
    hcs: input.hcs ?? {},
    apts: input.apts ?? {},
    pcs: [],
    ver: 0,
  };
  return new Principal(claims);
}

describe('author labels (02 §6)', () => {
  it('shows the developer for the developer staff roles and admin', () => {
    for (const role of ['yitUser', 'yitBusinessAdmin', 'yitMarketing', 'yitProject', 'admin'] as Role[]) {
      expect(
        authorLabel(principal({ roles: [role], apts: { [APT_B12]: [HC, ['owner']] } }), HC, NUMBERS),
      ).toEqual({
        kind: 'developer',
        role: null,
        apartment: null,
      });
    }
  });

  it('names the manager roles, in precedence over board roles and apartments', () => {
    for (const role of [
      'propertyManager',
      'maintenanceManager',
      'ceeMaintenanceManager',
      'habManager',
    ] as Role[]) {
      const p = principal({ hcs: { [HC]: [role, 'boardMember'] }, apts: { [APT_B12]: [HC, ['owner']] } });
      expect(authorLabel(p, HC, NUMBERS)).toEqual({ kind: 'role', role, apartment: null });
    }
    // rentalManager is held on an apartment (CEE).
    const rental = principal({ apts: { [APT_B12]: [HC, ['rentalManager']] } });
    expect(authorLabel(rental, HC, NUMBERS)).toEqual({
      kind: 'role',
      role: 'rentalManager',
      apartment: null,
    });
  });

  it('shows board member for the board roles, over an apartment', () => {
    for (const role of ['boardMember', 'chairman', 'ceeBoardMember'] as Role[]) {
      const p = principal({ hcs: { [HC]: [role] }, apts: { [APT_B14]: [HC, ['owner']] } });
      expect(authorLabel(p, HC, NUMBERS)).toEqual({ kind: 'board', role, apartment: null });
    }
  });

  it("shows the apartment tag for everyone else, only the housing company's apartments, in order", () => {
    const p = principal({
      apts: { [APT_B14]: [HC, ['tenant']], [APT_B12]: [HC, ['familyMember']], [APT_C1]: [OTHER, ['owner']] },
    });
    expect(authorLabel(p, HC, NUMBERS)).toEqual({ kind: 'apartment', role: null, apartment: 'B 12, B 14' });
    expect(authorLabel(p, OTHER, NUMBERS)).toEqual({ kind: 'apartment', role: null, apartment: 'C 1' });
    expect(needsApartmentNumbers(p, HC)).toBe(true);
  });

  it('uses roles of the housing company written in, not of another', () => {
    const p = principal({ hcs: { [OTHER]: ['propertyManager'] }, apts: { [APT_B12]: [HC, ['owner']] } });
    expect(authorLabel(p, HC, NUMBERS)).toMatchObject({ kind: 'apartment', apartment: 'B 12' });
    expect(authorLabel(p, OTHER, NUMBERS)).toMatchObject({ kind: 'role', role: 'propertyManager' });
    expect(needsApartmentNumbers(p, OTHER)).toBe(false);
  });

  it('shows a plain member without an apartment or a labelled role', () => {
    const p = principal({ hcs: { [HC]: ['contentPublisher'] } });
    expect(authorLabel(p, HC, NUMBERS)).toEqual({ kind: 'member', role: null, apartment: null });
    expect(needsApartmentNumbers(p, HC)).toBe(false);
    // An apartment the directory has no number for.
    const unknown = principal({ apts: { [APT_B12]: [HC, ['owner']] } });
    expect(authorLabel(unknown, HC, new Map())).toMatchObject({ kind: 'member' });
  });

  it("shows the area's name in an area discussion where the apartment tag would stand", () => {
    const resident = principal({ apts: { [APT_B12]: [HC, ['owner']] } });
    expect(authorLabel(resident, HC, NUMBERS, 'Espoo')).toEqual({
      kind: 'area',
      role: null,
      apartment: null,
      area: 'Espoo',
    });
    expect(
      authorLabel(principal({ hcs: { [HC]: ['contentPublisher'] } }), HC, NUMBERS, 'Espoo'),
    ).toMatchObject({
      kind: 'area',
    });
    // Roles keep their labels.
    const board = principal({ hcs: { [HC]: ['boardMember'] }, apts: { [APT_B12]: [HC, ['owner']] } });
    expect(authorLabel(board, HC, NUMBERS, 'Espoo')).toEqual({
      kind: 'board',
      role: 'boardMember',
      apartment: null,
    });
    expect(authorLabel(principal({ roles: ['yitUser'] }), HC, NUMBERS, 'Espoo')).toMatchObject({
      kind: 'developer',
    });
  });
});
