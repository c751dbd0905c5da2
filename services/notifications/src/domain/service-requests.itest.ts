import type { AddressInfo } from 'node:net';
import { serviceRequestUrl } from '@porta/contracts';
import { type IdentityNode, startIdentityNode } from '@porta/identity/testing';
import { type App, createMailer, type Database } from '@porta/service-kit';
import {
  Closers,
  cleanupNats,
  createDatabases,
  dropDatabases,
  itUrls,
  requireService,
  runId,
  until,
} from '@porta/service-kit/testing';
import { createServiceRequests, zServiceRequestsConfig } from '@porta/service-requests';
import { apiClient, multipartFile, pngImage } from '@porta/service-requests/testing';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPeople, inboxOf, startNotificationsNode, startServiceNode } from '../testing/itest-nodes.js';

/**
 * Service requests in the distributed mode: identity, service-requests and notifications each with
 * their own PostgreSQL database, a NATS bus between them and a real SMTP server for the e-mails. A
 * tenant's urgent private request with a photo reaches the property manager's inbox and mailbox;
 * the e-mail's manage link lets the manager read, answer and close it without signing in; the
 * tenant hears of the answer and the closing; Birch Hill's resident gets 404 on the request and its
 * photo; a tampered link is refused. service-requests' migrations run on the real PostgreSQL here
 * (PGlite in the unit tests).
 */

const postgresUp = await requireService('PostgreSQL', itUrls.DATABASE_URL);
const natsUp = await requireService('NATS', itUrls.NATS_URL);
const ns = runId();
const databases = {
  identity: `porta_it_srq_${ns}_identity`,
  serviceRequests: `porta_it_srq_${ns}_service_requests`,
  notifications: `porta_it_srq_${ns}_notifications`,
};
const PUBLIC_URL = 'https://porta.example.test';
const P = '/api/service-requests';

/** The text of a received e-mail, quoted-printable undone. */
function textOf(raw: string): string {
  return raw
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe.skipIf(!postgresUp || !natsUp)('service requests on PostgreSQL, NATS JetStream and SMTP', () => {
  const closers = new Closers();
  const mails: { to: string[]; text: string }[] = [];
  let identity: IdentityNode;
  let app: App;
  let notificationsDb: Database;
  let people: Awaited<ReturnType<typeof demoPeople>>;

  beforeAll(async () => {
    const smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            text: textOf(Buffer.concat(chunks).toString('utf8')),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      smtp.once('error', reject);
      smtp.listen(0, '127.0.0.1', () => resolve());
    });
    closers.add('smtp', () => new Promise<void>((resolve) => smtp.close(() => resolve())));
    const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

    await createDatabases(...Object.values(databases));
    closers.add('databases', () => dropDatabases(...Object.values(databases)));
    closers.add('nats', () => cleanupNats(ns));
    identity = await startIdentityNode({ ns, databaseName: databases.identity });
    closers.add('identity', () => identity.close());
    // Its relay and its answers over the bus (directory, audience, features, neighbours).
    await identity.identity.start();
    const mailer = createMailer({ SMTP_URL: smtpUrl, MAIL_FROM: 'Porta <no-reply@porta.test>' });
    closers.add('mailer', () => mailer.close());
    notificationsDb = await startNotificationsNode(closers, {
      ns,
      databaseName: databases.notifications,
      mailer,
      env: { PUBLIC_URL },
    });
    ({ app } = await startServiceNode(closers, {
      ns,
      name: 'service-requests',
      databaseName: databases.serviceRequests,
      identity,
      schema: zServiceRequestsConfig,
      env: { MANAGE_LINK_SECRET: `itest-secret-${ns}-0123456789abcdef0123456789` },
      create: createServiceRequests,
    }));
    people = await demoPeople(identity, app, ['manager', 'tenant', 'neighbour'], 'service-requests');
  }, 120_000);

  afterAll(() => closers.closeAll());

  const inbox = (userId: string) => inboxOf(notificationsDb, userId);

  it('carries a request from the tenant to the manager and the answer back, by inbox, e-mail and manage link', async () => {
    const upload = multipartFile('leak.png', pngImage(4, 4), 'image/png');
    const photo = await app.inject({
      method: 'POST',
      url: `${P}/attachments?housingCompanyId=${people.lindenCourt}`,
      payload: upload.payload,
      headers: {
        ...upload.headers,
        authorization: `Bearer ${await people.tokenOf('tenant')}`,
      },
    });
    expect(photo.statusCode, photo.body).toBe(201);
    const attachment = photo.json<{ id: string; url: string }>();
    const created = await people.as.tenant!.post(`${P}/requests`, {
      housingCompanyId: people.lindenCourt,
      typeId: 'maintenance_dispatch',
      subject: 'Water under the sink',
      content: '<p>The pipe under the kitchen sink leaks.</p>',
      urgentRequest: true,
      attachmentIds: [attachment.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json<{ id: string; recipients: { userId: string }[] }>();
    expect(request.recipients.map((r) => r.userId)).toContain(people.userIds.manager);

    // The manager's inbox keeps the plain address; the e-mail carries the manager's own link.
    await until(
      async () => (await inbox(people.userIds.manager!)).length === 1,
      20_000,
      'the request in the inbox',
    );
    expect((await inbox(people.userIds.manager!))[0]).toMatchObject({
      type: 'service_request',
      target_url: serviceRequestUrl(request.id),
    });
    await until(
      async () => mails.some((m) => m.to.includes('manager@demo.porta.test')),
      20_000,
      'the e-mail to the manager',
    );
    const mail = mails.find((m) => m.to.includes('manager@demo.porta.test'))!;
    const link = mail.text.match(
      new RegExp(
        `${PUBLIC_URL}/service-requests/manage/${request.id}/${people.userIds.manager}/([0-9]+\\.[A-Za-z0-9_-]{43})`,
      ),
    );
    expect(link, mail.text).not.toBeNull();
    const manage = `${P}/manage/${request.id}/${people.userIds.manager}/${link![1]}`;

    // By the link, without signing in: read, answer, close.
    const anonymous = apiClient(app);
    const read = await anonymous.get(manage);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      subject: 'Water under the sink',
      urgentRequest: true,
      statusKey: 'open',
    });
    const answer = await anonymous.post(`${manage}/responses`, {
      content: 'A plumber comes at 10 tomorrow.',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const closed = await anonymous.put(manage, { statusKey: 'closed', sendNotification: true });
    expect(closed.statusCode, closed.body).toBe(200);

    // The tenant hears of the answer and of the closing, and reads both.
    await until(
      async () => (await inbox(people.userIds.tenant!)).length === 2,
      20_000,
      'answer and closing told',
    );
    expect((await inbox(people.userIds.tenant!)).map((n) => n.target_url)).toEqual([
      serviceRequestUrl(request.id),
      serviceRequestUrl(request.id),
    ]);
    const detail = (await people.as.tenant!.get(`${P}/requests/${request.id}`)).json();
    expect(detail).toMatchObject({
      statusKey: 'closed',
      closed: true,
      responses: [{ content: 'A plumber comes at 10 tomorrow.' }],
    });

    // A tampered link, and another housing company's resident, get 404 and nothing.
    const tampered = manage.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const refused = await anonymous.get(tampered);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('SRQ_MANAGE_LINK_INVALID');
    for (const path of [
      `${P}/requests/${request.id}`,
      attachment.url.replace(/^.*\/api\/service-requests/, P),
    ]) {
      const res = await people.as.neighbour!.get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain('Water under the sink');
    }
    expect(
      (await people.as.tenant!.get(attachment.url.replace(/^.*\/api\/service-requests/, P))).statusCode,
    ).toBe(200);
  });
});
