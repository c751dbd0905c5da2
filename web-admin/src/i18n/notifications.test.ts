import { STAFF_MENU } from '@porta/contracts';
import type { TranslationMessages } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { type Capabilities, NO_CAPABILITIES } from '../auth/access';
import { RESOURCE_VIEWS } from '../resource-views';
import { cs } from './cs';
import { en, type PortaMessages } from './en';
import { et } from './et';
import { fi } from './fi';
import { createI18nProvider, loadMessages } from './i18n-provider';
import { lt } from './lt';
import { lv } from './lv';
import { pl } from './pl';
import { raCzech } from './ra-cs';
import { raEstonian } from './ra-et';
import { raFinnish } from './ra-fi';
import { raLithuanian } from './ra-lt';
import { raLatvian } from './ra-lv';
import { raPolish } from './ra-pl';
import { raSlovak } from './ra-sk';
import { raSwedish } from './ra-sv';
import { sk } from './sk';
import { sv } from './sv';

/**
 * react-admin says "Element created / updated / deleted" unless the resource has its own
 * `resources.<resource>.notifications.created | updated | deleted` (its create and edit
 * controllers and delete buttons look there first): every resource of the staff app that can be
 * created, edited or deleted has them, in every language, so that the message says what happened.
 */

/** The staff app's resources as App.tsx registers them (each index file says what it offers). */
const VIEWS = RESOURCE_VIEWS as Record<
  string,
  (can: Capabilities) => { list?: unknown; create?: unknown; edit?: unknown }
>;

/**
 * Editable resources that react-admin does not delete: identity has no DELETE route for housing
 * companies or apartments, and a user is deleted only through the user page's own confirmation
 * (DELETE …?confirm=true), which says "User deleted" itself (`porta.users.delete.done`). No
 * "deleted" message for them; every other editable resource is deleted from its edit page.
 */
const NOT_DELETABLE = new Set(['users', 'housing-companies', 'apartments']);

/** The resources with publication actions (publish, schedule, unpublish, cancel the schedule). */
const PUBLISHABLE = ['news', 'calendar'];

const EVERYTHING = Object.fromEntries(Object.keys(NO_CAPABILITIES).map((key) => [key, true])) as Capabilities;

type Operation = 'created' | 'updated' | 'deleted';

/** What the viewer with every capability can do with each resource. */
function operationsOf(resource: string): Operation[] {
  const views = VIEWS[resource]!(EVERYTHING);
  return [
    ...(views.create ? (['created'] as const) : []),
    ...(views.edit ? (['updated'] as const) : []),
    ...(views.edit && !NOT_DELETABLE.has(resource) ? (['deleted'] as const) : []),
  ];
}

const LANGUAGES: [string, PortaMessages, TranslationMessages | null][] = [
  ['en', en, null],
  ['cs', cs, raCzech],
  ['et', et, raEstonian],
  ['fi', fi, raFinnish],
  ['lt', lt, raLithuanian],
  ['lv', lv, raLatvian],
  ['pl', pl, raPolish],
  ['sk', sk, raSlovak],
  ['sv', sv, raSwedish],
];

const GENERIC_EN: Record<Operation, string> = {
  created: 'Element created',
  updated: 'Element updated',
  deleted: 'Element deleted',
};

function notificationsOf(messages: PortaMessages, resource: string): Record<string, unknown> | undefined {
  const entry = (messages.resources as Record<string, { notifications?: Record<string, unknown> }>)[resource];
  return entry?.notifications;
}

const WRITABLE = Object.keys(VIEWS).filter((resource) => operationsOf(resource).length > 0);

describe('success messages of creates, updates and deletes', () => {
  it('knows every resource of the staff menu', () => {
    const menu = STAFF_MENU.flatMap((section) => section.entries.map((entry) => entry.resource));
    expect(Object.keys(VIEWS).sort()).toEqual([...new Set(menu)].sort());
  });

  it('covers the resources that can be created, edited or deleted', () => {
    expect(WRITABLE.sort()).toEqual(
      [
        'apartments',
        'calendar',
        'campaigns',
        'contacts',
        'faqs',
        'feature-toggles',
        'feeds',
        'housing-companies',
        'news',
        'pages',
        'partner-companies',
        'shop-partners',
        'steps',
        'taxonomy-terms',
        'users',
      ].sort(),
    );
    expect(operationsOf('contacts')).toEqual(['created', 'updated', 'deleted']);
    expect(operationsOf('users')).toEqual(['created', 'updated']);
    expect(operationsOf('feedback')).toEqual([]);
  });

  describe.each(LANGUAGES)('in %s', (language, messages, reactAdmin) => {
    it.each(WRITABLE)('%s says what was done, and only what can be done', (resource) => {
      const notifications = notificationsOf(messages, resource);
      const operations = operationsOf(resource);
      expect(Object.keys(notifications ?? {}).sort()).toEqual([...operations].sort());
      for (const operation of operations) {
        const text = notifications?.[operation];
        expect(
          typeof text === 'string' && text.trim().length > 0,
          `${language} ${resource} ${operation}`,
        ).toBe(true);
        const generic = reactAdmin
          ? (reactAdmin.ra as { notification: Record<string, string> }).notification[operation]
          : GENERIC_EN[operation];
        expect(text).not.toBe(generic);
      }
    });

    it('has no messages for resources that cannot be changed', () => {
      for (const resource of Object.keys(messages.resources)) {
        if (!WRITABLE.includes(resource)) expect(notificationsOf(messages, resource)).toBeUndefined();
      }
    });

    it.each(PUBLISHABLE)('%s says what was published, unpublished and scheduled', (resource) => {
      const publication = messages.porta.content.publication as unknown as Record<
        string,
        Record<string, string>
      >;
      for (const outcome of ['published', 'unpublished', 'scheduled', 'schedule_cancelled']) {
        expect(publication[outcome]?.[resource], `${language} ${outcome} ${resource}`).toBeTruthy();
      }
      expect(publication.scheduled?.[resource]).toContain('%{time}');
    });
  });

  it("reaches react-admin's notifications through the app's translations", async () => {
    const english = createI18nProvider('en');
    expect(english.translate('resources.contacts.notifications.deleted', { smart_count: 1 })).toBe(
      'Contact deleted',
    );
    expect(english.translate('resources.users.notifications.created', { smart_count: 1 })).toBe(
      'User created',
    );
    expect(
      english.translate('porta.content.publication.scheduled.news', { time: '12.03.2027 10:00', _: 'x' }),
    ).toBe('News item scheduled for publishing on 12.03.2027 10:00');
    expect(english.translate('porta.content.publication.published.campaigns', { _: 'Published' })).toBe(
      'Published',
    );

    await loadMessages('fi');
    const finnish = createI18nProvider('fi');
    expect(finnish.translate('resources.users.notifications.created', { smart_count: 1 })).toBe(
      'Käyttäjä luotu',
    );
    expect(finnish.translate('resources.apartments.notifications.updated', { smart_count: 1 })).toBe(
      'Asunto päivitetty',
    );
  });
});
