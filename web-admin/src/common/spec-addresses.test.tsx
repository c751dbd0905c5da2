import { SessionClient } from '@porta/web-kit';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, meOf, mockFetch, tokens } from '../testing/fetch-mock';
import { renderAppAt } from '../testing/render-app';

const HC = '3b0c1d2e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const APT = '4c1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

let session: SessionClient;

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
  mockFetch({ 'GET /api/identity/me': () => json(meOf(['admin'])) });
});

async function landsOn(address: string) {
  renderAppAt(address, session);
  let path = '';
  await waitFor(() => {
    path = window.location.pathname;
    expect(path).not.toBe(address);
  });
  return path;
}

describe('the spec’s staff addresses (03 §2)', () => {
  it.each([
    [`/admin/user/${HC}`, `/admin/users/${HC}/show`],
    [`/admin/users/${HC}/add-role`, `/admin/users/${HC}/show/roles`],
    [`/admin/apartment/${APT}`, `/admin/apartments/${APT}/show`],
    [`/admin/apartment/edit/${APT}`, `/admin/apartments/${APT}`],
    [`/admin/housing-company/${HC}`, `/admin/housing-companies/${HC}/show`],
    [`/admin/housing-company/${HC}/partners`, `/admin/housing-companies/${HC}/show/partners`],
    [
      `/admin/housing-company/${HC}/partners/edit/propertyManager`,
      `/admin/housing-companies/${HC}/show/partners`,
    ],
    [`/admin/housing-company/${HC}/features`, `/admin/housing-companies/${HC}/show/features`],
    [`/admin/housing-company/${HC}/images`, `/admin/housing-companies/${HC}/show/images`],
    [`/admin/housing-company/${HC}/wizard`, `/admin/housing-companies/${HC}/wizard`],
    [`/admin/housing-company/${HC}/steps`, `/admin/housing-companies/${HC}/steps`],
    [`/admin/housing-company/edit/${HC}`, `/admin/housing-companies/${HC}`],
    ['/admin/partner-company/list', '/admin/partner-companies'],
    ['/admin/partner-company/new', '/admin/partner-companies/create'],
    [`/admin/partner-company/edit/${HC}`, `/admin/partner-companies/${HC}`],
    ['/admin/settings/features', '/admin/feature-toggles'],
    ['/admin/users/new', '/admin/users/create'],
  ])('%s leads to %s', async (address, screen) => {
    expect(await landsOn(address)).toBe(screen);
  });

  it('fills in the housing company and apartment of /admin/users/new/{hc}/{apt}', async () => {
    expect(await landsOn(`/admin/users/new/${HC}/${APT}`)).toBe('/admin/users/create');
    expect(window.history.state?.usr).toEqual({
      record: { firstRoleKind: 'apartment', roleHousingCompanyId: HC, apartmentRole: { apartmentId: APT } },
    });
  });
});
