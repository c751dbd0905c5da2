import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, outbox, signatures, users, userTokens } from '../db/schema.js';
import { IDENTITY_EVENTS } from '../domain/events.js';
import {
  addTestUser,
  apiClient,
  apiClientAs,
  type CapturingMailer,
  capturingMailer,
  type IdentityTestApp,
  identityTestApp,
  loginAs,
} from '../testing/identity-app.js';

const PUBLIC_URL = 'https://portal.example.test';
const NEW_PASSWORD = 'Fresh-Secret-42';

let t: IdentityTestApp;
let mail: CapturingMailer;
beforeAll(async () => {
  mail = capturingMailer();
  t = await identityTestApp({ PUBLIC_URL }, { mailer: mail });
});
afterAll(() => t.close());

const client = (accessToken?: string) => apiClient(t.app, accessToken);

const as = (who: string, password?: string) => apiClientAs(t.app, who, password);

async function userRow(id: string) {
  return (await t.identity.context.db.select().from(users).where(eq(users.id, id)))[0]!;
}

async function tokensOf(userId: string) {
  return t.identity.context.db.select().from(userTokens).where(eq(userTokens.userId, userId));
}

function mailsTo(address: string) {
  return mail.sent.filter((m) => m.to === address);
}

/** The user id and code of the confirmation link in a mail. */
function emailChangeLink(text: string) {
  const match = new RegExp(`${PUBLIC_URL}/profile/email-changed/([0-9a-f-]{36})/([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no confirmation link in: ${text}`);
  return { userId: match[1]!, code: match[2]! };
}

describe('changing the e-mail address', () => {
  it('mails a link to the new address; the link changes the address once', async () => {
    const userId = await addTestUser(t, { key: 'mover' });
    const mover = await as('mover');
    const res = await mover.post('/api/identity/me/email-change', {
      newEmail: '  Moved.Person@Example.TEST ',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ newEmail: 'moved.person@example.test', expiresAt: expect.any(String) });
    const hours = (Date.parse(res.json().expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const [sent] = mailsTo('moved.person@example.test');
    expect(sent!.subject).toBe('Confirm your new e-mail address for Porta');
    const link = emailChangeLink(sent!.text);
    expect(link.userId).toBe(userId);
    // Nothing changes before the confirmation; the token is stored hashed only.
    expect((await userRow(userId)).email).toBe('mover@demo.porta.test');
    const [token] = await tokensOf(userId);
    expect(token!.tokenHash).not.toContain(link.code);

    const confirm = await client().post(`/api/identity/email-change/${link.userId}/${link.code}`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ email: 'moved.person@example.test' });
    expect((await userRow(userId)).email).toBe('moved.person@example.test');
    const events = await t.identity.context.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, IDENTITY_EVENTS.userUpdated));
    expect(events.map((e) => e.payload)).toContainEqual(
      expect.objectContaining({ userId, email: 'moved.person@example.test' }),
    );
    // Signing in works with the new address only.
    const login = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/identity/login',
        payload: { email, password: 'Demo-Portal-2026' },
      });
    expect((await login('moved.person@example.test')).statusCode).toBe(200);
    expect((await login('mover@demo.porta.test')).statusCode).toBe(401);

    const again = await client().post(`/api/identity/email-change/${link.userId}/${link.code}`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'IDN_EMAIL_CONFIRM_FAILED',
      title: 'Confirming the email change failed.',
    });
  });

  it('writes the mail in the language of the user', async () => {
    await addTestUser(t, { key: 'finn', locale: 'fi_FI' });
    const res = await (await as('finn')).post('/api/identity/me/email-change', {
      newEmail: 'finn@example.test',
    });
    expect(res.statusCode).toBe(202);
    const [sent] = mailsTo('finn@example.test');
    expect(sent!.subject).toBe('Vahvista uusi sähköpostiosoitteesi Portaan');
    expect(sent!.text).toContain(`${PUBLIC_URL}/profile/email-changed/`);
  });

  it('refuses an invalid address, sending and storing nothing', async () => {
    const userId = await addTestUser(t, { key: 'typo' });
    const typo = await as('typo');
    const before = mail.sent.length;
    for (const newEmail of ['not-an-address', 'two@@example.test', '   ', 'a b@example.test']) {
      const res = await typo.post('/api/identity/me/email-change', { newEmail });
      expect(res.statusCode, newEmail).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().errors[0]).toMatchObject({
        path: 'body.newEmail',
        message: 'Email address is invalid',
      });
    }
    expect(mail.sent.length).toBe(before);
    expect(await tokensOf(userId)).toEqual([]);
  });

  it('answers an address in use exactly as a free one, and tells its owner by mail instead', async () => {
    const takerId = await addTestUser(t, { key: 'taker' });
    await addTestUser(t, { key: 'taken', firstName: 'Tuula', locale: 'fi_FI' });
    const taker = await as('taker');
    const free = await taker.post('/api/identity/me/email-change', { newEmail: 'nobody.yet@example.test' });
    const taken = await taker.post('/api/identity/me/email-change', { newEmail: 'Taken@Demo.Porta.Test' });
    // The same status and the same body: the answer tells nobody who is registered.
    expect(free.statusCode).toBe(202);
    expect(taken.statusCode).toBe(202);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(free.json()).sort());
    expect(taken.json()).toEqual({ newEmail: 'taken@demo.porta.test', expiresAt: expect.any(String) });
    // The owner of the address is told, in their own language, and gets no link.
    const notices = mailsTo('taken@demo.porta.test');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Sähköpostiosoitettasi yritettiin käyttää Portassa');
    expect(notices[0]!.text).toContain('Hei Tuula');
    expect(notices[0]!.text).toContain('taken@demo.porta.test');
    expect(notices[0]!.text).not.toContain('/profile/email-changed/');
    // The earlier link is superseded either way, as for a free address, and nothing can be confirmed.
    const earlier = emailChangeLink(mailsTo('nobody.yet@example.test')[0]!.text);
    expect(
      (await client().post(`/api/identity/email-change/${earlier.userId}/${earlier.code}`)).statusCode,
    ).toBe(400);
    expect((await userRow(takerId)).email).toBe('taker@demo.porta.test');
  });

  it('refuses the current address, sending nothing', async () => {
    const userId = await addTestUser(t, { key: 'stayer' });
    const stayer = await as('stayer');
    const before = mail.sent.length;
    const same = await stayer.post('/api/identity/me/email-change', { newEmail: 'Stayer@demo.porta.test' });
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('IDN_EMAIL_CHANGE_FAILED');
    expect(mail.sent.length).toBe(before);
    expect(await tokensOf(userId)).toEqual([]);
  });

  it('fails to confirm when the address was taken meanwhile, expired, superseded or not the users', async () => {
    const userId = await addTestUser(t, { key: 'slow' });
    const slow = await as('slow');
    const { db } = t.identity.context;

    // Taken meanwhile.
    await slow.post('/api/identity/me/email-change', { newEmail: 'contested@example.test' });
    const contested = emailChangeLink(mailsTo('contested@example.test')[0]!.text);
    await addTestUser(t, { key: 'quicker' });
    await db
      .update(users)
      .set({ email: 'contested@example.test' })
      .where(eq(users.email, 'quicker@demo.porta.test'));
    const taken = await client().post(`/api/identity/email-change/${contested.userId}/${contested.code}`);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().code).toBe('IDN_EMAIL_CONFIRM_FAILED');
    expect((await userRow(userId)).email).toBe('slow@demo.porta.test');

    // Expired.
    await slow.post('/api/identity/me/email-change', { newEmail: 'late@example.test' });
    const late = emailChangeLink(mailsTo('late@example.test')[0]!.text);
    await db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, 'email-change')));
    const expired = await client().post(`/api/identity/email-change/${late.userId}/${late.code}`);
    expect(expired.statusCode).toBe(400);

    // A newer request replaces the older link.
    await slow.post('/api/identity/me/email-change', { newEmail: 'first@example.test' });
    await slow.post('/api/identity/me/email-change', { newEmail: 'second@example.test' });
    const first = emailChangeLink(mailsTo('first@example.test')[0]!.text);
    const second = emailChangeLink(mailsTo('second@example.test')[0]!.text);
    expect((await client().post(`/api/identity/email-change/${first.userId}/${first.code}`)).statusCode).toBe(
      400,
    );

    // Another user's id, a made-up code, a malformed id.
    const owner = (await db.select().from(users).where(eq(users.email, 'owner@demo.porta.test')))[0]!;
    expect((await client().post(`/api/identity/email-change/${owner.id}/${second.code}`)).statusCode).toBe(
      400,
    );
    expect((await client().post(`/api/identity/email-change/${userId}/made-up-code`)).statusCode).toBe(400);
    expect((await client().post(`/api/identity/email-change/not-a-uuid/${second.code}`)).statusCode).toBe(
      400,
    );
    expect((await userRow(userId)).email).toBe('slow@demo.porta.test');

    // The current link still works.
    const ok = await client().post(`/api/identity/email-change/${second.userId}/${second.code}`);
    expect(ok.statusCode).toBe(200);
    expect((await userRow(userId)).email).toBe('second@example.test');
  });

  it('answers 401 without a token', async () => {
    const res = await client().post('/api/identity/me/email-change', { newEmail: 'x@example.test' });
    expect(res.statusCode).toBe(401);
  });
});

describe('changing the password', () => {
  it('changes the password and ends the other sessions, keeping this one', async () => {
    const userId = await addTestUser(t, { key: 'changer' });
    const here = await loginAs(t.app, 'changer');
    const elsewhere = await loginAs(t.app, 'changer');
    const res = await client(here.accessToken).post('/api/identity/me/password', {
      currentPassword: 'Demo-Portal-2026',
      newPassword: NEW_PASSWORD,
      newPasswordConfirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(204);
    expect((await client(here.accessToken).get('/api/identity/me')).statusCode).toBe(200);
    expect((await client(elsewhere.accessToken).get('/api/identity/me')).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/identity/token/refresh',
      payload: { refreshToken: elsewhere.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    await expect(loginAs(t.app, 'changer')).rejects.toThrow(/401/);
    await expect(loginAs(t.app, 'changer', NEW_PASSWORD)).resolves.toBeDefined();
    expect((await userRow(userId)).passwordHash).not.toContain(NEW_PASSWORD);
  });

  it('refuses a weak password, mismatched passwords and a wrong current password, changing nothing', async () => {
    const userId = await addTestUser(t, { key: 'careful' });
    const careful = await as('careful');
    const hashBefore = (await userRow(userId)).passwordHash;
    const change = (body: object) => careful.post('/api/identity/me/password', body);

    for (const weak of ['Short-1', 'alllowercase', 'lowercase-only', 'NoDigitsOrSign', 'x'.repeat(300)]) {
      const res = await change({
        currentPassword: 'Demo-Portal-2026',
        newPassword: weak,
        newPasswordConfirmation: weak,
      });
      expect(res.statusCode, weak).toBe(400);
      expect(res.json()).toMatchObject({ code: 'IDN_PASSWORD_FORMAT', title: 'Password invalid format' });
    }

    const mismatch = await change({
      currentPassword: 'Demo-Portal-2026',
      newPassword: NEW_PASSWORD,
      newPasswordConfirmation: `${NEW_PASSWORD}x`,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: 'IDN_PASSWORD_MISMATCH', title: "Password doesn't match" });

    const wrong = await change({
      currentPassword: 'Not-My-Password-1',
      newPassword: NEW_PASSWORD,
      newPasswordConfirmation: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      code: 'IDN_INSUFFICIENT_CREDENTIALS',
      title: 'Insufficient credentials',
    });
    const failures = await t.identity.context.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.email, 'careful@demo.porta.test'));
    expect(failures).toHaveLength(1);

    const missing = await change({ newPassword: NEW_PASSWORD, newPasswordConfirmation: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_FAILED');

    expect((await userRow(userId)).passwordHash).toBe(hashBefore);
    await expect(loginAs(t.app, 'careful')).resolves.toBeDefined();
  });

  it('refuses common passwords and ones made of the own name or address, and accepts long passphrases', async () => {
    const userId = await addTestUser(t, { key: 'phrasemaker', firstName: 'Pirjo' });
    const phrasemaker = await as('phrasemaker');
    const hashBefore = (await userRow(userId)).passwordHash;
    const change = (newPassword: string) =>
      phrasemaker.post('/api/identity/me/password', {
        currentPassword: 'Demo-Portal-2026',
        newPassword,
        newPasswordConfirmation: newPassword,
      });
    for (const common of [
      'Password1!',
      'Qwerty123!',
      'Salasana2024!',
      'Summer-2025',
      'Pirjo-2024!',
      'Phrasemaker#1',
    ]) {
      const res = await change(common);
      expect(res.statusCode, common).toBe(400);
      expect(res.json(), common).toMatchObject({
        code: 'IDN_PASSWORD_TOO_COMMON',
        title: 'This password is too common or too easy to guess. Please choose another one.',
      });
    }
    expect((await userRow(userId)).passwordHash).toBe(hashBefore);
    // A passphrase needs no particular character classes.
    const phrase = 'mökki järven rannalla kesällä';
    expect((await change(phrase)).statusCode).toBe(204);
    await expect(loginAs(t.app, 'phrasemaker', phrase)).resolves.toBeDefined();
  });

  it('answers 401 without a token', async () => {
    const res = await client().post('/api/identity/me/password', {
      currentPassword: 'Demo-Portal-2026',
      newPassword: NEW_PASSWORD,
      newPasswordConfirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('signatures', () => {
  const URL = '/api/identity/me/signatures';

  it('lets a manager add, list, change and remove own signatures', async () => {
    const manager = await as('manager');
    const created = await manager.post(URL, {
      name: '  Office  ',
      content: 'Maria Manager\nProperty manager',
    });
    expect(created.statusCode).toBe(201);
    const signature = created.json();
    expect(signature).toMatchObject({ name: 'Office', content: 'Maria Manager\nProperty manager' });
    expect((await manager.get(URL)).json()).toEqual([signature]);

    const changed = await manager.put(`${URL}/${signature.id}`, { name: 'Office', content: 'Maria M.' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: signature.id, content: 'Maria M.' });
    expect((await manager.get(URL)).json()).toEqual([changed.json()]);

    expect((await manager.delete(`${URL}/${signature.id}`)).statusCode).toBe(204);
    expect((await manager.get(URL)).json()).toEqual([]);
    expect((await manager.delete(`${URL}/${signature.id}`)).statusCode).toBe(404);
  });

  it('requires a name (at most 50) and content (at most 10000), storing nothing', async () => {
    const staff = await as('staff');
    const cases = [
      { content: 'text' },
      { name: '', content: 'text' },
      { name: '   ', content: 'text' },
      { name: 'n'.repeat(51), content: 'text' },
      { name: 'Name' },
      { name: 'Name', content: '  ' },
      { name: 'Name', content: 'c'.repeat(10_001) },
    ];
    for (const body of cases) {
      const res = await staff.post(URL, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await staff.get(URL)).json()).toEqual([]);
    const longest = await staff.post(URL, { name: 'n'.repeat(50), content: 'c'.repeat(10_000) });
    expect(longest.statusCode).toBe(201);
    const bad = await staff.put(`${URL}/${longest.json().id}`, { name: 'Name', content: '' });
    expect(bad.statusCode).toBe(400);
    expect((await staff.get(URL)).json()[0].content).toBe('c'.repeat(10_000));
  });

  it("answers 404 for another user's signature and leaves it alone", async () => {
    const manager = await as('manager');
    const staff = await as('staff');
    const mine = (await manager.post(URL, { name: 'Mine', content: 'Only mine' })).json();
    const put = await staff.put(`${URL}/${mine.id}`, { name: 'Taken', content: 'Taken' });
    expect(put.statusCode).toBe(404);
    expect(put.json().code).toBe('IDN_SIGNATURE_NOT_FOUND');
    expect((await staff.delete(`${URL}/${mine.id}`)).statusCode).toBe(404);
    expect((await staff.get(URL)).json().map((s: { id: string }) => s.id)).not.toContain(mine.id);
    const [row] = await t.identity.context.db.select().from(signatures).where(eq(signatures.id, mine.id));
    expect(row).toMatchObject({ name: 'Mine', content: 'Only mine' });
  });

  it('is for yitUser, propertyManager and maintenanceManager only (403), and needs a token (401)', async () => {
    for (const who of ['owner', 'tenant', 'board', 'partner']) {
      const res = await (await as(who)).post(URL, { name: 'N', content: 'C' });
      expect(res.statusCode, who).toBe(403);
      expect((await (await as(who)).get(URL)).statusCode, who).toBe(403);
    }
    expect((await client().get(URL)).statusCode).toBe(401);
    expect((await client().post(URL, { name: 'N', content: 'C' })).statusCode).toBe(401);
  });
});
