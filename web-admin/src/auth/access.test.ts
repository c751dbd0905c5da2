import type { Role } from '@porta/contracts';
import { describe, expect, it } from 'vitest';
import { meOf, myHousingCompany } from '../testing/fetch-mock';
import { permissionsOf } from './access';

const can = (roles: Role[], hcs: ReturnType<typeof myHousingCompany>[] = [], partnerCompanies = 0) =>
  permissionsOf(
    meOf(
      roles,
      {
        partnerCompanies: Array.from({ length: partnerCompanies }, (_, i) => ({
          id: `2d3e4f5a-6b7c-4d8e-9f0a-00000000000${i}`,
          externalId: null,
          name: 'Demo Kitchen Partners Oy',
        })),
      },
      hcs,
    ),
  ).can;

describe('content capabilities (mirror services/content/src/policies.ts)', () => {
  it('let marketing and business admin manage everything content, feedback and site content', () => {
    for (const role of ['yitMarketing', 'yitBusinessAdmin'] as Role[]) {
      expect(can([role])).toMatchObject({
        contentRead: true,
        editorialWrite: true,
        contentGlobal: true,
        contactsWrite: true,
        campaignsWrite: true,
        campaignsGlobal: true,
        feedbackRead: true,
        stepsWrite: true,
        siteContentWrite: true,
        feedsRead: true,
      });
    }
  });

  it('give a plain yitUser what 03 §2 names them on: campaigns and contacts, feedback to read', () => {
    expect(can(['yitUser'])).toMatchObject({
      contentRead: true,
      editorialWrite: false,
      contactsRead: true,
      contactsWrite: true,
      campaignsRead: true,
      campaignsWrite: true,
      feedbackRead: true,
      stepsRead: true,
      stepsWrite: false,
      siteContentRead: true,
      siteContentWrite: false,
      helpRead: true,
    });
  });

  it('let project roles write articles, events, contacts and steps (campaigns as yitUser)', () => {
    expect(can(['yitProject'])).toMatchObject({
      editorialWrite: true,
      contentGlobal: true,
      contactsWrite: true,
      stepsWrite: true,
      campaignsWrite: true,
      siteContentWrite: false,
    });
    expect(can(['yitProjectInternal']).stepsWrite).toBe(false);
  });

  it('let a project role held in a housing company write that company’s articles, events and contacts', () => {
    const project = can([], [myHousingCompany(1, ['yitProject'])]);
    expect(project).toMatchObject({
      contentRead: true,
      editorialWrite: true,
      contentGlobal: false,
      contactsRead: true,
      contactsWrite: true,
      campaignsRead: false,
      stepsWrite: false,
    });
  });

  it('let managers and board members write in their housing companies only', () => {
    const board = can(['contributor'], [myHousingCompany(1, ['boardMember'])]);
    expect(board).toMatchObject({
      contentRead: true,
      editorialWrite: true,
      contentGlobal: false,
      contactsRead: false,
    });
    const manager = can(['contributor'], [myHousingCompany(1, ['propertyManager'])]);
    expect(manager).toMatchObject({
      contactsRead: true,
      contactsWrite: true,
      contentGlobal: false,
      feedbackRead: false,
    });
  });

  it('give partners campaigns only (their own), and the help', () => {
    for (const partner of [can(['partner']), can(['rolePartner'], [], 1)]) {
      expect(partner).toMatchObject({
        campaignsRead: true,
        campaignsWrite: true,
        campaignsGlobal: false,
        feedbackRead: false,
        shopPartnersRead: false,
        siteContentRead: false,
        helpRead: true,
      });
    }
    expect(can(['partner'])).toMatchObject({ contentRead: false, stepsRead: false, contactsRead: false });
  });

  it('do not count a user of a property-management company as a partner (the content service does not)', () => {
    const manager = can([], [myHousingCompany(1, ['propertyManager'])], 1);
    expect(manager).toMatchObject({ campaignsRead: false, campaignsWrite: false, partnerOwnCompany: true });
  });

  it('let a consumption manager into the staff app, with nothing but the consumption screens', () => {
    const consumption = can([], [myHousingCompany(1, ['consumptionManager'])]);
    expect(Object.entries(consumption).filter(([, value]) => value)).toEqual([['consumption', true]]);
  });

  it('give residents nothing', () => {
    const tenant = can([], [myHousingCompany(1, ['tenant'])]);
    expect(Object.entries(tenant).filter(([, value]) => value)).toEqual([]);
  });
});

describe('notification settings of other users (mirror services/notifications/src/policies.ts)', () => {
  it('are for admin and the user managers, global or of a housing company', () => {
    for (const role of [
      'admin',
      'yitAdmin',
      'yitMarketing',
      'yitBusinessAdmin',
      'yitProject',
      'yitProjectInternal',
    ] as Role[]) {
      expect(can([role]).notificationSettings, role).toBe(true);
    }
  });

  it('are for the user managers of a housing company (their users only: the service answers 404 for others)', () => {
    for (const role of ['propertyManager', 'userManager', 'boardMember', 'habManager'] as Role[]) {
      expect(can(['contributor'], [myHousingCompany(1, [role])]).notificationSettings, role).toBe(true);
    }
  });

  it('are not for readers, partners or residents', () => {
    expect(can(['yitUser']).notificationSettings).toBe(false);
    expect(can(['partner']).notificationSettings).toBe(false);
    expect(can([], [myHousingCompany(1, ['owner'])]).notificationSettings).toBe(false);
  });
});

describe('service requests (mirror services/service-requests/src/policies.ts, staff)', () => {
  it("are for admin, the developer's staff and the housing companies' handlers", () => {
    expect(can(['admin']).serviceRequests).toBe(true);
    expect(can(['yitUser']).serviceRequests).toBe(true);
    expect(can(['yitBusinessAdmin']).serviceRequests).toBe(true);
    for (const role of [
      'propertyManager',
      'maintenanceManager',
      'ceeMaintenanceManager',
      'boardMember',
      'chairman',
      'ceeBoardMember',
      'rentalManager',
      'habManager',
    ] as Role[]) {
      expect(can(['contributor'], [myHousingCompany(1, [role])]).serviceRequests, role).toBe(true);
    }
  });

  it('are not for partners, content publishers, user managers or residents', () => {
    expect(can(['partner']).serviceRequests).toBe(false);
    expect(can(['contributor'], [], 1).serviceRequests).toBe(false);
    expect(can(['contributor']).serviceRequests).toBe(false);
    expect(can(['contributor'], [myHousingCompany(1, ['contentPublisher'])]).serviceRequests).toBe(false);
    expect(can(['contributor'], [myHousingCompany(1, ['userManager'])]).serviceRequests).toBe(false);
    expect(can([], [myHousingCompany(1, ['owner'])]).serviceRequests).toBe(false);
  });
});
