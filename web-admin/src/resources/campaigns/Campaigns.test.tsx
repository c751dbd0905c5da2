import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { campaign, problemWith, shopPartner } from '../../content/testing';
import { json, listOf, meOf, mockFetch, type SentRequest, tokens } from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const CAMPAIGNS = '/api/content/admin/campaigns';
const kitchen = shopPartner(1, { name: 'Demo Kitchen Partners' });
const ad = campaign(3, {
  isAdvertisement: true,
  title: 'Kitchen renovation',
  variants: { en: { title: 'Kitchen renovation' } },
  shopPartnerId: kitchen.id,
  startAt: '2026-06-01T09:00:00.000Z',
  endAt: '2026-08-01T09:00:00.000Z',
});
const spring = campaign(4, { title: 'Spring cleaning', status: 'published', partnerName: 'Clean Oy' });

function api(roles: Parameters<typeof meOf>[0], put?: (request: SentRequest) => Response) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(roles)),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', []),
    'GET /api/identity/admin/partner-companies': () => listOf('partner-companies', []),
    'GET /api/content/admin/shop-partners': () => listOf('shop-partners', [kitchen]),
    [`GET ${CAMPAIGNS}`]: () => listOf('campaigns', [ad, spring]),
    [`GET ${CAMPAIGNS}/${ad.id}`]: () => json(ad),
    ...(put ? { [`PUT ${CAMPAIGNS}/${ad.id}`]: put } : {}),
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('campaigns (/admin/campaigns)', () => {
  it('lists campaigns and advertisements; a draft advertisement continues in the wizard', async () => {
    const calls = api(['yitMarketing']);
    renderAppAt('/admin/campaigns', session);
    const user = userEvent.setup();

    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[0]!).getByText('Advertisement')).toBeTruthy();
    expect(within(rows[1]!).getByText('Campaign')).toBeTruthy();
    expect(within(rows[1]!).getByText('Clean Oy')).toBeTruthy();
    const request = calls.to(`GET ${CAMPAIGNS}`)[0]!;
    expect(JSON.parse(request.query.get('sort')!)).toEqual(['startAt', 'DESC']);
    expect(JSON.parse(request.query.get('range')!)).toEqual([0, 9]);
    expect(screen.getByRole('link', { name: 'New advertisement' }).getAttribute('href')).toBe(
      '/admin/campaigns/wizard',
    );

    await user.click(within(rows[0]!).getByText('Kitchen renovation'));
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/campaigns/wizard/${ad.id}`));
  });

  it('asks for the broad-audience confirmation when publishing an advertisement, then saves with it', async () => {
    const calls = api(['yitMarketing'], (request) =>
      (request.body as { confirmBroadAudience?: boolean }).confirmBroadAudience
        ? json({ ...ad, status: 'published' })
        : problemWith(409, 'CNT_BROAD_AUDIENCE_CONFIRM', 'Confirm the broad audience.', { detail: '14' }),
    );
    renderAppAt(`/admin/campaigns/${ad.id}`, session);
    const user = userEvent.setup();

    expect(
      await screen.findByText(
        'An advertisement can be visible for at most 6 months, from its start to its end.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Published' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'This reaches 14 housing companies. Do you want to publish it to all of them?',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Publish to all' }));

    await waitFor(() => expect(calls.to(`PUT ${CAMPAIGNS}/${ad.id}`)).toHaveLength(2));
    const [first, second] = calls.to(`PUT ${CAMPAIGNS}/${ad.id}`);
    expect(first!.body).toMatchObject({ status: 'published', isAdvertisement: true });
    expect(first!.body).not.toHaveProperty('confirmBroadAudience');
    expect(second!.body).toMatchObject({ status: 'published', confirmBroadAudience: true });
    await waitFor(() => expect(window.location.pathname).toBe('/admin/campaigns'));
  });

  it('asks before publishing a new campaign to everyone, then creates it with the confirmation', async () => {
    const created = campaign(7, { title: 'Window cleaning', status: 'published' });
    const calls = mockFetch({
      'GET /api/identity/me': () => json(meOf(['yitMarketing'])),
      'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', []),
      'GET /api/identity/admin/partner-companies': () => listOf('partner-companies', []),
      'GET /api/content/admin/shop-partners': () => listOf('shop-partners', [kitchen]),
      [`GET ${CAMPAIGNS}/${created.id}`]: () => json(created),
      [`POST ${CAMPAIGNS}`]: (request) =>
        (request.body as { confirmBroadAudience?: boolean }).confirmBroadAudience
          ? json(created, 201)
          : problemWith(409, 'CNT_BROAD_AUDIENCE_CONFIRM', 'Confirm the broad audience.', { detail: '31' }),
    });
    renderAppAt('/admin/campaigns/create', session);
    const user = userEvent.setup();

    await fill(user, await screen.findByLabelText(/^Title/), 'Window cleaning');
    await user.click(screen.getByRole('radio', { name: 'Published' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'This reaches 31 housing companies. Do you want to publish it to all of them?',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Publish to all' }));

    await waitFor(() => expect(calls.to(`POST ${CAMPAIGNS}`)).toHaveLength(2));
    const [first, second] = calls.to(`POST ${CAMPAIGNS}`);
    expect(first!.body).toMatchObject({ status: 'published', isAdvertisement: false });
    expect(first!.body).not.toHaveProperty('confirmBroadAudience');
    expect(second!.body).toMatchObject({
      status: 'published',
      variants: { en: { title: 'Window cleaning' } },
      confirmBroadAudience: true,
    });
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/campaigns/created/${created.id}`));
  });

  it('holds an advertisement to 6 months before saving', async () => {
    const calls = api(['yitMarketing'], () => json(ad));
    renderAppAt(`/admin/campaigns/${ad.id}`, session);
    const user = userEvent.setup();

    const end = await screen.findByLabelText('Ends');
    await user.clear(end);
    await fill(user, end, '2027-01-15T09:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('An advertisement can be visible for at most 6 months.')).toBeTruthy();
    expect(calls.to(`PUT ${CAMPAIGNS}/${ad.id}`)).toHaveLength(0);
  });

  it('gives partners the campaigns only, without the partner company choice', async () => {
    const calls = api(['partner']);
    renderAppAt('/admin/campaigns/create', session);

    expect(await screen.findByLabelText(/^Title/)).toBeTruthy();
    expect(screen.queryByLabelText('Partner company')).toBeNull();
    expect(screen.getByLabelText('Shop partner')).toBeTruthy();
    expect(calls.to('GET /api/identity/admin/partner-companies')).toHaveLength(0);
  });
});
