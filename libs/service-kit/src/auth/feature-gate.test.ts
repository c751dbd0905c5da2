import { type FeatureId, IDENTITY_FEATURES_RPC } from '@porta/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/memory-bus.js';
import { AppError } from '../errors.js';
import { FeatureGate } from './feature-gate.js';

const HC = '7d1f6c1e-2b9a-4c55-9a60-000000000001';
const OTHER = '7d1f6c1e-2b9a-4c55-9a60-000000000002';

let bus: MemoryBus;
afterEach(async () => {
  await bus?.close();
});

/** identity's side: answers from a table that the test changes, and counts the questions. */
async function identity(features: Record<string, FeatureId[]>) {
  bus = new MemoryBus();
  const asked: unknown[] = [];
  await bus.reply(IDENTITY_FEATURES_RPC, async (data) => {
    asked.push(data);
    const { housingCompanyId } = data as { housingCompanyId: string };
    return { features: features[housingCompanyId] ?? ['news', 'calendar'] };
  });
  return asked;
}

describe('FeatureGate', () => {
  it('lets a route through when one of its features is on, and refuses with FEATURE_NOT_ACTIVATED otherwise', async () => {
    await identity({ [HC]: ['news', 'calendar', 'faq'] });
    const gate = new FeatureGate(bus);
    await expect(gate.require(HC, 'en', ['faq'])).resolves.toBeUndefined();
    await expect(gate.require(HC, 'en', ['public-discussion', 'faq'])).resolves.toBeUndefined();
    const refused = await gate.require(OTHER, 'en', ['faq']).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'FEATURE_NOT_ACTIVATED', status: 403 });
  });

  it('asks identity once per housing company and language within the time to live, then again', async () => {
    const table: Record<string, FeatureId[]> = { [HC]: ['faq'] };
    const asked = await identity(table);
    let now = 1_000;
    const gate = new FeatureGate(bus, { ttlMs: 30_000, now: () => now });
    await Promise.all([gate.features(HC, 'en'), gate.features(HC, 'en'), gate.features(HC, 'en')]);
    await gate.features(HC, 'fi');
    expect(asked).toEqual([
      { housingCompanyId: HC, language: 'en' },
      { housingCompanyId: HC, language: 'fi' },
    ]);

    // The feature is switched off in identity: the kept answer holds until it expires.
    table[HC] = [];
    now += 29_999;
    expect((await gate.features(HC, 'en')).has('faq')).toBe(true);
    now += 1;
    expect((await gate.features(HC, 'en')).has('faq')).toBe(false);
    expect(asked).toHaveLength(3);
  });

  it('forgets its answers on clear()', async () => {
    const table: Record<string, FeatureId[]> = { [HC]: ['faq'] };
    await identity(table);
    const gate = new FeatureGate(bus);
    expect((await gate.features(HC, 'en')).has('faq')).toBe(true);
    table[HC] = [];
    gate.clear();
    expect((await gate.features(HC, 'en')).has('faq')).toBe(false);
  });

  it('keeps serving its last answer while identity does not answer, asking again every few seconds', async () => {
    bus = new MemoryBus();
    let down = false;
    let features: FeatureId[] = ['faq'];
    let asked = 0;
    await bus.reply(IDENTITY_FEATURES_RPC, async () => {
      asked += 1;
      if (down) throw new Error('identity is away');
      return { features };
    });
    let now = 1_000;
    const gate = new FeatureGate(bus, { ttlMs: 30_000, now: () => now });
    expect((await gate.features(HC, 'en')).has('faq')).toBe(true);
    down = true;
    now += 60_000;
    expect((await gate.features(HC, 'en')).has('faq')).toBe(true);
    expect(asked).toBe(2);
    // Within the retry wait nothing is asked: the last answer stands.
    now += 4_000;
    expect((await gate.features(HC, 'en')).has('faq')).toBe(true);
    expect(asked).toBe(2);
    // identity is back, the feature switched off meanwhile: the next question after the wait hears it.
    down = false;
    features = [];
    now += 1_001;
    expect((await gate.features(HC, 'en')).has('faq')).toBe(false);
    expect(asked).toBe(3);
  });

  it('refuses with 503 TEMPORARILY_UNAVAILABLE when identity never answered, and asks again next time', async () => {
    bus = new MemoryBus();
    const gate = new FeatureGate(bus);
    const refused = await gate.features(HC, 'en').catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'TEMPORARILY_UNAVAILABLE', status: 503 });
    await bus.reply(IDENTITY_FEATURES_RPC, async () => ({ features: ['faq'] }));
    expect((await gate.features(HC, 'en')).has('faq')).toBe(true);
  });
});
