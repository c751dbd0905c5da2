import { describe, expect, it } from 'vitest';
import { housingCompany, meResponse } from '../../../testing/fixtures';
import { canSwitchHousingCompany, matchesHousingCompanySearch, showsHousingCompanySearch } from './switch';

describe('housing-company switch rules', () => {
  const user = meResponse().user;

  it('offers the search box only above 10 companies', () => {
    expect(showsHousingCompanySearch(10)).toBe(false);
    expect(showsHousingCompanySearch(11)).toBe(true);
  });

  it('matches by name, marketing name or street, case-insensitively', () => {
    const hc = housingCompany({
      name: 'As Oy Koivu',
      marketingName: 'Birch Park',
      addressStreet: 'Puistotie 3',
    });
    expect(matchesHousingCompanySearch(hc, 'KOIVU', user)).toBe(true);
    expect(matchesHousingCompanySearch(hc, 'birch', user)).toBe(true);
    expect(matchesHousingCompanySearch(hc, 'puistoTIE 3', user)).toBe(true);
    expect(matchesHousingCompanySearch(hc, '  ', user)).toBe(true);
    expect(matchesHousingCompanySearch(hc, 'Helsinki', user)).toBe(false);
  });

  it('is worth showing with two companies or an apartment choice', () => {
    expect(canSwitchHousingCompany(meResponse())).toBe(true);
    expect(canSwitchHousingCompany(meResponse({ hcs: [housingCompany()] }))).toBe(false);
  });
});
