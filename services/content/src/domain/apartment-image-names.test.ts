import { describe, expect, it } from 'vitest';
import { cutName, matchApartments, normalise, parseApartmentImageName } from './apartment-image-names.js';

const apt = (id: string, no: string | null, more: Record<string, string | null> = {}) => ({
  id,
  no,
  ...more,
});
const APARTMENTS = [
  apt('a12', 'A 12', { apartmentNumber: '12', visibleApartmentNumber: 'A 12', aptext: 'DEMO-2000-A12' }),
  apt('b3', 'B 3', { apartmentNumber: '3', visibleApartmentNumber: 'B3', aptext: 'DEMO-2000-B3' }),
  apt('b12', 'B 12', { apartmentNumber: '12', visibleApartmentNumber: null, aptext: 'DEMO-2000-B12' }),
  apt('c7', 'C.7', { apartmentNumber: '7', visibleApartmentNumber: null, aptext: null }),
  apt('ae', 'Ä 1', { apartmentNumber: null, aptext: 'ÄPT-1' }),
  apt('none', null),
];
const ids = (identifiers: string[]) => {
  const m = matchApartments(identifiers, APARTMENTS);
  return { ids: m.apartments.map((a) => a.id), unmatched: m.unmatched };
};

describe('normalise', () => {
  it.each([
    ['A 12', 'a12'],
    ['a12', 'a12'],
    ['A.12', 'a12'],
    [' a . 1 2 ', 'a12'],
    ['A\t12\u00a0', 'a12'],
    ['Ä 1', 'ä1'],
    ['ä1', 'ä1'],
    ['A\u0308 1', 'ä1'],
    ['Ö.Å', 'öå'],
    ['', ''],
    ['. .', ''],
  ])('%j → %j', (input, expected) => expect(normalise(input)).toBe(expected));
});

describe('parseApartmentImageName', () => {
  it.each([
    ['A 12__B.3__floor-plan.png', ['A 12', 'B.3'], 'floor-plan.png'],
    ['a12__kitchen.jpg', ['a12'], 'kitchen.jpg'],
    ['A12__my kitchen.jpg', ['A12'], 'my kitchen.jpg'],
    [' A 12 __ kitchen.jpg ', ['A 12'], 'kitchen.jpg'],
    ['Ä 1__sauna.webp', ['Ä 1'], 'sauna.webp'],
    ['a12__b12__c.7__all.png', ['a12', 'b12', 'c.7'], 'all.png'],
    ['a12___kitchen.jpg', ['a12'], '_kitchen.jpg'],
    ['a12__floor_plan.png', ['a12'], 'floor_plan.png'],
    ['C:\\photos\\a12__kitchen.jpg', ['a12'], 'kitchen.jpg'],
    ['photos/a12__kitchen.jpg', ['a12'], 'kitchen.jpg'],
  ])('%j → %j, %j', (fileName, identifiers, name) => {
    expect(parseApartmentImageName(fileName)).toEqual({ ok: true, identifiers, name });
  });

  it.each([
    ['kitchen.jpg', 'no_separator'],
    ['a12_kitchen.jpg', 'no_separator'],
    ['', 'no_separator'],
    ['__kitchen.jpg', 'empty_part'],
    ['a12__', 'empty_part'],
    ['a12__   ', 'empty_part'],
    ['a12____kitchen.jpg', 'empty_part'],
    ['__a12__kitchen.jpg', 'empty_part'],
    ['a12__kitchen.jpg__', 'empty_part'],
    [' . __kitchen.jpg', 'empty_part'],
    ['____', 'empty_part'],
  ])('%j cannot be used: %s', (fileName, problem) => {
    expect(parseApartmentImageName(fileName)).toEqual({ ok: false, problem });
  });

  it('cuts a long name to 50 characters, keeping its extension', () => {
    const long = `${'x'.repeat(80)}.png`;
    const parsed = parseApartmentImageName(`a12__${long}`);
    expect(parsed.ok && parsed.name).toBe(`${'x'.repeat(46)}.png`);
    expect(cutName('y'.repeat(60))).toBe('y'.repeat(50));
    expect(cutName(`a.${'z'.repeat(60)}`)).toHaveLength(50);
    expect(cutName('short.png')).toBe('short.png');
    expect([...cutName(`${'ä'.repeat(60)}.jpg`)]).toHaveLength(50);
  });
});

describe('matchApartments', () => {
  it('matches the number ignoring dots, spaces and case', () => {
    for (const id of ['A 12', 'a12', 'A.12', 'a . 1 2', 'A12 '])
      expect(ids([id])).toEqual({ ids: ['a12'], unmatched: [] });
    expect(ids(['c7'])).toEqual({ ids: ['c7'], unmatched: [] });
    expect(ids(['C 7'])).toEqual({ ids: ['c7'], unmatched: [] });
  });

  it('matches the visible number and the external id (aptext)', () => {
    expect(ids(['b3'])).toEqual({ ids: ['b3'], unmatched: [] });
    expect(ids(['demo-2000-b12'])).toEqual({ ids: ['b12'], unmatched: [] });
    expect(ids(['Demo-2000-A.12'])).toEqual({ ids: ['a12'], unmatched: [] });
  });

  it('matches letters beyond ASCII (Ä) in either case', () => {
    expect(ids(['ä1'])).toEqual({ ids: ['ae'], unmatched: [] });
    expect(ids(['Ä.1'])).toEqual({ ids: ['ae'], unmatched: [] });
    expect(ids(['äpt-1'])).toEqual({ ids: ['ae'], unmatched: [] });
    expect(ids(['A1'])).toEqual({ ids: [], unmatched: ['A1'] });
  });

  it('matches several apartments, each once, in the order named', () => {
    expect(ids(['B.3', 'A 12'])).toEqual({ ids: ['b3', 'a12'], unmatched: [] });
    expect(ids(['a12', 'A 12', 'DEMO-2000-A12'])).toEqual({ ids: ['a12'], unmatched: [] });
  });

  it('reports identifiers that name no apartment, as written', () => {
    expect(ids(['Z 99'])).toEqual({ ids: [], unmatched: ['Z 99'] });
    expect(ids(['a12', 'Z 99', 'b3'])).toEqual({ ids: ['a12', 'b3'], unmatched: ['Z 99'] });
  });

  it('takes a bare apartment number only when one apartment has it', () => {
    expect(ids(['3'])).toEqual({ ids: ['b3'], unmatched: [] });
    expect(ids(['7'])).toEqual({ ids: ['c7'], unmatched: [] });
    // A 12 and B 12 are both number 12: a bare 12 names neither.
    expect(ids(['12'])).toEqual({ ids: [], unmatched: ['12'] });
  });

  it('matches nothing in a company without apartments', () => {
    expect(matchApartments(['a12'], [])).toEqual({ apartments: [], unmatched: ['a12'] });
  });
});
