import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LettersTestApp, lettersTestApp, loginAs } from '../testing/index.js';

const P = '/api/letters';

let t: LettersTestApp;
let manager: Record<string, string>;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await lettersTestApp();
  manager = { authorization: `Bearer ${(await loginAs(t.app, 'manager')).accessToken}` };
  staff = { authorization: `Bearer ${(await loginAs(t.app, 'staff')).accessToken}` };
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function newLetter(payload: Record<string, unknown> = { title: 'Spring cleaning' }) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${P}/housing-companies/${t.hc.lindenCourt}/letters`,
    payload,
    headers: manager,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; [key: string]: unknown }>();
}

function importCsv(id: string, csv: string | Buffer) {
  return t.app.inject({
    method: 'POST',
    url: `${P}/letters/${id}/recipients/csv`,
    payload: csv,
    headers: { ...manager, 'content-type': 'text/csv' },
  });
}

async function markSent(id: string) {
  await t.query(`update letters.letters set status = 'sent', sent_at = now() where id = $1`, [id]);
}

describe('letters', () => {
  it('makes a draft with the defaults and stores its HTML sanitised', async () => {
    const letter = await newLetter({
      title: '  Yard day  ',
      content:
        '<h2>Yard day</h2><p onclick="x()">Bring <strong>gloves</strong><script>alert(1)</script></p><img src="x">',
      roleGroups: ['owners', 'tenants'],
    });
    expect(letter).toMatchObject({
      housingCompanyId: t.hc.lindenCourt,
      title: 'Yard day',
      preheader: '',
      template: 'blank',
      content: '<h2>Yard day</h2><p>Bring <strong>gloves</strong></p>',
      signatureId: null,
      linkedContent: null,
      roleGroups: ['owners', 'tenants'],
      status: 'draft',
      recipientCount: 0,
      sentAt: null,
      copiedFrom: null,
    });
    const got = await t.app.inject({ method: 'GET', url: `${P}/letters/${letter.id}`, headers: staff });
    expect(got.json()).toEqual(letter);
  });

  it('refuses a letter without a title and a group chosen twice', async () => {
    for (const payload of [
      { title: '   ' },
      { title: 'x', roleGroups: ['owners', 'owners'] },
      { title: 'x', template: 'other' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${P}/housing-companies/${t.hc.lindenCourt}/letters`,
        payload,
        headers: manager,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('lists the company’s letters, the last changed first, narrowed by status and title words', async () => {
    const a = await newLetter({ title: 'Sauna turns 2027' });
    const b = await newLetter({ title: 'Sauna repair' });
    await markSent(a.id);
    const all = await t.app.inject({
      method: 'GET',
      url: `${P}/housing-companies/${t.hc.lindenCourt}/letters?q=sauna`,
      headers: manager,
    });
    expect(all.json().items.map((l: { id: string }) => l.id)).toEqual([b.id, a.id]);
    expect(all.json().total).toBe(2);
    expect(all.json().items[0]).not.toHaveProperty('content');
    const sent = await t.app.inject({
      method: 'GET',
      url: `${P}/housing-companies/${t.hc.lindenCourt}/letters?q=sauna&status=sent`,
      headers: manager,
    });
    expect(sent.json().items.map((l: { id: string }) => l.id)).toEqual([a.id]);
    const other = await t.app.inject({
      method: 'GET',
      url: `${P}/housing-companies/${t.hc.harbourView}/letters?q=sauna`,
      headers: manager,
    });
    expect(other.json()).toEqual({ items: [], total: 0 });
  });

  it('changes a draft; a sent letter is read-only and kept, and its copy is a new draft with its recipients', async () => {
    const letter = await newLetter();
    const put = await t.app.inject({
      method: 'PUT',
      url: `${P}/letters/${letter.id}`,
      payload: { title: 'Spring cleaning on 2 May', preheader: 'Bring gloves', template: 'warranty-meeting' },
      headers: manager,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      title: 'Spring cleaning on 2 May',
      preheader: 'Bring gloves',
      template: 'warranty-meeting',
    });
    const named = await t.app.inject({
      method: 'POST',
      url: `${P}/letters/${letter.id}/recipients`,
      payload: { name: 'Aino Virtanen', email: 'Aino.Virtanen@Example.com' },
      headers: manager,
    });
    expect(named.statusCode, named.body).toBe(201);
    await markSent(letter.id);
    const again = await t.app.inject({
      method: 'PUT',
      url: `${P}/letters/${letter.id}`,
      payload: { title: 'Changed after sending' },
      headers: manager,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('LETTER_ALREADY_SENT');
    const more = await t.app.inject({
      method: 'POST',
      url: `${P}/letters/${letter.id}/recipients`,
      payload: { name: 'Late', email: 'late@example.com' },
      headers: manager,
    });
    expect(more.json().code).toBe('LETTER_ALREADY_SENT');
    expect((await importCsv(letter.id, 'name,email\nLate,late@example.com\n')).json().code).toBe(
      'LETTER_ALREADY_SENT',
    );
    const gone = await t.app.inject({ method: 'DELETE', url: `${P}/letters/${letter.id}`, headers: manager });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().code).toBe('LETTER_DELETE_FAILED');

    const copy = await t.app.inject({
      method: 'POST',
      url: `${P}/letters/${letter.id}/copies`,
      headers: staff,
    });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({
      title: 'Spring cleaning on 2 May',
      template: 'warranty-meeting',
      status: 'draft',
      sentAt: null,
      recipientCount: 1,
      copiedFrom: letter.id,
    });
    const copied = await t.app.inject({
      method: 'GET',
      url: `${P}/letters/${copy.json().id}/recipients`,
      headers: manager,
    });
    expect(copied.json().items.map((r: { name: string; email: string }) => [r.name, r.email])).toEqual([
      ['Aino Virtanen', 'aino.virtanen@example.com'],
    ]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${P}/letters/${copy.json().id}`,
      headers: manager,
    });
    expect(deleted.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: `${P}/letters/${copy.json().id}`,
      headers: manager,
    });
    expect(after.json().code).toBe('LETTER_NOT_FOUND');
    expect(await t.query('select id from letters.recipients where letter_id = $1', [copy.json().id])).toEqual(
      [],
    );
  });

  it('names recipients one by one, refuses an address twice in any case, and removes one', async () => {
    const letter = await newLetter();
    const add = (name: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: `${P}/letters/${letter.id}/recipients`,
        payload: { name, email },
        headers: manager,
      });
    expect((await add('Eero Laine', 'eero@example.com')).statusCode).toBe(201);
    const twice = await add('Eero L.', ' EERO@example.com ');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('LETTER_RECIPIENT_DUPLICATE');
    for (const email of ['not-an-address', 'evil@example.com\nBcc: all@example.com']) {
      const bad = await add('X', email);
      expect(bad.statusCode, email).toBe(400);
    }
    const second = await add('Sanna Koski', 'sanna@example.com');
    const found = await t.app.inject({
      method: 'GET',
      url: `${P}/letters/${letter.id}/recipients?q=sanna`,
      headers: manager,
    });
    expect(found.json()).toMatchObject({ total: 1, items: [{ name: 'Sanna Koski', source: 'manual' }] });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${P}/letters/${letter.id}/recipients/${second.json().id}`,
      headers: manager,
    });
    expect(removed.statusCode).toBe(204);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `${P}/letters/${letter.id}/recipients/${second.json().id}`,
      headers: manager,
    });
    expect(gone.json().code).toBe('LETTER_RECIPIENT_NOT_FOUND');
    const got = await t.app.inject({ method: 'GET', url: `${P}/letters/${letter.id}`, headers: manager });
    expect(got.json().recipientCount).toBe(1);
  });

  it('imports a CSV file: good rows added, the others listed by line, the count kept', async () => {
    const letter = await newLetter();
    await t.app.inject({
      method: 'POST',
      url: `${P}/letters/${letter.id}/recipients`,
      payload: { name: 'Already There', email: 'there@example.com' },
      headers: manager,
    });
    const csv = [
      '\uFEFFNimi,Sähköposti',
      'Aino Virtanen,aino@example.com',
      '"Laine, Eero",eero@example.com',
      'No Address,not-an-address',
      'Again,AINO@example.com',
      'There,there@example.com',
      '"=HYPERLINK(""http://evil.example"",""x"")",formula@example.com',
      '',
    ].join('\r\n');
    const res = await importCsv(letter.id, Buffer.from(csv, 'utf8'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      added: 3,
      failedCount: 3,
      failed: [
        { line: 4, problem: 'email-invalid', value: 'not-an-address' },
        { line: 5, problem: 'duplicate', value: expect.stringMatching(/^aino@example\.com$/i) },
        { line: 6, problem: 'duplicate', value: 'there@example.com' },
      ],
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `${P}/letters/${letter.id}/recipients`,
      headers: manager,
    });
    expect(list.json().items.map((r: { name: string; source: string }) => [r.name, r.source])).toEqual([
      ['Already There', 'manual'],
      ['Aino Virtanen', 'csv'],
      ['Laine, Eero', 'csv'],
      ['=HYPERLINK("http://evil.example","x")', 'csv'],
    ]);
    const got = await t.app.inject({ method: 'GET', url: `${P}/letters/${letter.id}`, headers: manager });
    expect(got.json().recipientCount).toBe(4);
  });

  it('refuses a CSV file that is not comma-separated UTF-8 with an e-mail column, adding nothing', async () => {
    const letter = await newLetter();
    for (const file of [
      Buffer.from('name;email\nAino;aino@example.com\n'),
      Buffer.from('name,phone\nAino,040 123\n'),
      Buffer.from([
        0x4e, 0x69, 0x6d, 0x69, 0x2c, 0x65, 0x6d, 0x61, 0x69, 0x6c, 0x0a, 0x50, 0xe4, 0x69, 0x76, 0x69, 0x2c,
        0x70, 0x40, 0x78, 0x2e, 0x66, 0x69, 0x0a,
      ]),
      Buffer.from(''),
    ]) {
      const res = await importCsv(letter.id, file);
      expect(res.statusCode, file.toString('latin1')).toBe(400);
      expect(res.json().code).toBe('LETTER_CSV_INVALID');
    }
    const got = await t.app.inject({ method: 'GET', url: `${P}/letters/${letter.id}`, headers: manager });
    expect(got.json().recipientCount).toBe(0);
  });

  it('is closed in a housing company where email-letters is off, but for admin', async () => {
    await t.query(`delete from identity.feature_toggles where feature_id = 'email-letters'`);
    t.identity.context.features.clear();
    t.letters.context.features.clear();
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: `${P}/housing-companies/${t.hc.lindenCourt}/letters`,
        headers: manager,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FEATURE_NOT_ACTIVATED');
      const admin = { authorization: `Bearer ${(await loginAs(t.app, 'admin')).accessToken}` };
      const asAdmin = await t.app.inject({
        method: 'GET',
        url: `${P}/housing-companies/${t.hc.lindenCourt}/letters`,
        headers: admin,
      });
      expect(asAdmin.statusCode).toBe(200);
    } finally {
      await t.query(
        `insert into identity.feature_toggles (feature_id, scope) values ('email-letters', 'global')`,
      );
      t.identity.context.features.clear();
      t.letters.context.features.clear();
    }
  });
});
