import type { ApartmentImage } from '@porta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, problem } from '../../../testing/fetch-mock';
import { IDS, meResponse } from '../../../testing/fixtures';
import { featuresOn, startSignedIn } from '../../../testing/signed-in';

const IMAGES = `/api/content/apartments/${IDS.demoApt}/images`;

function image(n: number, name: string): ApartmentImage {
  const id = `0195f0a0-0000-7000-8000-0000000010${String(n).padStart(2, '0')}`;
  const assetId = `a55e7000-0000-4c1e-8f5e-0000000000${String(n).padStart(2, '0')}`;
  return {
    id,
    housingCompanyId: IDS.demoHc,
    apartmentId: IDS.demoApt,
    apartmentNo: 'A 1',
    name,
    image: {
      id: assetId,
      url: `/api/content/assets/${assetId}`,
      fileName: `A 1__${name}`,
      mimeType: 'image/png',
      size: 1234,
      width: 800,
      height: 600,
    },
    createdAt: '2026-11-20T08:00:00.000Z',
  };
}

describe('/my-apartment: the apartment’s images', () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:porta-image'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows thumbnails with their names, each opening the image in the viewer', async () => {
    const images = [image(1, 'floor-plan.png'), image(2, 'kitchen.png')];
    const app = startSignedIn('/my-apartment', {
      me: meResponse(),
      features: featuresOn(),
      routes: {
        [`GET ${IMAGES}`]: json({ apartmentId: IDS.demoApt, items: images }),
        [`GET ${images[1]!.image.url}`]: () => new Response('png', { status: 200 }),
      },
    });
    const home = await screen.findByRole('article', { name: 'Apartment A 1' });
    const gallery = await within(home).findByRole('list', { name: 'Pictures of apartment A 1' });
    expect(within(home).getByRole('heading', { level: 3, name: 'Pictures of the apartment' })).toBeTruthy();
    const items = within(gallery).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['floor-plan.png', 'kitchen.png']);
    const thumbnail = items[0]!.querySelector('img')!;
    expect(thumbnail.getAttribute('src')).toBe(images[0]!.image.url);

    await app.user.click(within(gallery).getByRole('button', { name: 'Open the picture kitchen.png' }));
    const viewer = await screen.findByRole('dialog');
    expect(await within(viewer).findByRole('img', { name: 'kitchen.png' })).toBeTruthy();
    expect(app.calls()).toContain(`GET ${images[1]!.image.url}`);
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows nothing when the apartment has no images, or they cannot be read', async () => {
    for (const answer of [
      json({ apartmentId: IDS.demoApt, items: [] }),
      problem(404, 'CNT_NOT_FOUND', 'Not found'),
    ]) {
      const app = startSignedIn('/my-apartment', {
        me: meResponse(),
        features: featuresOn(),
        routes: { [`GET ${IMAGES}`]: answer },
      });
      const home = await screen.findByRole('article', { name: 'Apartment A 1' });
      await waitFor(() => expect(app.calls()).toContain(`GET ${IMAGES}`));
      expect(within(home).queryByRole('heading', { name: 'Pictures of the apartment' })).toBeNull();
      expect(within(home).queryByRole('list', { name: /Pictures of apartment/ })).toBeNull();
      app.unmount();
    }
  });
});
