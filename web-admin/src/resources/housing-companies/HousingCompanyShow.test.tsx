import type { HousingCompanyImage, HousingCompanyPartner } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asset } from '../../content/testing';
import { apartment, housingCompany, json, listOf, meOf, mockFetch, tokens } from '../../testing/fetch-mock';
import { renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const demo = housingCompany(9, { name: 'Demo Heights', isDemo: true, state: 'construction' });
const harbour = housingCompany(1, { name: 'Harbour View' });
const base = `/api/identity/admin/housing-companies/${harbour.id}`;
const manager: HousingCompanyPartner = {
  housingCompanyId: harbour.id,
  type: 'PropertyManager',
  partnerCompanyId: '2d3e4f5a-6b7c-4d8e-9f0a-000000000009',
  name: 'Isännöinti Oy',
  keyContactUserId: null,
  keyContactName: 'Maija Manager',
};

const picturePath = `/api/content/admin/housing-companies/${harbour.id}/image`;
const oldPicture = asset(1, { fileName: 'harbour.png', mimeType: 'image/png', width: 1200, height: 900 });
const newPicture = asset(2, { fileName: 'harbour-2.jpg' });
const pictureOf = (image: HousingCompanyImage['image']): HousingCompanyImage => ({
  housingCompanyId: harbour.id,
  image,
  updatedAt: image ? '2026-11-01T10:00:00.000Z' : null,
});

function api(roles: Parameters<typeof meOf>[0] = ['admin']) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(roles)),
    [`GET ${picturePath}`]: () => json(pictureOf(oldPicture)),
    'POST /api/content/admin/assets': () => json(newPicture, 201),
    [`PUT ${picturePath}`]: () => json(pictureOf(newPicture)),
    [`DELETE ${picturePath}`]: () => new Response(null, { status: 204 }),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', [demo, harbour]),
    [`GET ${base}`]: () => json(harbour),
    [`GET ${base}/partners`]: () => json([manager]),
    [`DELETE ${base}/partners/PropertyManager/${manager.partnerCompanyId}`]: () =>
      new Response(null, { status: 204 }),
    'GET /api/identity/admin/apartments': () =>
      listOf('apartments', [apartment(1, harbour.id, { aptext: 'HV-A1' })]),
    [`GET /api/identity/admin/housing-companies/${harbour.id}/features`]: () =>
      json({ features: { news: { settings: {} }, warranty: { settings: {} } } }),
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('housing companies', () => {
  it('lists the companies as the API orders them (demo first), with state and demo marks', async () => {
    const calls = api();
    renderAppAt('/admin/housing-companies', session);

    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[0]!).getByText('Demo Heights')).toBeTruthy();
    expect(within(rows[0]!).getByText('Demo')).toBeTruthy();
    expect(within(rows[0]!).getByText('Construction')).toBeTruthy();
    expect(within(rows[1]!).getByText('Living')).toBeTruthy();
    expect(JSON.parse(calls.to('GET /api/identity/admin/housing-companies')[0]!.query.get('sort')!)).toEqual([
      'name',
      'ASC',
    ]);
  });

  it('shows the partners with their key contact and removes one after a confirmation', async () => {
    const calls = api();
    renderAppAt(`/admin/housing-companies/${harbour.id}/show/partners`, session);
    const user = userEvent.setup();

    const section = await screen.findByRole('table', { name: 'Property manager' });
    expect(within(section).getByText('Maija Manager')).toBeTruthy();
    expect(screen.getByText('No partner company')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Remove partner Isännöinti Oy' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    await waitFor(() =>
      expect(calls.to(`DELETE ${base}/partners/PropertyManager/${manager.partnerCompanyId}`)).toHaveLength(1),
    );
  });

  it('shows the apartments and the features of the company', async () => {
    const calls = api();
    renderAppAt(`/admin/housing-companies/${harbour.id}/show/apartments`, session);
    const user = userEvent.setup();

    expect(await screen.findByText('HV-A1')).toBeTruthy();
    expect(JSON.parse(calls.to('GET /api/identity/admin/apartments')[0]!.query.get('filter')!)).toEqual({
      housingCompanyId: harbour.id,
    });

    await user.click(screen.getByRole('tab', { name: 'Features' }));
    const table = await screen.findByRole('table', { name: 'Features' });
    const warranty = within(table).getByText('Warranty').closest('tr')!;
    expect(within(warranty).getByTitle('On')).toBeTruthy();
    const faq = within(table).getByText('FAQ').closest('tr')!;
    expect(within(faq).getByText('Off')).toBeTruthy();
    // The staff route, scoped like the company (a partner serving it reads it too).
    expect(calls.to(`GET /api/identity/admin/housing-companies/${harbour.id}/features`)).toHaveLength(1);
  });

  it('shows the company’s picture and replaces it with an upload', async () => {
    const calls = api();
    renderAppAt(`/admin/housing-companies/${harbour.id}/show/images`, session);
    const user = userEvent.setup();

    const preview = await screen.findByRole('img', { name: 'Picture of Harbour View' });
    expect(preview.getAttribute('src')).toBe(oldPicture.url);
    expect(screen.getByText(/harbour\.png/)).toBeTruthy();

    await user.upload(
      screen.getByLabelText('Replace picture'),
      new File(['jpg'], 'harbour-2.jpg', { type: 'image/jpeg' }),
    );
    await waitFor(() => expect(calls.to(`PUT ${picturePath}`)).toHaveLength(1));
    expect(calls.to('POST /api/content/admin/assets')[0]!.query.get('purpose')).toBe('image');
    expect(calls.to(`PUT ${picturePath}`)[0]!.body).toEqual({ imageId: newPicture.id });
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Picture of Harbour View' }).getAttribute('src')).toBe(
        newPicture.url,
      ),
    );
  });

  it('removes the picture after a confirmation', async () => {
    const calls = api();
    renderAppAt(`/admin/housing-companies/${harbour.id}/show/images`, session);
    const user = userEvent.setup();

    await screen.findByRole('img', { name: 'Picture of Harbour View' });
    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.to(`DELETE ${picturePath}`)).toHaveLength(1));
    expect(await screen.findByText('No picture yet.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Picture of Harbour View' })).toBeNull();
    expect(screen.getByLabelText('Upload picture')).toBeTruthy();
  });

  it('shows the picture without the upload to staff who do not edit housing companies', async () => {
    api(['yitMarketing']);
    renderAppAt(`/admin/housing-companies/${harbour.id}/show/images`, session);
    expect(await screen.findByRole('img', { name: 'Picture of Harbour View' })).toBeTruthy();
    expect(screen.queryByLabelText('Replace picture')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove picture' })).toBeNull();
  });
});
