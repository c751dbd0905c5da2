import { SERVICE_REQUEST_EVENTS, type ServiceRequestEvent, serviceRequestUrl } from '@porta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NotificationsTestApp, notificationsTestApp } from '../testing/index.js';
import { apiClient, loginAs, until } from '../testing/notifications-app.js';
import { serviceRequestNotices } from './consumers.js';

/**
 * The service requests' events in the bell (type service_request, no setting applies): each reaches
 * the users it names in the request's housing company, never the one who acted, and a redelivered
 * event stores nothing twice.
 */

let t: NotificationsTestApp;
const ids: Record<string, string> = {};
let lindenCourt: string;

beforeAll(async () => {
  t = await notificationsTestApp();
  for (const key of ['owner', 'tenant', 'manager', 'board']) ids[key] = await t.userId(key);
  const owner = apiClient(t.app, (await loginAs(t.app, 'owner')).accessToken);
  const hcs = (await owner.get('/api/identity/me')).json<{ hcs: { id: string; hcExt: string }[] }>().hcs;
  lindenCourt = hcs.find((h) => h.hcExt === 'DEMO-2000')!.id;
}, 60_000);
afterAll(() => t?.close());

function event(
  actor: string,
  userIds: string[],
  title: string,
): ServiceRequestEvent & Record<string, unknown> {
  const id = crypto.randomUUID();
  return {
    serviceRequestId: id,
    housingCompanyId: lindenCourt,
    actorId: actor,
    type: 'service_request',
    urgentRequest: true,
    titles: { en: title, fi: `FI ${title}` },
    defaultLanguage: 'en',
    url: serviceRequestUrl(id),
    audience: { userIds },
    createdAt: new Date().toISOString(),
  };
}

const ofUrl = async (key: string, url: string) =>
  (await t.stored(ids[key]!)).filter((n) => n.targetUrl === url);

describe('service request notifications', () => {
  it.each(Object.entries(SERVICE_REQUEST_EVENTS))(
    'stores %s for the users named, not the actor, in the request’s housing company',
    async (_kind, subject) => {
      const e = event(ids.tenant!, [ids.manager!, ids.board!, ids.tenant!], `Notice of ${subject}`);
      const msgId = crypto.randomUUID();
      await t.bus.publish(subject, { ...e, responseId: crypto.randomUUID(), forwarded: true }, { msgId });
      for (const key of ['manager', 'board']) {
        const got = await until(
          () => ofUrl(key, e.url),
          (list) => list.length > 0,
        );
        expect(got.map((n) => ({ type: n.type, title: n.title, hc: n.housingCompanyId }))).toEqual([
          { type: 'service_request', title: `Notice of ${subject}`, hc: lindenCourt },
        ]);
      }
      expect(await ofUrl('tenant', e.url)).toEqual([]);
      expect(await ofUrl('owner', e.url)).toEqual([]);
      // The same event again (a redelivery): nothing more.
      await t.bus.publish(subject, { ...e, responseId: crypto.randomUUID(), forwarded: true }, { msgId });
      await new Promise((r) => setTimeout(r, 100));
      expect(await ofUrl('manager', e.url)).toHaveLength(1);
    },
  );

  it("links a recipient's e-mail to their own manage link, and keeps the request's address in the bell", async () => {
    const e = event(ids.tenant!, [ids.manager!, ids.board!], 'Notice with a manage link');
    const manageUrl = `/service-requests/manage/${e.serviceRequestId}/${ids.manager}/1790000000.${'m'.repeat(43)}`;
    const before = t.mailer.sent.length;
    await t.bus.publish(
      SERVICE_REQUEST_EVENTS.requestCreated,
      { ...e, urlsByUser: { [ids.manager!]: manageUrl } },
      { msgId: crypto.randomUUID() },
    );
    for (const key of ['manager', 'board']) {
      await until(
        () => ofUrl(key, e.url),
        (list) => list.length > 0,
      );
    }
    const mails = await until(
      async () => t.mailer.sent.slice(before).filter((m) => m.subject.includes('Notice with a manage link')),
      (list) => list.length === 2,
    );
    const mailTo = (email: string) => mails.find((m) => m.to === email)!.text;
    expect(mailTo('manager@demo.porta.test')).toContain(`${manageUrl}?notification_id=`);
    expect(mailTo('board@demo.porta.test')).toContain(`${e.url}?notification_id=`);
    expect(mailTo('board@demo.porta.test')).not.toContain('/service-requests/manage/');
    // The stored notifications (the bell) keep the request's address: no link is stored.
    expect((await ofUrl('manager', e.url)).map((n) => n.targetUrl)).toEqual([e.url]);
    expect((await t.stored(ids.manager!)).some((n) => n.targetUrl.includes('/manage/'))).toBe(false);
  });

  it('tells nothing for subjects it does not know', () => {
    expect(
      serviceRequestNotices({
        id: 'x',
        subject: 'service-requests.export.created.v1',
        data: {},
        headers: {},
        attempt: 1,
      }),
    ).toEqual([]);
  });
});
