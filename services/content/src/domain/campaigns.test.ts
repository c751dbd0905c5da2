import { describe, expect, it } from 'vitest';
import {
  apartmentMatches,
  type CampaignAudience,
  type CampaignRules,
  campaignVisible,
  checkAdvertisementWindow,
  checkCampaignRanges,
  compareCampaigns,
  completionWindowMatches,
  discountBadge,
  isListed,
  isSticky,
  phaseAt,
  phaseMatches,
  randomSelection,
} from './campaigns.js';

// Days are the portal's local days (Helsinki, UTC+2 in March): 15 March runs 14.3. 22:00Z – 15.3. 22:00Z.
const NOW = new Date('2026-03-15T12:00:00.000Z');
const rules = (over: Partial<CampaignRules> = {}): CampaignRules => ({
  buildingPhase: null,
  weeksBeforeCompletion: null,
  weeksAfterCompletion: null,
  rooms: [],
  apartmentSizeMin: null,
  apartmentSizeMax: null,
  startAt: null,
  endAt: null,
  stickyUntil: null,
  ...over,
});
const audience = (over: Partial<CampaignAudience> = {}): CampaignAudience => ({
  now: NOW,
  phase: 'living',
  completionDate: '2025-01-01',
  apartment: null,
  ...over,
});
const codeOf = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe('campaign visibility (02 §5)', () => {
  it('matches the building phase; a campaign without one is for both phases', () => {
    expect(phaseMatches(rules({ buildingPhase: 'living' }), 'living')).toBe(true);
    expect(phaseMatches(rules({ buildingPhase: 'living' }), 'construction')).toBe(false);
    expect(phaseMatches(rules({ buildingPhase: 'construction' }), 'construction')).toBe(true);
    expect(phaseMatches(rules({ buildingPhase: 'construction' }), 'living')).toBe(false);
    expect(phaseMatches(rules(), 'construction')).toBe(true);
    expect(phaseMatches(rules(), 'living')).toBe(true);
  });

  describe('completion window', () => {
    // Completion 2026-04-12 is exactly 4 weeks after 2026-03-15.
    const completion = '2026-04-12';
    it('starts exactly weeksBeforeCompletion weeks before the completion date (that day included)', () => {
      expect(completionWindowMatches(rules({ weeksBeforeCompletion: 4 }), completion, NOW)).toBe(true);
      expect(
        completionWindowMatches(
          rules({ weeksBeforeCompletion: 4 }),
          completion,
          new Date('2026-03-14T21:59:59Z'),
        ),
      ).toBe(false);
      expect(
        completionWindowMatches(
          rules({ weeksBeforeCompletion: 4 }),
          completion,
          new Date('2026-03-14T22:00:00Z'),
        ),
      ).toBe(true);
      expect(completionWindowMatches(rules({ weeksBeforeCompletion: 3 }), completion, NOW)).toBe(false);
    });

    it('ends weeksAfterCompletion weeks after the completion date (that day included)', () => {
      // Completion 2026-02-15 plus 4 weeks is 2026-03-15.
      const done = '2026-02-15';
      expect(completionWindowMatches(rules({ weeksAfterCompletion: 4 }), done, NOW)).toBe(true);
      expect(
        completionWindowMatches(rules({ weeksAfterCompletion: 4 }), done, new Date('2026-03-15T21:59:59Z')),
      ).toBe(true);
      expect(
        completionWindowMatches(rules({ weeksAfterCompletion: 4 }), done, new Date('2026-03-15T22:00:00Z')),
      ).toBe(false);
      expect(completionWindowMatches(rules({ weeksAfterCompletion: 3 }), done, NOW)).toBe(false);
    });

    it('applies only the bounds that are set, and a set bound fails without a completion date', () => {
      expect(completionWindowMatches(rules(), null, NOW)).toBe(true);
      expect(completionWindowMatches(rules({ weeksAfterCompletion: 1 }), '2030-01-01', NOW)).toBe(true);
      expect(completionWindowMatches(rules({ weeksBeforeCompletion: 1 }), '2020-01-01', NOW)).toBe(true);
      expect(completionWindowMatches(rules({ weeksBeforeCompletion: 1 }), null, NOW)).toBe(false);
      expect(completionWindowMatches(rules({ weeksAfterCompletion: 1 }), null, NOW)).toBe(false);
      // weeks 0: only the completion day itself on that side.
      expect(completionWindowMatches(rules({ weeksBeforeCompletion: 0 }), '2026-03-15', NOW)).toBe(true);
      expect(completionWindowMatches(rules({ weeksBeforeCompletion: 0 }), '2026-03-16', NOW)).toBe(false);
    });
  });

  describe('apartment size and rooms', () => {
    const sized = rules({ apartmentSizeMin: 40, apartmentSizeMax: 80 });
    it('includes both ends of the size range and excludes outside it', () => {
      expect(apartmentMatches(sized, { size: 40, rooms: 2 })).toBe(true);
      expect(apartmentMatches(sized, { size: 80, rooms: 2 })).toBe(true);
      expect(apartmentMatches(sized, { size: 39.9, rooms: 2 })).toBe(false);
      expect(apartmentMatches(sized, { size: 80.1, rooms: 2 })).toBe(false);
      expect(apartmentMatches(rules({ apartmentSizeMin: 40 }), { size: 500, rooms: 2 })).toBe(true);
      expect(apartmentMatches(rules({ apartmentSizeMax: 40 }), { size: 12, rooms: 1 })).toBe(true);
    });
    it('checks rooms when the campaign names room counts', () => {
      expect(apartmentMatches(rules({ rooms: [2, 3] }), { size: 50, rooms: 3 })).toBe(true);
      expect(apartmentMatches(rules({ rooms: [2, 3] }), { size: 50, rooms: 4 })).toBe(false);
    });
    it('does not apply without an apartment or with an unknown size', () => {
      expect(apartmentMatches(sized, null)).toBe(true);
      expect(apartmentMatches(sized, { size: null, rooms: null })).toBe(true);
    });
  });

  describe('listing window', () => {
    it('lists a campaign starting today but not one starting tomorrow', () => {
      expect(isListed(rules({ startAt: new Date('2026-03-15T21:59:59Z') }), NOW)).toBe(true);
      expect(isListed(rules({ startAt: new Date('2026-03-15T22:00:00Z') }), NOW)).toBe(false);
    });
    it('lists a campaign ending today but not one that ended yesterday', () => {
      expect(isListed(rules({ endAt: new Date('2026-03-14T22:00:00Z') }), NOW)).toBe(true);
      expect(isListed(rules({ endAt: new Date('2026-03-14T21:59:59Z') }), NOW)).toBe(false);
    });
    it('lists open-ended campaigns', () => {
      expect(isListed(rules(), NOW)).toBe(true);
    });
  });

  it('counts sticky only while its expiry is in the future', () => {
    expect(isSticky(rules({ stickyUntil: new Date(NOW.getTime() + 1000) }), NOW)).toBe(true);
    expect(isSticky(rules({ stickyUntil: NOW }), NOW)).toBe(false);
    expect(isSticky(rules({ stickyUntil: new Date(NOW.getTime() - 1000) }), NOW)).toBe(false);
    expect(isSticky(rules(), NOW)).toBe(false);
  });

  it('shows the discount badge as the percentage times 100', () => {
    expect(discountBadge(0.15)).toBe(15);
    expect(discountBadge(0.075)).toBe(8);
    expect(discountBadge(1)).toBe(100);
    expect(discountBadge(0)).toBeNull();
    expect(discountBadge(null)).toBeNull();
  });

  it('needs every rule at once', () => {
    const c = rules({
      buildingPhase: 'living',
      weeksAfterCompletion: 100,
      apartmentSizeMax: 60,
      startAt: new Date('2026-03-01T00:00:00Z'),
      endAt: new Date('2026-03-31T00:00:00Z'),
    });
    expect(campaignVisible(c, audience({ apartment: { size: 50, rooms: 2 } }))).toBe(true);
    expect(campaignVisible(c, audience({ phase: 'construction' }))).toBe(false);
    expect(campaignVisible(c, audience({ apartment: { size: 70, rooms: 2 } }))).toBe(false);
    expect(campaignVisible(c, audience({ completionDate: '2020-01-01' }))).toBe(false);
    expect(campaignVisible(c, audience({ now: new Date('2026-04-01T00:00:00Z') }))).toBe(false);
  });

  it('orders sticky first while unexpired, then by start, newest first', () => {
    const items = [
      { id: 'a', ...rules({ startAt: new Date('2026-03-10T00:00:00Z') }) },
      {
        id: 'b',
        ...rules({
          startAt: new Date('2026-01-01T00:00:00Z'),
          stickyUntil: new Date('2026-04-01T00:00:00Z'),
        }),
      },
      {
        id: 'c',
        ...rules({
          startAt: new Date('2026-03-12T00:00:00Z'),
          stickyUntil: new Date('2026-03-01T00:00:00Z'),
        }),
      },
      { id: 'd', ...rules() },
    ];
    expect(items.sort(compareCampaigns(NOW)).map((i) => i.id)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('selects at most n at random, each at most once', () => {
    const picked = randomSelection([1, 2, 3, 4, 5, 6, 7, 8], 6);
    expect(picked).toHaveLength(6);
    expect(new Set(picked).size).toBe(6);
    expect(randomSelection([1, 2], 6)).toHaveLength(2);
  });

  it('derives the phase from the completion date (living once it is before today)', () => {
    expect(phaseAt('2026-03-14', NOW)).toBe('living');
    expect(phaseAt('2026-03-15', NOW)).toBe('construction');
    expect(phaseAt(null, NOW)).toBe('construction');
  });
});

describe('campaign input rules', () => {
  it('refuses an end before the start and an inverted size range', () => {
    const base = { startAt: null, endAt: null, apartmentSizeMin: null, apartmentSizeMax: null };
    expect(
      codeOf(() =>
        checkCampaignRanges({
          ...base,
          startAt: new Date('2026-03-02T00:00:00Z'),
          endAt: new Date('2026-03-01T00:00:00Z'),
        }),
      ),
    ).toBe('CNT_CAMPAIGN_DATES');
    expect(
      codeOf(() =>
        checkCampaignRanges({
          ...base,
          startAt: new Date('2026-03-02T00:00:00Z'),
          endAt: new Date('2026-03-02T00:00:00Z'),
        }),
      ),
    ).toBeNull();
    expect(codeOf(() => checkCampaignRanges({ ...base, apartmentSizeMin: 81, apartmentSizeMax: 80 }))).toBe(
      'CNT_APARTMENT_SIZE_RANGE',
    );
    expect(
      codeOf(() => checkCampaignRanges({ ...base, apartmentSizeMin: 80, apartmentSizeMax: 80 })),
    ).toBeNull();
  });

  it('allows an advertisement at most 6 months from its start', () => {
    const startAt = new Date('2026-01-31T00:00:00Z');
    const ok = { startAt, endAt: new Date('2026-07-31T00:00:00Z'), publishAt: null };
    expect(codeOf(() => checkAdvertisementWindow(ok, NOW, { requireEnd: true }))).toBeNull();
    const long = { startAt, endAt: new Date('2026-07-31T00:00:01Z'), publishAt: null };
    expect(codeOf(() => checkAdvertisementWindow(long, NOW, { requireEnd: false }))).toBe(
      'CNT_ADVERTISEMENT_TOO_LONG',
    );
    const open = { startAt, endAt: null, publishAt: null };
    expect(codeOf(() => checkAdvertisementWindow(open, NOW, { requireEnd: false }))).toBeNull();
    expect(codeOf(() => checkAdvertisementWindow(open, NOW, { requireEnd: true }))).toBe(
      'CNT_ADVERTISEMENT_TOO_LONG',
    );
    // Without a start, the window runs from now.
    const fromNow = { startAt: null, endAt: new Date('2026-09-16T00:00:00Z'), publishAt: null };
    expect(codeOf(() => checkAdvertisementWindow(fromNow, NOW, { requireEnd: true }))).toBe(
      'CNT_ADVERTISEMENT_TOO_LONG',
    );
  });
});
