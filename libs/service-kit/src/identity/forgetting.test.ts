import { afterEach, describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/memory-bus.js';
import type { Subscription } from '../bus/types.js';
import { until } from '../testing/until.js';
import { forgetOnIdentityEvents, type KeptAnswers, staleAfter } from './forgetting.js';

let bus: MemoryBus;
const subscriptions: Subscription[] = [];
afterEach(async () => {
  for (const s of subscriptions.splice(0)) await s.stop();
  await bus?.close();
});

describe('staleAfter', () => {
  it('names the kept answers an identity event makes stale', () => {
    expect(staleAfter('identity.feature-toggle.changed.v1')).toEqual(['features']);
    expect(staleAfter('identity.housing-company.updated.v1')).toEqual(['features', 'directory']);
    expect(staleAfter('identity.user.banned.v1')).toEqual(['bans']);
    expect(staleAfter('identity.housing-company-partner.changed.v1')).toEqual(['directory']);
    expect(staleAfter('identity.user.created.v1')).toEqual([]);
  });
});

describe('forgetOnIdentityEvents', () => {
  it('makes every instance of the service forget, though the event reaches only one of them', async () => {
    bus = new MemoryBus();
    const instances = [0, 1, 2].map(() => ({ forgot: [] as KeptAnswers[][], heard: 0 }));
    const otherService: KeptAnswers[][] = [];
    for (const instance of instances) {
      subscriptions.push(
        await forgetOnIdentityEvents(bus, {
          service: 'svc',
          durable: 'svc-identity',
          forget: (what) => instance.forgot.push([...what]),
          also: async () => {
            instance.heard++;
          },
        }),
      );
    }
    subscriptions.push(
      await forgetOnIdentityEvents(bus, {
        service: 'other',
        durable: 'other-identity',
        forget: (what) => otherService.push([...what]),
      }),
    );

    await bus.publish('identity.user.banned.v1', { userId: 'u' }, { msgId: 'ban-1' });
    await until(() => instances.every((i) => i.forgot.some((w) => w.includes('bans'))));
    // One instance took the event (and did the rest of its work); all three forgot the bans.
    expect(instances.map((i) => i.heard).reduce((a, b) => a + b)).toBe(1);
    // Another service forgets through its own consumer, not through this service's broadcast.
    await until(() => otherService.length > 0);
    expect(otherService.every((w) => w.join() === 'bans')).toBe(true);

    // An event that makes nothing stale broadcasts nothing.
    const before = instances.map((i) => i.forgot.length);
    await bus.publish('identity.user.created.v1', { userId: 'u' }, { msgId: 'created-1' });
    await until(() => instances.map((i) => i.heard).reduce((a, b) => a + b) === 2);
    await new Promise((r) => setTimeout(r, 50));
    expect(instances.map((i) => i.forgot.length)).toEqual(before);
  });

  it('stops listening when stopped', async () => {
    bus = new MemoryBus();
    const forgot: KeptAnswers[][] = [];
    const kept = await forgetOnIdentityEvents(bus, {
      service: 'svc',
      durable: 'svc-identity',
      forget: (w) => forgot.push([...w]),
    });
    await kept.stop();
    await bus.broadcast('live.svc.forget', { what: ['features'] });
    await new Promise((r) => setTimeout(r, 50));
    expect(forgot).toEqual([]);
  });
});
