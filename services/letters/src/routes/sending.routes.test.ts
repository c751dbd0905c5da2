import { defaultNotificationSettings } from '@porta/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { retrieveReports } from '../domain/reports.js';
import { runSend } from '../domain/sending.js';
import { type LettersTestApp, lettersTestApp, loginAs } from '../testing/index.js';

const P = '/api/letters';

let t: LettersTestApp;
const auth: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await lettersTestApp();
  for (const key of ['manager', 'staff', 'tenant']) {
    auth[key] = { authorization: `Bearer ${(await loginAs(t.app, key)).accessToken}` };
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.mailer.sent.length = 0;
  t.mailer.refuse.clear();
  t.mailer.down = false;
});

async function call(method: string, url: string, payload?: object, as = 'manager') {
  return t.app.inject({
    method: method as 'GET',
    url: `${P}${url}`,
    headers: auth[as],
    ...(payload ? { payload } : {}),
  });
}

async function draft(body: Record<string, unknown>, named: [string, string][] = []) {
  const made = await call('POST', `/housing-companies/${t.hc.lindenCourt}/letters`, body);
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json<{ id: string }>().id;
  for (const [name, email] of named) {
    expect((await call('POST', `/letters/${id}/recipients`, { name, email })).statusCode).toBe(201);
  }
  return id;
}

async function localeOf(key: string): Promise<string> {
  const [row] = await t.query<{ locale: string }>('select locale from identity.users where email = $1', [
    `${key}@demo.porta.test`,
  ]);
  return row!.locale.slice(0, 2);
}

describe('the recipient step, preview and test mails', () => {
  it('counts who the letter would go to, and says which residents turned e-mail off', async () => {
    const id = await draft({ title: 'Sauna', roleGroups: ['tenants', 'owners'] }, [
      ['Outside Person', 'outside@example.com'],
      ['Owner Again', 'OWNER@demo.porta.test'],
    ]);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      payload: { ...defaultNotificationSettings(), emailNotificationsDisabled: true },
      headers: auth.tenant,
    });
    expect(off.statusCode).toBe(200);
    try {
      const res = await call('GET', `/letters/${id}/audience`);
      expect(res.statusCode, res.body).toBe(200);
      const summary = res.json();
      expect(summary.bySource.named).toBe(2);
      expect(summary.optedOut).toContainEqual({ name: expect.any(String), email: 'tenant@demo.porta.test' });
      expect(summary.optedOutCount).toBe(1);
      // Linden Court is Finnish: its language first, whatever the residents read.
      expect(summary.languages[0]).toBe('fi');
      const owners = (
        await t.query<{ n: number }>(
          `select count(distinct u.id)::int n from identity.users u join identity.apartment_roles r on r.user_id = u.id
           join identity.apartments a on a.id = r.apartment_id
          where a.housing_company_id = $1 and r.role = 'owner' and u.registered and u.enabled
            and u.email <> 'owner@demo.porta.test'`,
          [t.hc.lindenCourt],
        )
      )[0]!.n;
      expect(summary.bySource.owners).toBe(owners);
      expect(summary.total).toBe(2 + owners + (summary.bySource.tenants ?? 0));
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/notifications/settings',
        payload: defaultNotificationSettings(),
        headers: auth.tenant,
      });
    }
  });

  it('previews the mail in the company language by default, or the one asked for', async () => {
    const id = await draft({
      title: 'Yard day',
      preheader: 'Bring gloves',
      content: '<p>We meet at <strong>10</strong>.</p>',
    });
    const fi = await call('GET', `/letters/${id}/preview`);
    expect(fi.statusCode, fi.body).toBe(200);
    expect(fi.json()).toMatchObject({ language: 'fi', subject: 'Yard day' });
    expect(fi.json().html).toContain('lang="fi"');
    expect(fi.json().html).toContain('<strong>10</strong>');
    expect(fi.json().html).toContain('Bring gloves');
    expect(fi.json().text).toContain('We meet at 10.');
    const sv = await call('GET', `/letters/${id}/preview?language=sv`);
    expect(sv.json().html).toContain('lang="sv"');
  });

  it("signs with the sender's own signature, and not another user's", async () => {
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/identity/me/signatures',
      payload: { name: 'Office', content: 'Maria Manager\nLinden Court office' },
      headers: auth.manager,
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const signed = await draft({ title: 'Signed', signatureId: mine.json().id });
    expect((await call('GET', `/letters/${signed}/preview`)).json().text).toContain('Linden Court office');
    const theirs = await call('POST', `/letters/${signed}/copies`, undefined, 'staff');
    expect(
      (await call('GET', `/letters/${theirs.json().id}/preview`, undefined, 'staff')).json().text,
    ).not.toContain('Linden Court office');
  });

  it('sends test mails to each valid address, marked as tests, and logs nothing', async () => {
    const id = await draft({ title: 'Water cut' });
    for (const addresses of [
      'a@example.com, not-an-address',
      'a@example.com,\nBcc: all@example.com',
      Array.from({ length: 11 }, (_, i) => `t${i}@example.com`).join(','),
    ]) {
      const bad = await call('POST', `/letters/${id}/test-mails`, { addresses });
      expect(bad.statusCode, addresses).toBe(400);
      expect(bad.json().code).toBe('LETTER_TEST_ADDRESSES_INVALID');
    }
    expect(t.mailer.sent).toEqual([]);
    const ok = await call('POST', `/letters/${id}/test-mails`, {
      addresses: ' A@example.com , b@example.com,a@example.com ',
    });
    expect(ok.json()).toEqual({ sent: ['a@example.com', 'b@example.com'] });
    expect(t.mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      ['a@example.com', '[TEST] Water cut'],
      ['b@example.com', '[TEST] Water cut'],
    ]);
    expect((await call('GET', `/letters/${id}/progress`)).json()).toMatchObject({
      status: 'draft',
      total: 0,
    });
    t.mailer.down = true;
    const down = await call('POST', `/letters/${id}/test-mails`, { addresses: 'c@example.com' });
    expect(down.statusCode).toBe(502);
    expect(down.json().code).toBe('LETTER_TEST_MAIL_FAILED');
  });
});

describe('sending', () => {
  it('refuses a letter with no one to send to', async () => {
    const id = await draft({ title: 'Nobody' });
    const res = await call('POST', `/letters/${id}/send`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LETTER_NO_RECIPIENTS');
    expect((await call('GET', `/letters/${id}`)).json().status).toBe('draft');
  });

  it('freezes the recipients, sends each one mail in their language, logs it, and refuses a second send', async () => {
    const id = await draft({ title: 'Spring cleaning', roleGroups: ['board'] }, [
      ['Aino Virtanen', 'aino@example.com'],
      ['=HYPERLINK("http://evil.example","x")', 'formula@example.com'],
    ]);
    const res = await call('POST', `/letters/${id}/send`);
    expect(res.statusCode, res.body).toBe(202);
    const progress = (await call('GET', `/letters/${id}/progress`)).json();
    expect(progress.status).toBe('sent');
    expect(progress.counts).toMatchObject({ queued: 0, sent: progress.total, failed: 0, skipped: 0 });
    expect(progress.total).toBeGreaterThanOrEqual(3);
    const to = t.mailer.sent.map((m) => m.to);
    expect(new Set(to).size).toBe(to.length);
    expect(to).toEqual(
      expect.arrayContaining(['aino@example.com', 'formula@example.com', 'board@demo.porta.test']),
    );
    const aino = t.mailer.sent.find((m) => m.to === 'aino@example.com')!;
    expect(aino.subject).toBe('Spring cleaning');
    expect(aino.text).toContain('Aino Virtanen');
    expect(String(aino.html)).toContain('lang="fi"');
    const board = t.mailer.sent.find((m) => m.to === 'board@demo.porta.test')!;
    expect(String(board.html)).toContain(`lang="${await localeOf('board')}"`);

    // Added after sending: not on the frozen list.
    const late = await call('POST', `/letters/${id}/recipients`, { name: 'Late', email: 'late@example.com' });
    expect(late.json().code).toBe('LETTER_ALREADY_SENT');
    const again = await call('POST', `/letters/${id}/send`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('LETTER_ALREADY_SENT');
    expect(t.mailer.sent).toHaveLength(progress.total);

    const log = (await call('GET', `/letters/${id}/deliveries?q=aino`)).json();
    expect(log).toMatchObject({
      total: 1,
      items: [{ email: 'aino@example.com', status: 'sent', source: 'named' }],
    });
    const csv = await call('GET', `/letters/${id}/deliveries.csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('name,email,language,source,status,answer,updated');
    expect(lines).toHaveLength(progress.total + 2);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")",formula@example.com`);
    expect(csv.body).not.toMatch(/^"?=HYPERLINK/m);
  });

  it('skips a resident who turned e-mail off, and says so in the log', async () => {
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      payload: { ...defaultNotificationSettings(), emailNotificationsDisabled: true },
      headers: auth.tenant,
    });
    expect(off.statusCode).toBe(200);
    try {
      const id = await draft({ title: 'Tenants only', roleGroups: ['tenants'] }, [
        ['Named', 'named@example.com'],
      ]);
      expect((await call('POST', `/letters/${id}/send`)).statusCode).toBe(202);
      const skipped = (await call('GET', `/letters/${id}/deliveries?status=skipped`)).json();
      expect(skipped.items).toContainEqual(
        expect.objectContaining({ email: 'tenant@demo.porta.test', source: 'tenants', answer: 'opted-out' }),
      );
      expect(t.mailer.sent.map((m) => m.to)).not.toContain('tenant@demo.porta.test');
      expect(t.mailer.sent.map((m) => m.to)).toContain('named@example.com');
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/notifications/settings',
        payload: defaultNotificationSettings(),
        headers: auth.tenant,
      });
    }
  });

  it('fails a recipient the server refuses, with its answer, and sends the others', async () => {
    const id = await draft({ title: 'Refused' }, [
      ['Gone', 'gone@example.com'],
      ['Here', 'here@example.com'],
    ]);
    t.mailer.refuse.add('gone@example.com');
    expect((await call('POST', `/letters/${id}/send`)).statusCode).toBe(202);
    const failed = (await call('GET', `/letters/${id}/deliveries?status=failed`)).json();
    expect(failed).toMatchObject({
      total: 1,
      items: [{ email: 'gone@example.com', answer: '550 5.1.1 <gone@example.com>: User unknown' }],
    });
    expect((await call('GET', `/letters/${id}/progress`)).json()).toMatchObject({
      status: 'sent',
      counts: { sent: 1, failed: 1 },
    });
    expect(t.mailer.sent.map((m) => m.to)).toEqual(['here@example.com']);
  });

  it('waits while the mail server is down and then sends every one once; a process stopped mid-send sends again only what it had taken', async () => {
    const named: [string, string][] = Array.from({ length: 120 }, (_, i) => [
      `Person ${i}`,
      `p${i}@example.com`,
    ]);
    const id = await draft({ title: 'Down for a while' }, named);
    t.mailer.down = true;
    expect((await call('POST', `/letters/${id}/send`)).statusCode).toBe(202);
    expect((await call('GET', `/letters/${id}/progress`)).json()).toMatchObject({
      status: 'sending',
      counts: { queued: 120 },
    });
    t.mailer.down = false;
    // A process killed after sending 55: those marked sent stay sent; the rest of its batch is taken again.
    await t.query(
      `update letters.deliveries set status = 'sent' where letter_id = $1 and seq in
         (select seq from letters.deliveries where letter_id = $1 order by seq limit 55)`,
      [id],
    );
    await t.query(
      `update letters.deliveries set status = 'sending' where letter_id = $1 and status <> 'sent' and seq in
         (select seq from letters.deliveries where letter_id = $1 order by seq limit 100)`,
      [id],
    );
    await runSend(t.letters.context, id);
    expect((await call('GET', `/letters/${id}/progress`)).json()).toMatchObject({
      status: 'sent',
      counts: { sent: 120, queued: 0 },
    });
    const to = t.mailer.sent.map((m) => m.to);
    expect(to).toHaveLength(65);
    expect(new Set(to).size).toBe(65);
    expect(to[0]).toBe('p55@example.com');
    const events = await t.query<{ subject: string; payload: { counts: Record<string, number> } }>(
      `select subject, payload from letters.outbox where payload->>'letterId' = $1`,
      [id],
    );
    expect(events).toEqual([
      { subject: 'letters.letter.sent.v1', payload: expect.objectContaining({ counts: { sent: 120 } }) },
    ]);
  });
});

describe('bounces and the log retrieval', () => {
  const TOKEN = 'bounce-token-for-tests-0123';
  let withToken: LettersTestApp;
  let manager: Record<string, string>;

  beforeAll(async () => {
    withToken = await lettersTestApp({ LETTERS_BOUNCE_TOKEN: TOKEN });
    manager = { authorization: `Bearer ${(await loginAs(withToken.app, 'manager')).accessToken}` };
  }, 120_000);
  afterAll(async () => {
    await withToken?.close();
  });

  const bounce = (messageId: string) =>
    [
      'Subject: Undelivered Mail Returned to Sender',
      'Message-ID: <bounce-1@mail.example.com>',
      '',
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
      '',
      `Message-ID: ${messageId}`,
    ].join('\r\n');

  it('takes bounces only with the token, fails the bounced mail at the next retrieval, and delivers the rest after the window', async () => {
    const made = await withToken.app.inject({
      method: 'POST',
      url: `${P}/housing-companies/${withToken.hc.lindenCourt}/letters`,
      payload: { title: 'Bounced' },
      headers: manager,
    });
    const id = made.json().id as string;
    for (const [name, email] of [
      ['Gone', 'gone@example.com'],
      ['Here', 'here@example.com'],
    ]) {
      await withToken.app.inject({
        method: 'POST',
        url: `${P}/letters/${id}/recipients`,
        payload: { name, email },
        headers: manager,
      });
    }
    expect(
      (await withToken.app.inject({ method: 'POST', url: `${P}/letters/${id}/send`, headers: manager }))
        .statusCode,
    ).toBe(202);
    const [gone] = await withToken.query<{ message_id: string }>(
      `select message_id from letters.deliveries where letter_id = $1 and email = 'gone@example.com'`,
      [id],
    );
    const post = (authorization: string | null, payload: string) =>
      withToken.app.inject({
        method: 'POST',
        url: `${P}/bounces`,
        payload,
        headers: { 'content-type': 'message/rfc822', ...(authorization ? { authorization } : {}) },
      });
    expect((await post(null, bounce(gone!.message_id))).statusCode).toBe(404);
    expect((await post('Bearer wrong-token-for-tests-0123', bounce(gone!.message_id))).statusCode).toBe(404);
    const unreadable = await post(`Bearer ${TOKEN}`, 'Subject: hi\r\n\r\nnothing');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().code).toBe('LETTER_BOUNCE_UNREADABLE');
    const kept = await post(`Bearer ${TOKEN}`, bounce(gone!.message_id));
    expect(kept.statusCode, kept.body).toBe(202);
    expect(kept.json()).toEqual({ messageId: gone!.message_id, outcome: 'failed' });

    const retrieved = await withToken.app.inject({
      method: 'POST',
      url: `${P}/letters/${id}/retrieve-logs`,
      headers: manager,
    });
    expect(retrieved.json()).toMatchObject({
      changed: 1,
      progress: { counts: { sent: 1, failed: 1, delivered: 0 } },
    });
    const failed = await withToken.app.inject({
      method: 'GET',
      url: `${P}/letters/${id}/deliveries?status=failed`,
      headers: manager,
    });
    expect(failed.json().items).toEqual([
      expect.objectContaining({ email: 'gone@example.com', answer: '550 5.1.1 User unknown' }),
    ]);

    // Past the bounce window (0 here) the mail that did not bounce counts as delivered.
    const ctx = withToken.letters.context;
    await retrieveReports(
      { ...ctx, config: { ...ctx.config, LETTERS_BOUNCE_WINDOW_MINUTES: 0 } },
      ctx.reports,
    );
    const progress = await withToken.app.inject({
      method: 'GET',
      url: `${P}/letters/${id}/progress`,
      headers: manager,
    });
    expect(progress.json().counts).toMatchObject({ sent: 0, delivered: 1, failed: 1 });
  });
});
