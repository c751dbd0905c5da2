import { QUICK_LINK_MODULES, type QuickLinkModuleId, type QuickLinksResponse } from '@porta/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { IDS, meResponse } from '../../../testing/fixtures';
import { featuresOn, startSignedIn } from '../../../testing/signed-in';

const AVAILABLE: QuickLinkModuleId[] = [
  'documents-v2',
  'contact-book',
  'service-requests',
  'community',
  'service-shop',
  'material-selection',
];

function answer(ids: QuickLinkModuleId[]): QuickLinksResponse {
  return {
    projectId: IDS.demoHc,
    available: AVAILABLE,
    links: ids.map((moduleId, i) => {
      const module = QUICK_LINK_MODULES.find((m) => m.moduleId === moduleId)!;
      return {
        _id: `link-${i}`,
        moduleId,
        translationKey: module.translationKey,
        href: module.href,
        icon: module.icon,
      };
    }),
  };
}

/** The quick-link service: GET answers what was stored last, PUT stores the order sent. */
function quickLinkRoutes(initial: QuickLinkModuleId[], putReply?: () => Response) {
  let stored = initial;
  return {
    [`GET /api/identity/me/quick-links?projectId=${IDS.demoHc}`]: () => json(answer(stored)),
    'PUT /api/identity/me/quick-links': (request: RecordedRequest) => {
      if (putReply) return putReply();
      stored = (request.body as { links: { moduleId: QuickLinkModuleId }[] }).links.map((l) => l.moduleId);
      return json(answer(stored));
    },
  };
}

/** The features that offer AVAILABLE (the client derives the modules from them, as identity does). */
const OFFERING = featuresOn(
  'documentsv2',
  'service-requests',
  'public-discussion',
  'service-lounge',
  'material-selection',
);

/** The app signed in with /me carrying these links of the housing company, as identity answers. */
function startWithLinks(initial: QuickLinkModuleId[], putReply?: () => Response) {
  return startSignedIn('/', {
    me: meResponse({}, { quickLinks: { projectId: IDS.demoHc, links: answer(initial).links } }),
    features: OFFERING,
    routes: quickLinkRoutes(initial, putReply),
  });
}

const box = () => screen.getByRole('region', { name: 'Quick links' });
const order = () =>
  within(within(box()).getByRole('list', { name: 'Quick links' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.quick-links__label')?.textContent);
const shownLinks = () =>
  within(box())
    .getAllByRole('link')
    .map((a) => `${a.lastElementChild?.textContent} ${a.getAttribute('href')}`);

describe('quick links', () => {
  it('starts from the empty hint, adds up to five, removes, reorders by keyboard and saves the order', async () => {
    const app = startWithLinks([]);
    const hint = await within(await screen.findByRole('region', { name: 'Quick links' })).findByText(
      /no links selected/,
    );
    await app.user.click(within(hint).getByRole('button', { name: 'Choose your first link' }));

    // Only the modules the housing company offers; nothing to save yet.
    const add = within(box()).getByRole('group', { name: 'Add a link' });
    expect(
      within(add)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Add Documents',
      'Add Contact book',
      'Add Service requests',
      'Add Community',
      'Add Service shop',
      'Add Material selection',
    ]);
    expect(within(box()).queryByRole('button', { name: 'Save' })).toBeNull();

    for (const name of ['Documents', 'Contact book', 'Service requests', 'Community']) {
      await app.user.click(within(box()).getByRole('button', { name: `Add ${name}` }));
    }
    expect(within(box()).getByRole('button', { name: 'Add Service shop' })).toBeTruthy();
    await app.user.click(within(box()).getByRole('button', { name: 'Add Material selection' }));
    // Five: the add control is gone.
    expect(within(box()).queryByRole('group', { name: 'Add a link' })).toBeNull();
    expect(within(box()).getByText('You have chosen the maximum of 5 links.')).toBeTruthy();
    expect(order()).toEqual([
      'Documents',
      'Contact book',
      'Service requests',
      'Community',
      'Material selection',
    ]);

    await app.user.click(within(box()).getByRole('button', { name: 'Remove Contact book' }));
    expect(order()).toEqual(['Documents', 'Service requests', 'Community', 'Material selection']);
    expect(within(box()).getByRole('button', { name: 'Add Contact book' })).toBeTruthy();

    // Keyboard: the move buttons, focus stays on the moved link's button.
    const up = within(box()).getByRole('button', { name: 'Move Community up' });
    up.focus();
    await app.user.keyboard('{Enter}');
    expect(order()).toEqual(['Documents', 'Community', 'Service requests', 'Material selection']);
    await app.user.keyboard('{Enter}');
    expect(order()).toEqual(['Community', 'Documents', 'Service requests', 'Material selection']);
    expect(document.activeElement).toBe(within(box()).getByRole('button', { name: 'Move Community up' }));
    expect(document.activeElement?.getAttribute('aria-disabled')).toBe('true');
    await app.user.keyboard('{Enter}');
    expect(order()[0]).toBe('Community');
    expect(within(box()).getByText('Community moved to position 1 of 4')).toBeTruthy();

    await app.user.click(within(box()).getByRole('button', { name: 'Save' }));
    await within(box()).findByText('Your quick links have been saved.');
    const put = app.requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      projectId: IDS.demoHc,
      links: [
        { moduleId: 'community' },
        { moduleId: 'documents-v2' },
        { moduleId: 'service-requests' },
        { moduleId: 'material-selection' },
      ],
    });
    expect(shownLinks()).toEqual([
      'Community /community',
      'Documents /documents',
      'Service requests /support/service-requests',
      'Material selection /material-selection',
    ]);
    expect(document.activeElement).toBe(within(box()).getByRole('button', { name: 'Edit quick links' }));
  });

  it('reorders by dragging; Save appears only after a change and Cancel drops the change', async () => {
    const app = startWithLinks(['contact-book', 'community', 'service-shop']);
    await within(await screen.findByRole('region', { name: 'Quick links' })).findByRole('link', {
      name: /Contact book/,
    });
    expect(shownLinks()).toEqual([
      'Contact book /support/contact-book',
      'Community /community',
      'Service shop /service-shop',
    ]);
    await app.user.click(within(box()).getByRole('button', { name: 'Edit quick links' }));
    expect(within(box()).queryByRole('button', { name: 'Save' })).toBeNull();

    const items = within(within(box()).getByRole('list', { name: 'Quick links' })).getAllByRole('listitem');
    fireEvent.dragStart(items[0]!);
    fireEvent.dragOver(items[2]!);
    fireEvent.drop(items[2]!);
    expect(order()).toEqual(['Community', 'Service shop', 'Contact book']);
    expect(within(box()).getByRole('button', { name: 'Save' })).toBeTruthy();

    // Moving it back is no change.
    await app.user.click(within(box()).getByRole('button', { name: 'Move Contact book up' }));
    await app.user.click(within(box()).getByRole('button', { name: 'Move Contact book up' }));
    expect(order()).toEqual(['Contact book', 'Community', 'Service shop']);
    expect(within(box()).queryByRole('button', { name: 'Save' })).toBeNull();

    await app.user.click(within(box()).getByRole('button', { name: 'Move Contact book down' }));
    await app.user.click(within(box()).getByRole('button', { name: 'Cancel' }));
    expect(shownLinks()).toEqual([
      'Contact book /support/contact-book',
      'Community /community',
      'Service shop /service-shop',
    ]);
    expect(app.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('keeps the editor and says so when saving fails', async () => {
    const app = startWithLinks(['contact-book'], () => problem(500, 'INTERNAL', 'Something went wrong'));
    await within(await screen.findByRole('region', { name: 'Quick links' })).findByRole('link', {
      name: /Contact book/,
    });
    await app.user.click(within(box()).getByRole('button', { name: 'Edit quick links' }));
    await app.user.click(within(box()).getByRole('button', { name: 'Add Community' }));
    await app.user.click(within(box()).getByRole('button', { name: 'Save' }));
    expect((await within(box()).findByRole('alert')).textContent).toBe(
      'The quick links could not be saved. Please try again.',
    );
    expect(order()).toEqual(['Contact book', 'Community']);
  });

  it('shows the links /me carries for the housing company without asking for them again', async () => {
    const app = startWithLinks(['service-requests']);
    await waitFor(() => expect(shownLinks()).toEqual(['Service requests /support/service-requests']));
    // Saving updates /me's copy: the box shows the saved order, still without a read of its own.
    await app.user.click(within(box()).getByRole('button', { name: 'Edit quick links' }));
    await app.user.click(within(box()).getByRole('button', { name: 'Add Community' }));
    await app.user.click(within(box()).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(shownLinks()).toEqual(['Service requests /support/service-requests', 'Community /community']),
    );
    expect(app.calls().filter((call) => call.startsWith('GET /api/identity/me/quick-links'))).toEqual([]);
  });

  it('asks for the links of a housing company /me does not carry, and shows none when that fails', async () => {
    const elsewhere = { quickLinks: { projectId: crypto.randomUUID(), links: answer(['community']).links } };
    const first = startSignedIn('/', {
      me: meResponse({}, elsewhere),
      routes: quickLinkRoutes(['contact-book']),
    });
    await waitFor(() => expect(shownLinks()).toEqual(['Contact book /support/contact-book']));
    expect(first.calls()).toContain(`GET /api/identity/me/quick-links?projectId=${IDS.demoHc}`);
    first.unmount();
    startSignedIn('/', {
      me: meResponse({}, elsewhere),
      routes: {
        [`GET /api/identity/me/quick-links?projectId=${IDS.demoHc}`]: problem(500, 'INTERNAL', 'Boom'),
      },
    });
    await within(await screen.findByRole('region', { name: 'Quick links' })).findByText(/no links selected/);
  });

  it('draws each link with a decorative icon, not an emoji (issue 17)', async () => {
    startWithLinks(['documents-v2', 'contact-book', 'service-requests']);
    await waitFor(() => expect(within(box()).getAllByRole('link')).toHaveLength(3));
    for (const link of within(box()).getAllByRole('link')) {
      const icon = link.querySelector('svg');
      expect(icon?.getAttribute('aria-hidden')).toBe('true');
      // The accessible name is the label alone, and no emoji font is needed to draw the link.
      expect(link.textContent).toMatch(/^[\p{L}\s]+$/u);
    }
  });
});
