import { describe, expect, it } from 'vitest';
import { housingCompany, meResponse } from '../../../testing/fixtures';
import { sendsToMaintenance } from './maintenance';

describe('maintenance redirect', () => {
  const resident = meResponse();
  const admin = meResponse({}, { roles: ['admin'] });
  const finnish = housingCompany({ addressCountry: 'Finland' });

  it('sends nobody while off with no countries listed (as shipped)', () => {
    expect(sendsToMaintenance({ enabled: false, countries: [] }, resident, finnish)).toBe(false);
  });

  it('while on, sends everyone but administrators', () => {
    expect(sendsToMaintenance({ enabled: true, countries: [] }, resident, finnish)).toBe(true);
    expect(sendsToMaintenance({ enabled: true, countries: [] }, resident, null)).toBe(true);
    expect(sendsToMaintenance({ enabled: true, countries: [] }, admin, finnish)).toBe(false);
  });

  it("sends the residents of a listed country by their housing company's country", () => {
    const settings = { enabled: false, countries: ['finland'] };
    expect(sendsToMaintenance(settings, resident, finnish)).toBe(true);
    expect(sendsToMaintenance(settings, resident, housingCompany({ addressCountry: 'Estonia' }))).toBe(false);
    expect(sendsToMaintenance(settings, resident, null)).toBe(false);
    expect(sendsToMaintenance(settings, admin, finnish)).toBe(false);
  });
});
