import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type StreamTransport from 'nodemailer/lib/stream-transport/index.js';
import { silentLogger } from '../bus/logger.js';
import type { Logger } from '../bus/types.js';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'file';
  send(message: MailMessage): Promise<SentMail>;
  /** Check that mail can be sent (SMTP: connect and greet; file: the folder is writable). */
  verify(): Promise<void>;
  close(): Promise<void>;
}

/** A message kept in the local outbox of the embedded mode. */
export interface OutboxMail {
  /** File name without extension; sorts by time. */
  id: string;
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  /** ISO time of sending. */
  date: string;
  /** Size of the .eml file in bytes. */
  size: number;
}

export interface MailConfig {
  SMTP_URL?: string | undefined;
  MAIL_FROM?: string | undefined;
  DATA_DIR?: string | undefined;
}

const DEFAULT_FROM = 'Porta <no-reply@porta.local>';
/** A connection to the SMTP server that is not made within this is given up (and the send fails). */
const CONNECT_TIMEOUT_MS = 30_000;

function recipients(to: string | string[]): string[] {
  return Array.isArray(to) ? to : [to];
}

/** Mail over SMTP through a pooled nodemailer transport. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transporter: Transporter<SMTPPool.SentMessageInfo, SMTPPool.Options>;

  constructor(
    url: string,
    private readonly from: string,
    private readonly logger: Logger = silentLogger,
  ) {
    // nodemailer reads nothing beside a `url` (pool and maxConnections would be dropped): the URL's
    // settings are spread instead, its query (?pool=…) winning over these defaults.
    this.transporter = nodemailer.createTransport({
      pool: true,
      maxConnections: 5,
      ...parseConnectionUrl(url),
      // Each command and each message's end leave at once: without TCP_NODELAY every mail waited
      // on the peer's delayed ACK (about 45 ms on this machine). nodemailer takes a socket
      // connected here; TLS from the start (smtps) keeps nodemailer's own.
      getSocket: (
        options: { secure?: boolean; host?: string; port?: number },
        callback: (error: Error | null, socket?: unknown) => void,
      ) => {
        if (options.secure) return callback(null, false);
        const socket = connect({ host: options.host ?? 'localhost', port: options.port ?? 25 });
        socket.setNoDelay(true);
        const refused = (error: Error) => callback(error);
        socket.setTimeout(CONNECT_TIMEOUT_MS, () => socket.destroy(new Error('SMTP connection timed out')));
        socket.once('error', refused);
        socket.once('connect', () => {
          socket.off('error', refused);
          socket.setTimeout(0);
          callback(null, { connection: socket });
        });
      },
    } as SMTPPool.Options);
    this.transporter.on('error', (err) => this.logger.error({ err }, 'SMTP transport error'));
  }

  async send(message: MailMessage): Promise<SentMail> {
    const to = recipients(message.to);
    try {
      const info = await this.transporter.sendMail({
        from: this.from,
        to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
      if (info.rejected.length > 0) {
        this.logger.warn(
          { messageId: info.messageId, rejected: info.rejected.length },
          'SMTP rejected recipients',
        );
      }
      return { messageId: info.messageId };
    } catch (err) {
      this.logger.error({ err, recipients: to.length, subject: message.subject }, 'SMTP send failed');
      throw err;
    }
  }

  async verify(): Promise<void> {
    await this.transporter.verify();
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}

const OUTBOX_ID = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

/**
 * The local outbox of the embedded mode: every message is written as an .eml file (with a .json
 * summary beside it) under `<DATA_DIR>/mail/`, where the staff app lists them.
 */
export class FileMailer implements Mailer {
  readonly kind = 'file' as const;
  readonly folder: string;
  private readonly transporter: Transporter<StreamTransport.SentMessageInfo, StreamTransport.Options>;

  constructor(
    folder: string,
    private readonly from: string,
    private readonly logger: Logger = silentLogger,
  ) {
    this.folder = resolve(folder);
    this.transporter = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'windows',
    });
  }

  async send(message: MailMessage): Promise<SentMail> {
    const to = recipients(message.to);
    const now = new Date();
    const id = `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;
    try {
      const info = await this.transporter.sendMail({
        from: this.from,
        to,
        subject: message.subject,
        text: message.text,
        date: now,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
      const eml = info.message as Buffer;
      const summary: OutboxMail = {
        id,
        messageId: info.messageId,
        from: this.from,
        to,
        subject: message.subject,
        date: now.toISOString(),
        size: eml.length,
      };
      await mkdir(this.folder, { recursive: true });
      // The summary is written last: a listed message is always complete.
      await writeAtomically(join(this.folder, `${id}.eml`), eml);
      await writeAtomically(join(this.folder, `${id}.json`), Buffer.from(JSON.stringify(summary, null, 2)));
      this.logger.info(
        { id, messageId: info.messageId, recipients: to.length },
        'mail written to the outbox',
      );
      return { messageId: info.messageId };
    } catch (err) {
      this.logger.error(
        { err, folder: this.folder, subject: message.subject },
        'writing mail to the outbox failed',
      );
      throw err;
    }
  }

  /** The newest messages first. */
  async listOutbox(options: { limit?: number; offset?: number } = {}): Promise<OutboxMail[]> {
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const ids = names
      .filter((n) => n.endsWith('.json'))
      .map((n) => n.slice(0, -'.json'.length))
      .filter((id) => OUTBOX_ID.test(id))
      .sort()
      .reverse();
    const offset = Math.max(0, options.offset ?? 0);
    const page = ids.slice(offset, offset + Math.max(0, options.limit ?? 100));
    const entries: OutboxMail[] = [];
    for (const id of page) {
      try {
        entries.push(JSON.parse(await readFile(join(this.folder, `${id}.json`), 'utf8')) as OutboxMail);
      } catch (err) {
        this.logger.warn({ err, id }, 'unreadable outbox entry skipped');
      }
    }
    return entries;
  }

  /** The raw message (RFC 5322) of an outbox entry. */
  async readMessage(id: string): Promise<Buffer> {
    if (!OUTBOX_ID.test(id)) throw new Error(`invalid outbox id "${id}"`);
    return readFile(join(this.folder, `${id}.eml`));
  }

  async verify(): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    const probe = join(this.folder, `.probe-${randomBytes(4).toString('hex')}`);
    await writeFile(probe, '');
    await rm(probe, { force: true });
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}

async function writeAtomically(path: string, data: Buffer) {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

/**
 * SMTP when SMTP_URL is set; otherwise the file outbox under `<DATA_DIR>/mail` (check
 * `kind === 'file'` for listOutbox).
 */
export function createMailer(config: MailConfig, logger: Logger = silentLogger): SmtpMailer | FileMailer {
  const from = config.MAIL_FROM ?? DEFAULT_FROM;
  if (config.SMTP_URL) return new SmtpMailer(config.SMTP_URL, from, logger);
  return new FileMailer(join(config.DATA_DIR ?? './data', 'mail'), from, logger);
}
