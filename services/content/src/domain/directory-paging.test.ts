import type { DirectoryHousingCompany } from '@porta/contracts';
import {
  type Bus,
  BusRequestError,
  type Logger,
  type MessageHandler,
  type PublishOptions,
  type SubscribeOptions,
} from '@porta/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentTestApp, contentTestApp } from '../testing/index.js';
import { companiesPerAnswer, refreshHousingCompanies, syncDirectory } from './directory.js';

/**
 * Directory answers must fit one NATS message (max_payload, 1 MB by default): content sizes its
 * requests by what answers weigh and asks for fewer companies when an answer does not come
 * (directory.itest.ts shows it against the real NATS with large housing companies).
 */

function company(apartments: number): DirectoryHousingCompany {
  return {
    id: '0190a4b2-7c3e-7a11-8f00-000000000001',
    hcExt: 'HC-1',
    name: 'Housing company',
    marketingName: null,
    addressCountry: 'FI',
    addressArea: null,
    addressCity: 'Espoo',
    addressZip: '02100',
    businessUnit: null,
    completionDate: '2020-01-01',
    lifecycleStepsActive: false,
    buildingType: 'block_of_flats',
    taxonomyPath: ['espoo', 'uusimaa'],
    isDemo: false,
    partnerContacts: [],
    apartments: Array.from({ length: apartments }, (_, i) => ({
      id: `0190a4b2-7c3e-7a11-8f00-${String(i).padStart(12, '0')}`,
      no: `A ${i}`,
      size: 55.5,
      rooms: 2,
    })),
  };
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('how many housing companies content asks for', () => {
  it('keeps an answer near 256 KiB: many small companies, few large ones, never more than 200 or less than 1', () => {
    expect(companiesPerAnswer([], 25)).toBe(25);
    expect(companiesPerAnswer([company(0), company(0)], 25)).toBe(200);
    expect(companiesPerAnswer([company(5_000)], 25)).toBe(1);
    const large = [company(90), company(90)];
    const n = companiesPerAnswer(large, 25);
    expect(n).toBeLessThan(200);
    expect((n * bytes(large)) / 2).toBeLessThanOrEqual(256 * 1024);
    expect(((n + 1) * bytes(large)) / 2).toBeGreaterThan(256 * 1024);
  });
});

describe('asking again for fewer companies', () => {
  let t: ContentTestApp;
  beforeAll(async () => {
    t = await contentTestApp();
  });
  afterAll(() => t.close());

  /**
   * The test app's bus, but requests for more than `max` companies time out (as too large), or are
   * answered that the reply could not be sent (as the NATS bus does above its max_payload).
   */
  function answeringAtMost(
    max: number,
    asked: number[],
    tooLarge: 'TIMEOUT' | 'REPLY_NOT_SENT' = 'TIMEOUT',
  ): Bus {
    const bus = t.bus;
    return {
      kind: bus.kind,
      publish: (subject: string, data: unknown, options: PublishOptions) =>
        bus.publish(subject, data, options),
      subscribe<T>(subject: string, handler: MessageHandler<T>, options: SubscribeOptions) {
        return bus.subscribe<T>(subject, handler, options);
      },
      async request<T>(subject: string, data: unknown, options?: { timeoutMs?: number }): Promise<T> {
        const request = data as { limit?: number; ids?: string[] };
        const count = request.limit ?? request.ids?.length ?? 0;
        asked.push(count);
        if (count > max && tooLarge === 'TIMEOUT')
          throw new BusRequestError('TIMEOUT', subject, `request to ${subject} timed out`);
        if (count > max)
          throw new BusRequestError('REMOTE', subject, 'the reply could not be sent', 'REPLY_NOT_SENT');
        return bus.request<T>(subject, data, options);
      },
      reply: (subject, handler) => bus.reply(subject, handler),
      broadcast: (subject, data) => bus.broadcast(subject, data),
      listen: (subject, handler) => bus.listen(subject, handler),
      ping: () => bus.ping(),
      onReconnect: (listener) => bus.onReconnect(listener),
      close: () => bus.close(),
    };
  }

  function recording(): Logger & { warnings: string[] } {
    const warnings: string[] = [];
    return { warnings, debug() {}, info() {}, warn: (_o, msg) => void warnings.push(msg ?? ''), error() {} };
  }

  it('halves a page that gets no answer, then sizes the next page by the weight of the last', async () => {
    const asked: number[] = [];
    const logger = recording();
    const ctx = { ...t.content.context, bus: answeringAtMost(2, asked), logger };
    expect((await syncDirectory(ctx)).housingCompanies).toBe(3);
    // 25 → 13 → 7 → 4 → 2 answered (two companies, so there is more); the demo companies are
    // small, so the next page asks for many, and is halved down to an answer again.
    expect(asked.slice(0, 5)).toEqual([25, 13, 7, 4, 2]);
    expect(asked[5]).toBeGreaterThan(100);
    expect(asked.at(-1)).toBeLessThanOrEqual(2);
    expect(logger.warnings.length).toBe(asked.length - 2);
    expect(logger.warnings[0]).toContain('asking for fewer housing companies');
  });

  it('refreshes by ids the same way, never asking for more ids than are left', async () => {
    const asked: number[] = [];
    const ctx = { ...t.content.context, bus: answeringAtMost(1, asked), logger: recording() };
    await refreshHousingCompanies(ctx, [t.hc.harbourView, t.hc.lindenCourt, t.hc.birchHill]);
    expect(asked).toEqual([3, 2, 1, 2, 1, 1]);
  });

  it('halves a page whose answer could not be sent, as for no answer', async () => {
    const asked: number[] = [];
    const ctx = {
      ...t.content.context,
      bus: answeringAtMost(1, asked, 'REPLY_NOT_SENT'),
      logger: recording(),
    };
    await refreshHousingCompanies(ctx, [t.hc.harbourView, t.hc.lindenCourt, t.hc.birchHill]);
    expect(asked).toEqual([3, 2, 1, 2, 1, 1]);
  });

  it('gives up on a single company that gets no answer (the caller retries)', async () => {
    const ctx = { ...t.content.context, bus: answeringAtMost(0, []), logger: recording() };
    await expect(refreshHousingCompanies(ctx, [t.hc.birchHill])).rejects.toMatchObject({
      failure: 'TIMEOUT',
    });
  });
});
