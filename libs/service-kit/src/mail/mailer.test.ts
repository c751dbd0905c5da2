import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer, FileMailer } from './mailer.js';

describe('file mailer (embedded outbox)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'porta-mail-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes each message as an .eml file under DATA_DIR/mail and lists the newest first', async () => {
    const mailer = createMailer({ DATA_DIR: dataDir, MAIL_FROM: 'Porta <noreply@porta.test>' });
    expect(mailer.kind).toBe('file');
    if (!(mailer instanceof FileMailer)) throw new Error('expected the file mailer');
    await mailer.verify();
    expect(await mailer.listOutbox()).toEqual([]);

    const first = await mailer.send({ to: 'anna@example.test', subject: 'Tervetuloa', text: 'Hei Anna' });
    await new Promise((r) => setTimeout(r, 5));
    const second = await mailer.send({
      to: ['b@example.test', 'c@example.test'],
      subject: 'Huoltopyyntö käsitelty ✓',
      text: 'plain',
      html: '<p>html</p>',
      headers: { 'X-Porta-Letter': 'l1' },
    });
    expect(first.messageId).toMatch(/^<.+>$/);

    const files = readdirSync(join(dataDir, 'mail')).sort();
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    expect(files.filter((f) => f.endsWith('.tmp'))).toHaveLength(0);

    const listed = await mailer.listOutbox();
    expect(listed.map((m) => m.messageId)).toEqual([second.messageId, first.messageId]);
    expect(listed[0]).toMatchObject({
      from: 'Porta <noreply@porta.test>',
      to: ['b@example.test', 'c@example.test'],
      subject: 'Huoltopyyntö käsitelty ✓',
    });
    expect(listed[0]!.size).toBeGreaterThan(100);
    expect(await mailer.listOutbox({ limit: 1, offset: 1 })).toEqual([listed[1]]);

    const raw = (await mailer.readMessage(listed[0]!.id)).toString('utf8');
    expect(raw).toContain('To: b@example.test, c@example.test');
    expect(raw).toContain('X-Porta-Letter: l1');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain(`Message-ID: ${second.messageId}`);
    await expect(mailer.readMessage('../../etc/passwd')).rejects.toThrow(/invalid outbox id/);
    await mailer.close();
  });
});
