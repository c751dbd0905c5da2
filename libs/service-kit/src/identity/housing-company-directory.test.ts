import type { DirectoryHousingCompany } from '@porta/contracts';
import { describe, expect, it } from 'vitest';
import { DIRECTORY_TTL_MS, HousingCompanyDirectory } from './housing-company-directory.js';

const company = (id: string) =>
  ({ id, apartments: [], partnerContacts: [] }) as unknown as DirectoryHousingCompany;

/** identity's answers, counted: `fail` makes the next question fail. */
function fakeIdentity() {
  const asked: string[] = [];
  const identity = {
    fail: false,
    asked,
    async housingCompany(id: string) {
      asked.push(id);
      if (identity.fail) throw new Error('identity did not answer');
      return id === 'none' ? null : company(id);
    },
  };
  return identity;
}

describe('the directory entries of housing companies', () => {
  it('asks identity once per company while the entry is fresh, and again after DIRECTORY_TTL_MS', async () => {
    let now = 0;
    const identity = fakeIdentity();
    const directory = new HousingCompanyDirectory(identity, { now: () => now });
    expect((await directory.housingCompany('a'))?.id).toBe('a');
    expect((await directory.housingCompany('a'))?.id).toBe('a');
    expect(await directory.housingCompany('none')).toBeNull();
    expect(await directory.housingCompany('none')).toBeNull();
    expect(identity.asked).toEqual(['a', 'none']);
    now = DIRECTORY_TTL_MS;
    await directory.housingCompany('a');
    expect(identity.asked).toEqual(['a', 'none', 'a']);
  });

  it('shares one question between concurrent requests', async () => {
    const identity = fakeIdentity();
    const directory = new HousingCompanyDirectory(identity);
    await Promise.all([directory.housingCompany('a'), directory.housingCompany('a')]);
    expect(identity.asked).toEqual(['a']);
  });

  it('does not keep a failed question, and forgets everything on clear()', async () => {
    const identity = fakeIdentity();
    const directory = new HousingCompanyDirectory(identity);
    identity.fail = true;
    await expect(directory.housingCompany('a')).rejects.toThrow('identity did not answer');
    identity.fail = false;
    expect((await directory.housingCompany('a'))?.id).toBe('a');
    directory.clear();
    await directory.housingCompany('a');
    expect(identity.asked).toEqual(['a', 'a', 'a']);
  });
});
