import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  DOCUMENT_ERRORS,
  HOME_FOLDER_CATEGORIES,
  SERVICE_REQUEST_ERRORS,
  SERVICE_REQUEST_STATUSES,
  SERVICE_REQUEST_TYPES,
} from '@porta/contracts';
import { describe, expect, it } from 'vitest';
import { englishResources, LANGUAGES, loadLanguage, loadLocale, NAMESPACES } from './index.js';

/** Dotted paths of every leaf, e.g. `errors.codes.NETWORK`. */
function leafKeys(dict: unknown, prefix = ''): string[] {
  if (typeof dict !== 'object' || dict === null || Array.isArray(dict)) return [prefix];
  return Object.entries(dict).flatMap(([key, value]) => leafKeys(value, prefix ? `${prefix}.${key}` : key));
}

function leaves(dict: unknown, prefix = ''): [string, unknown][] {
  if (typeof dict !== 'object' || dict === null || Array.isArray(dict)) return [[prefix, dict]];
  return Object.entries(dict).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('dictionaries', () => {
  it('has a folder for exactly the nine languages, each with one file per namespace', () => {
    const root = fileURLToPath(new URL('./locales', import.meta.url));
    expect(readdirSync(root).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES) {
      expect(readdirSync(`${root}/${lang}`).sort()).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const ns of NAMESPACES) {
    const english = leaves(englishResources[ns]);

    it(`${ns}: English has only non-empty texts`, () => {
      expect(english.length).toBeGreaterThan(0);
      for (const [key, value] of english) {
        expect(typeof value, key).toBe('string');
        expect((value as string).trim(), key).not.toBe('');
      }
    });

    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      it(`${ns}: ${lang} has exactly the English keys, all filled, with the same placeholders`, async () => {
        const dict = await loadLocale(lang, ns);
        expect(leafKeys(dict).sort()).toEqual(leafKeys(englishResources[ns]).sort());
        const translated = new Map(leaves(dict));
        for (const [key, value] of english) {
          const text = translated.get(key);
          expect(typeof text, `${lang} ${key}`).toBe('string');
          expect((text as string).trim(), `${lang} ${key}`).not.toBe('');
          expect(placeholders(text as string), `${lang} ${key}`).toEqual(placeholders(value as string));
        }
      });
    }
  }

  it('keeps the spec texts in English', () => {
    const { common, resident } = englishResources;
    expect(common.errors.somethingWentWrong).toBe('Something went wrong');
    expect(common.errors.pageCouldNotBeLoaded).toBe(
      "Page couldn't be loaded. Please try to reload the page.",
    );
    expect(common.errors.contentCouldNotBeLoaded).toBe('Content could not be loaded. Please refresh.');
    expect(common.errors.pageNotFound).toBe('Page not found');
    expect(common.empty.noItems).toBe('no items found');
    expect(common.form.required).toBe('This field is required');
    expect(common.sessionExpired.signInAgain).toBe('Sign in again');
    expect(resident.login.email).toBe('E-mail');
    expect(resident.login.password).toBe('Password');
    expect(resident.login.submit).toBe('Sign in');
    expect(resident.logout.action).toBe('Log out');
    expect(resident.notifications.settings.loadFailed).toBe(
      'Notification settings could not be saved or loaded.',
    );
    expect(resident.notifications.settings.saveFailed).toBe('Settings saving failed.');
  });
});

describe('serviceRequests', () => {
  const { serviceRequests } = englishResources;

  it("says in English what the service says (02 §5, §8: the server's messages)", () => {
    for (const [code, text] of Object.entries(serviceRequests.errors)) {
      expect(Object.hasOwn(SERVICE_REQUEST_ERRORS, code), code).toBe(true);
      expect(text, code).toBe(SERVICE_REQUEST_ERRORS[code as keyof typeof SERVICE_REQUEST_ERRORS].message);
    }
    expect(serviceRequests.errors.SRQ_TARGET_USER_REQUIRED).toBe(
      'Target user must be defined when sending service request to resident',
    );
    expect(serviceRequests.errors.SRQ_TYPE_NOT_SELECTABLE).toBe('No request types selectable');
    expect(serviceRequests.errors.SRQ_MANAGE_LINK_INVALID).toBe('The link is not valid or has expired.');
  });

  it('names every type and status, and every attachment refusal (01 §8)', () => {
    expect(Object.keys(serviceRequests.types).sort()).toEqual([...SERVICE_REQUEST_TYPES].sort());
    expect(Object.keys(serviceRequests.statuses).sort()).toEqual([...SERVICE_REQUEST_STATUSES].sort());
    expect(serviceRequests.statuses.inprogress).toBe('In progress');
    expect(Object.keys(serviceRequests.attachments.refusals).sort()).toEqual(
      ['file_extension', 'file_size', 'illegal_characters', 'mime_type', 'too_many'].sort(),
    );
  });
});

describe('documents', () => {
  const { documents } = englishResources;

  it("has a text for every code of the documents service, in English the service's message", () => {
    expect(Object.keys(documents.errors).sort()).toEqual(Object.keys(DOCUMENT_ERRORS).sort());
    for (const [code, text] of Object.entries(documents.errors)) {
      expect(text, code).toBe(DOCUMENT_ERRORS[code as keyof typeof DOCUMENT_ERRORS].message);
    }
  });

  it('names every home-folder category (03 §3)', () => {
    expect(Object.keys(documents.categories).sort()).toEqual([...HOME_FOLDER_CATEGORIES].sort());
  });
});

describe('loadLocale', () => {
  it('loads a language lazily and differs from English', async () => {
    const fi = await loadLocale('fi', 'resident');
    expect(fi.login.password).toBe('Salasana');
    expect(fi).not.toBe(englishResources.resident);
  });

  it('loads English lazily like the other languages, the reference dictionaries', async () => {
    await expect(loadLocale('en', 'common')).resolves.toEqual(englishResources.common);
  });

  it('rejects an unknown language or namespace', async () => {
    // @ts-expect-error: not a language
    await expect(loadLocale('ru', 'common')).rejects.toThrow('Unknown language');
    // @ts-expect-error: not a namespace
    await expect(loadLocale('fi', 'admin')).rejects.toThrow('Unknown namespace');
  });

  it('loads every namespace of a language at once', async () => {
    const sv = await loadLanguage('sv');
    expect(Object.keys(sv).sort()).toEqual([...NAMESPACES].sort());
    expect(sv.common.sessionExpired.signInAgain).toBe('Logga in igen');
  });
});
