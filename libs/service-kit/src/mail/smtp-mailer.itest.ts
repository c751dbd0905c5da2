import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type SmtpMailer } from './mailer.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('SMTP mailer against a real SMTP server (d)', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers through a pooled transport', async () => {
    const mailer = createMailer({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Porta <no-reply@porta.test>',
    }) as SmtpMailer;
    expect(mailer.kind).toBe('smtp');
    await mailer.verify();
    const sent = await mailer.send({
      to: ['resident@example.test', 'board@example.test'],
      subject: 'Vesikatko torstaina',
      text: 'Vesi on poikki klo 9–12.',
      html: '<p>Vesi on poikki klo 9–12.</p>',
      headers: { 'X-Porta-Letter': 'letter-1' },
    });
    await mailer.send({ to: 'second@example.test', subject: 'Toinen', text: 'x' });
    await mailer.close();

    expect(received).toHaveLength(2);
    const first = received[0]!;
    expect(first.from).toBe('no-reply@porta.test');
    expect(first.to).toEqual(['resident@example.test', 'board@example.test']);
    expect(first.raw).toContain(`Message-ID: ${sent.messageId}`);
    expect(first.raw).toContain('Subject: Vesikatko torstaina');
    expect(first.raw).toContain('X-Porta-Letter: letter-1');
    expect(first.raw).toContain('multipart/alternative');
    expect(received[1]!.to).toEqual(['second@example.test']);
  });

  it('keeps its connections open between mails (a pool, whatever else the URL says)', async () => {
    let connections = 0;
    const count = () => {
      connections += 1;
    };
    server.server.on('connection', count);
    const mailer = createMailer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      for (let i = 0; i < 20; i++)
        await mailer.send({ to: `one${i}@example.test`, subject: 'One', text: 'x' });
    } finally {
      await mailer.close();
      server.server.off('connection', count);
    }
    // One after another: one connection carries them all (a transport without a pool opens 20).
    expect(connections).toBe(1);
    expect(received.filter((r) => r.to[0]?.startsWith('one'))).toHaveLength(20);
  });

  it('fails and reports when the server is gone', async () => {
    const mailer = createMailer({ SMTP_URL: 'smtp://127.0.0.1:1' });
    await expect(mailer.send({ to: 'x@example.test', subject: 's', text: 't' })).rejects.toThrow();
    await mailer.close();
  });
});
