import type { FolderRule } from '@porta/contracts';
import { describe, expect, it } from 'vitest';
import { type FolderRow, FolderRows } from './access.js';
import { readersOf } from './announce.js';

/** Who an announced upload reaches, from the folder's rules (roles as identity's audience asks them). */

const rule = (group: FolderRule['group'], read = true): FolderRule => ({
  group,
  read,
  create: false,
  update: false,
  delete: false,
});

function folder(over: Partial<FolderRow>): FolderRow {
  return {
    id: crypto.randomUUID(),
    housingCompanyId: 'hc',
    apartmentId: null,
    scope: 'project',
    parentId: null,
    key: null,
    name: 'F',
    translations: {},
    subScope: null,
    visible: true,
    rules: null,
    position: 0,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...over,
  };
}

describe('the readers of an announced upload', () => {
  it('are every member for hc_all, the owners for hc_owners, nobody for rules without read', () => {
    const all = folder({ rules: [rule('hc_all')] });
    const owners = folder({ rules: [rule('hc_owners'), rule('hc_board', false)] });
    const none = folder({ rules: [rule('hc_board', false)] });
    const tree = new FolderRows([all, owners, none]);
    expect(readersOf(tree, all)).toEqual({ roles: [] });
    expect(readersOf(tree, owners)).toEqual({ roles: ['owner'] });
    expect(readersOf(tree, none)).toBeNull();
  });

  it('follow the inherited rules, and a hidden folder above tells nobody', () => {
    const top = folder({ rules: [rule('hc_board')] });
    const child = folder({ parentId: top.id });
    const hidden = folder({ visible: false, rules: [rule('hc_all')] });
    const below = folder({ parentId: hidden.id });
    const tree = new FolderRows([top, child, hidden, below]);
    expect(readersOf(tree, child)).toEqual({ roles: ['boardMember', 'chairman', 'ceeBoardMember'] });
    expect(readersOf(tree, below)).toBeNull();
  });

  it("are the apartment's people in the rules' apartment roles on an apartment's folder", () => {
    const invoices = folder({
      apartmentId: 'a1',
      scope: 'apartment',
      rules: [rule('apt_invoices'), rule('hc_board')],
    });
    const everyone = folder({ apartmentId: 'a1', scope: 'apartment', rules: [rule('hc_all')] });
    const tree = new FolderRows([invoices, everyone]);
    expect(readersOf(tree, invoices)).toEqual({ roles: ['owner', 'rentalManager'], apartmentIds: ['a1'] });
    expect(readersOf(tree, everyone)).toEqual({
      roles: ['owner', 'tenant', 'familyMember', 'rentalManager'],
      apartmentIds: ['a1'],
    });
  });
});
