import type { ApartmentImage, ApartmentImageUpload } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../auth/auth-provider';
import { asset } from '../../content/testing';
import { createDataProvider } from '../../data/data-provider';
import { createHttpClient } from '../../data/http-client';
import { createI18nProvider } from '../../i18n/i18n-provider';
import {
  type Handler,
  housingCompany,
  json,
  meOf,
  mockFetch,
  problem,
  tokens,
} from '../../testing/fetch-mock';
import { renderStyled } from '../../testing/styles';
import { HousingCompanyApartmentImages } from './HousingCompanyApartmentImages';

let session: SessionClient;

const linden = housingCompany(2, { name: 'Linden Court' });
const PATH = `/api/content/admin/housing-companies/${linden.id}/apartment-images`;
const B12 = '0195f0a0-0000-7000-8000-00000000b012';
const B14 = '0195f0a0-0000-7000-8000-00000000b014';

function image(n: number, apartmentId: string, apartmentNo: string | null, name: string): ApartmentImage {
  return {
    id: `0195f0a0-0000-7000-8000-0000000010${String(n).padStart(2, '0')}`,
    housingCompanyId: linden.id,
    apartmentId,
    apartmentNo,
    name,
    image: asset(n, { fileName: `${apartmentNo}__${name}`, mimeType: 'image/png' }),
    createdAt: '2026-11-20T08:00:00.000Z',
  };
}

const STORED = [
  image(1, B12, 'B 12', 'balcony.png'),
  image(2, B12, 'B 12', 'floor-plan.png'),
  image(3, B14, 'B 14', 'kitchen.png'),
];

function api(items: () => ApartmentImage[], extra: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(['admin'])),
    [`GET ${PATH}`]: () => json({ items: items() }),
    ...extra,
  });
}

function renderImages(canEdit = true) {
  const httpClient = createHttpClient(session);
  return renderStyled(
    <MemoryRouter initialEntries={[`/admin/housing-companies/${linden.id}/show/images`]}>
      <AdminContext
        basename="/admin"
        authProvider={createAuthProvider(session)}
        dataProvider={createDataProvider(httpClient)}
        i18nProvider={createI18nProvider('en')}
      >
        <HousingCompanyApartmentImages housingCompanyId={linden.id} canEdit={canEdit} />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('apartment images of a housing company', () => {
  it('explains the naming rule and shows the images grouped by apartment, each opening in full', async () => {
    api(() => STORED);
    renderImages();
    const section = await screen.findByRole('region', { name: 'Apartment images' });
    expect(within(section).getByText(/two underscores \(__\)/)).toBeTruthy();
    expect(within(section).getByText(/A 12__B\.3__floor-plan\.png/)).toBeTruthy();

    const b12 = await within(section).findByRole('region', { name: 'Apartment B 12' });
    const b14 = within(section).getByRole('region', { name: 'Apartment B 14' });
    expect(within(b12).getAllByRole('listitem')).toHaveLength(2);
    expect(within(b14).getByText('kitchen.png')).toBeTruthy();
    const open = within(b12).getByRole('link', { name: 'Open floor-plan.png in full size' });
    expect(open.getAttribute('href')).toBe(STORED[1]!.image.url);
    expect(open.getAttribute('target')).toBe('_blank');
    // The upload button says what the rule is.
    const button = within(section).getByRole('button', { name: 'Upload apartment images' });
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('says so when there are none, and shows no upload or remove to those who may not edit', async () => {
    api(() => []);
    renderImages(false);
    expect(await screen.findByText('No apartment images yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload apartment images' })).toBeNull();
  });

  it('tells when the list does not load', async () => {
    mockFetch({
      'GET /api/identity/me': () => json(meOf(['admin'])),
      [`GET ${PATH}`]: () => problem(500, 'INTERNAL', 'Internal error'),
    });
    renderImages();
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('uploads each file, posts them together and shows where each went and why others did not', async () => {
    let items: ApartmentImage[] = [];
    let n = 10;
    const answer: ApartmentImageUpload = {
      files: [
        {
          assetId: asset(11).id,
          fileName: 'B 12__B 14__plan.png',
          name: 'plan.png',
          apartments: [
            { id: B12, no: 'B 12' },
            { id: B14, no: 'B 14' },
          ],
          unmatchedIdentifiers: [],
        },
        {
          assetId: asset(12).id,
          fileName: 'Z 99__nowhere.png',
          name: 'nowhere.png',
          apartments: [],
          problem: 'no_apartment_matched',
          unmatchedIdentifiers: ['Z 99'],
        },
        {
          assetId: asset(13).id,
          fileName: 'kitchen.png',
          name: null,
          apartments: [],
          problem: 'no_separator',
          unmatchedIdentifiers: [],
        },
      ],
    };
    const calls = api(() => items, {
      'POST /api/content/admin/assets': () => {
        n += 1;
        return json(asset(n), 201);
      },
      [`POST ${PATH}`]: () => {
        items = [image(20, B12, 'B 12', 'plan.png'), image(21, B14, 'B 14', 'plan.png')];
        return json(answer);
      },
    });
    renderImages();
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByText('No apartment images yet.');
    await user.upload(screen.getByLabelText('Upload apartment images'), [
      new File(['png'], 'B 12__B 14__plan.png', { type: 'image/png' }),
      new File(['png'], 'Z 99__nowhere.png', { type: 'image/png' }),
      new File(['png'], 'kitchen.png', { type: 'image/png' }),
      new File(['pdf'], 'B 12__minutes.pdf', { type: 'application/pdf' }),
    ]);

    const results = await screen.findByRole('status', { name: 'Uploaded files' });
    // The pdf is refused here; the three images go up one by one and are posted together.
    expect(calls.to('POST /api/content/admin/assets')).toHaveLength(3);
    expect(calls.to('POST /api/content/admin/assets')[0]!.query.get('purpose')).toBe('image');
    expect(calls.to(`POST ${PATH}`)[0]!.body).toEqual({
      assetIds: [asset(11).id, asset(12).id, asset(13).id],
    });
    const rows = within(results).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByText('Added as plan.png to B 12, B 14')).toBeTruthy();
    expect(
      within(rows[1]!).getByText(/Not added\. No apartment of this housing company is Z 99\./),
    ).toBeTruthy();
    expect(within(rows[2]!).getByText(/no double underscore/)).toBeTruthy();
    expect(within(rows[3]!).getByText('B 12__minutes.pdf')).toBeTruthy();
    expect(within(rows[3]!).getByText(/Not added:/)).toBeTruthy();
    expect(await screen.findByText('1 of 4 files added to apartments')).toBeTruthy();
    // The list is read again and shows the new images.
    expect(await screen.findByRole('region', { name: 'Apartment B 14' })).toBeTruthy();
  });

  it('removes an image after confirming, by keyboard', async () => {
    let items = [...STORED];
    const calls = api(() => items, {
      [`DELETE ${PATH}/${STORED[2]!.id}`]: () => {
        items = items.filter((i) => i.id !== STORED[2]!.id);
        return new Response(null, { status: 204 });
      },
    });
    renderImages();
    const user = userEvent.setup();
    const remove = await screen.findByRole('button', { name: 'Remove kitchen.png of Apartment B 14' });
    remove.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Remove the image kitchen.png of Apartment B 14\?/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.to(`DELETE ${PATH}/${STORED[2]!.id}`)).toHaveLength(1));
    expect(await screen.findByText('Image removed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Apartment B 14' })).toBeNull());
  });
});
