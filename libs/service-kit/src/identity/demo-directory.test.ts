import { randomUUID } from 'node:crypto';
import { type DirectoryHousingCompany, IDENTITY_DIRECTORY_RPC } from '@porta/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/memory-bus.js';
import { findDemoDirectory } from './demo-directory.js';

const company = (n: number): DirectoryHousingCompany => ({
  id: randomUUID(),
  hcExt: `LARGE-${n}`,
  name: `Company ${n}`,
  marketingName: null,
  addressCountry: 'Finland',
  addressArea: null,
  addressCity: 'Turku',
  addressZip: '20100',
  businessUnit: null,
  completionDate: null,
  lifecycleStepsActive: false,
  buildingType: null,
  taxonomyPath: [],
  isDemo: false,
  partnerContacts: [],
  apartments: [],
});

describe('the demo directory of a large identity', () => {
  let bus: MemoryBus;
  afterEach(() => bus.close());

  it('asks for fewer companies a page when a page could not be sent, and reads on', async () => {
    bus = new MemoryBus();
    const companies = Array.from({ length: 130 }, (_, i) => company(i)).sort((a, b) =>
      a.id.localeCompare(b.id),
    );
    const limits: number[] = [];
    await bus.reply(IDENTITY_DIRECTORY_RPC, async (data) => {
      const { afterId, limit } = data as { afterId: string | null; limit: number };
      limits.push(limit);
      // As the NATS bus answers a reply above the server's max_payload.
      if (limit > 60) throw Object.assign(new Error('MAX_PAYLOAD_EXCEEDED'), { code: 'REPLY_NOT_SENT' });
      const from = afterId ? companies.findIndex((c) => c.id === afterId) + 1 : 0;
      const page = companies.slice(from, from + limit);
      const next = from + limit < companies.length ? page.at(-1)!.id : null;
      return { housingCompanies: page, nextAfterId: next, missingIds: [] };
    });
    // No demo companies among them: every page is read, and the answer is "no demo".
    expect(await findDemoDirectory(bus, ['DEMO-1000'], { attempts: 1, delayMs: 0 })).toBeNull();
    expect(limits).toEqual([200, 100, 50, 50, 50]);
  });

  it('gives up on another failure at once', async () => {
    bus = new MemoryBus();
    await bus.reply(IDENTITY_DIRECTORY_RPC, async () => {
      throw Object.assign(new Error('no'), { code: 'FORBIDDEN' });
    });
    await expect(findDemoDirectory(bus, ['DEMO-1000'], { attempts: 1, delayMs: 0 })).rejects.toMatchObject({
      remoteCode: 'FORBIDDEN',
    });
  });
});
