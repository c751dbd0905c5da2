import type { Identity } from '@porta/identity';
import { addTestUser, apiClient, identityTestBed, loginAs } from '@porta/identity/testing';
import { notificationsService } from '@porta/notifications';
import type { App, Mailer, MailMessage, MemoryBus } from '@porta/service-kit';
import type { Letters } from '../app.js';
import { lettersService } from '../service.js';

export { addTestUser, apiClient, loginAs };

/**
 * A mailer that keeps what it sends and can stand in for a mail server's answers: it refuses the
 * addresses in `refuse` as a server would (550), and while `down` it cannot be reached.
 */
export interface TestMailer extends Mailer {
  readonly sent: MailMessage[];
  readonly refuse: Set<string>;
  down: boolean;
}

export function testMailer(): TestMailer {
  const sent: MailMessage[] = [];
  const mailer: TestMailer = {
    kind: 'file',
    sent,
    refuse: new Set(),
    down: false,
    async send(message) {
      if (mailer.down)
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNECTION' });
      const to = String(message.to);
      if (mailer.refuse.has(to)) {
        throw Object.assign(
          new Error(`Can't send mail - all recipients were rejected: 550 5.1.1 <${to}>: User unknown`),
          {
            code: 'EENVELOPE',
            responseCode: 550,
            response: `550 5.1.1 <${to}>: User unknown`,
          },
        );
      }
      sent.push(message);
      return { messageId: `<letter-test-${sent.length}@porta.test>` };
    },
    async verify() {},
    async close() {},
  };
  return mailer;
}

export interface LettersTestApp {
  app: App;
  mailer: TestMailer;
  identity: Identity;
  letters: Letters;
  bus: MemoryBus;
  /** Demo housing companies: DEMO-1000 Harbour View (construction), DEMO-2000 Linden Court, DEMO-3000 Birch Hill. */
  hc: { harbourView: string; lindenCourt: string; birchHill: string };
  userId(key: string): Promise<string>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * identity, notifications and letters on one fresh in-memory PGlite with an in-process bus, as the
 * embedded gateway runs them: identity migrated and seeded with the demo (email-letters on
 * everywhere), answering directory, features and signatures over the bus, notifications the e-mail
 * opt-outs. No job runner: a letter is sent at once in the request, to the test mailer.
 */
export async function lettersTestApp(env: Record<string, string> = {}): Promise<LettersTestApp> {
  const bed = await identityTestBed('letters', env);
  const { service: notifications } = await bed.host(notificationsService);
  const mailer = testMailer();
  const { service: letters, config } = await bed.host(lettersService, { mailer });
  const app = await bed.mount('letters-test', config, [notifications.plugin, letters.plugin]);
  return {
    app,
    mailer,
    identity: bed.identity,
    letters,
    bus: bed.bus,
    hc: bed.hc,
    userId: bed.userId,
    query: (sql, params) => bed.database.query(sql, params),
    close: () => bed.close(),
  };
}
