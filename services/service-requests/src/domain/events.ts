import {
  type Language,
  noticeTitles,
  SERVICE_REQUEST_CHANGE_EVENTS,
  SERVICE_REQUEST_EVENTS,
  type ServiceRequestChangeEvent,
  type ServiceRequestEvent,
  type ServiceRequestEventSubject,
  serviceRequestUrl,
} from '@porta/contracts';
import { enqueueEvent } from '@porta/service-kit';
import type { ServiceRequestsDb } from '../context.js';
import { outbox } from '../db/schema.js';
import type { RequestRow } from './access.js';

/**
 * Notification titles in the nine languages (01 §1). {subject} is the request's subject as
 * written, not translated.
 */
const TITLES = {
  requestCreated: {
    cs: 'Nový servisní požadavek: {subject}',
    en: 'New service request: {subject}',
    et: 'Uus teenusetaotlus: {subject}',
    fi: 'Uusi palvelupyyntö: {subject}',
    lt: 'Nauja paslaugos užklausa: {subject}',
    lv: 'Jauns pakalpojuma pieprasījums: {subject}',
    pl: 'Nowe zgłoszenie serwisowe: {subject}',
    sk: 'Nová servisná požiadavka: {subject}',
    sv: 'Ny serviceförfrågan: {subject}',
  },
  responseCreated: {
    cs: 'Nová odpověď na servisní požadavek: {subject}',
    en: 'New response to the service request: {subject}',
    et: 'Uus vastus teenusetaotlusele: {subject}',
    fi: 'Uusi vastaus palvelupyyntöön: {subject}',
    lt: 'Naujas atsakymas į paslaugos užklausą: {subject}',
    lv: 'Jauna atbilde uz pakalpojuma pieprasījumu: {subject}',
    pl: 'Nowa odpowiedź na zgłoszenie serwisowe: {subject}',
    sk: 'Nová odpoveď na servisnú požiadavku: {subject}',
    sv: 'Nytt svar på serviceförfrågan: {subject}',
  },
  statusChanged: {
    cs: 'Stav vašeho servisního požadavku se změnil: {subject}',
    en: 'The status of your service request changed: {subject}',
    et: 'Teie teenusetaotluse olek muutus: {subject}',
    fi: 'Palvelupyyntösi tila muuttui: {subject}',
    lt: 'Jūsų paslaugos užklausos būsena pasikeitė: {subject}',
    lv: 'Jūsu pakalpojuma pieprasījuma statuss mainījās: {subject}',
    pl: 'Status Twojego zgłoszenia serwisowego zmienił się: {subject}',
    sk: 'Stav vašej servisnej požiadavky sa zmenil: {subject}',
    sv: 'Statusen för din serviceförfrågan har ändrats: {subject}',
  },
  recipientAdded: {
    cs: 'Byl vám předán servisní požadavek: {subject}',
    en: 'A service request was forwarded to you: {subject}',
    et: 'Teile edastati teenusetaotlus: {subject}',
    fi: 'Sinulle välitettiin palvelupyyntö: {subject}',
    lt: 'Jums persiųsta paslaugos užklausa: {subject}',
    lv: 'Jums pārsūtīts pakalpojuma pieprasījums: {subject}',
    pl: 'Przekazano Ci zgłoszenie serwisowe: {subject}',
    sk: 'Bola vám postúpená servisná požiadavka: {subject}',
    sv: 'En serviceförfrågan har vidarebefordrats till dig: {subject}',
  },
  reminderSent: {
    cs: 'Připomínka servisního požadavku: {subject}',
    en: 'Reminder about the service request: {subject}',
    et: 'Meeldetuletus teenusetaotluse kohta: {subject}',
    fi: 'Muistutus palvelupyynnöstä: {subject}',
    lt: 'Priminimas apie paslaugos užklausą: {subject}',
    lv: 'Atgādinājums par pakalpojuma pieprasījumu: {subject}',
    pl: 'Przypomnienie o zgłoszeniu serwisowym: {subject}',
    sk: 'Pripomienka servisnej požiadavky: {subject}',
    sv: 'Påminnelse om serviceförfrågan: {subject}',
  },
} satisfies Record<keyof typeof SERVICE_REQUEST_EVENTS, Record<Language, string>>;

type EventKind = keyof typeof SERVICE_REQUEST_EVENTS;

/**
 * Record a service-request event inside the caller's transaction: the request's notice to the
 * users named, never the one who acted (nothing is written when nobody is left), with the manage
 * links given for those of them who get one (their e-mail carries it).
 */
export async function emitEvent(
  tx: ServiceRequestsDb,
  kind: EventKind,
  e: {
    request: Pick<RequestRow, 'id' | 'housingCompanyId' | 'subject' | 'urgentRequest'>;
    actorId: string;
    userIds: readonly string[];
    at: Date;
    /** Per user, their own address: a recipient's manage link (ManageLinks.urlsFor). */
    urlsByUser?: Record<string, string>;
    extra?: Record<string, unknown>;
  },
): Promise<void> {
  const userIds = [...new Set(e.userIds)].filter((id) => id !== e.actorId);
  if (userIds.length === 0) return;
  const links = Object.entries(e.urlsByUser ?? {}).filter(([userId]) => userIds.includes(userId));
  const payload: ServiceRequestEvent = {
    serviceRequestId: e.request.id,
    housingCompanyId: e.request.housingCompanyId,
    actorId: e.actorId,
    type: 'service_request',
    urgentRequest: e.request.urgentRequest,
    titles: noticeTitles(TITLES[kind], { subject: e.request.subject }),
    defaultLanguage: 'en',
    url: serviceRequestUrl(e.request.id),
    ...(links.length ? { urlsByUser: Object.fromEntries(links) } : {}),
    audience: { userIds },
    createdAt: e.at.toISOString(),
  };
  const subject: ServiceRequestEventSubject = SERVICE_REQUEST_EVENTS[kind];
  await enqueueEvent(tx, outbox, subject, { ...payload, ...e.extra });
}

/**
 * Record a change that tells nobody (a response edited or deleted, an attachment removed) inside
 * the caller's transaction: who did it to whose response or file. No notice follows.
 */
export async function emitChange(
  tx: ServiceRequestsDb,
  kind: keyof typeof SERVICE_REQUEST_CHANGE_EVENTS,
  e: Omit<ServiceRequestChangeEvent, 'createdAt'> & { at: Date },
): Promise<void> {
  const { at, ...rest } = e;
  const payload: ServiceRequestChangeEvent = { ...rest, createdAt: at.toISOString() };
  await enqueueEvent(tx, outbox, SERVICE_REQUEST_CHANGE_EVENTS[kind], payload);
}
