import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LettersTestApp, lettersTestApp, loginAs } from './testing/index.js';

let t: LettersTestApp;
let seeded: boolean;
beforeAll(async () => {
  t = await lettersTestApp();
  seeded = await t.letters.seedDemo();
}, 120_000);
afterAll(() => t?.close());

describe('the letters demo', () => {
  it("shows Linden Court's manager a sent letter with its log and a draft, once", async () => {
    expect(seeded).toBe(true);
    expect(await t.letters.seedDemo()).toBe(false);
    const headers = { authorization: `Bearer ${(await loginAs(t.app, 'manager')).accessToken}` };
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/letters/housing-companies/${t.hc.lindenCourt}/letters`,
      headers,
    });
    const items = list.json<{ items: { id: string; status: string; template: string }[] }>().items;
    expect(items.map((l) => [l.status, l.template])).toEqual([
      ['draft', 'warranty-meeting'],
      ['sent', 'blank'],
    ]);
    const sent = items.find((l) => l.status === 'sent')!;
    const progress = (
      await t.app.inject({ method: 'GET', url: `/api/letters/letters/${sent.id}/progress`, headers })
    ).json();
    expect(progress.counts.failed).toBe(1);
    expect(progress.counts.delivered).toBeGreaterThanOrEqual(3);
    expect(progress.total).toBe(progress.counts.failed + progress.counts.delivered);
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/letters/letters/${sent.id}/deliveries?q=owner`,
      headers,
    });
    expect(log.json().items).toContainEqual(
      expect.objectContaining({ email: 'owner@demo.porta.test', status: 'delivered' }),
    );
    // The draft's preview renders (the warranty template with the company's dates and contacts).
    const draft = items.find((l) => l.status === 'draft')!;
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/letters/letters/${draft.id}/preview`,
      headers,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().html).toContain('Kutsu takuutarkastukseen');
  });
});
