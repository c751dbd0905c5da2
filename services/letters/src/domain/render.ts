/// <reference path="../mjml.d.ts" />
import { type Language, type LetterTemplate, LOCALES } from '@porta/contracts';
import mjml2html from 'mjml';
import { sanitizeLetterHtml } from './html.js';

export interface LetterMailInput {
  language: Language;
  /** The letter's title, also the mail's subject. */
  title: string;
  /** May be ''. */
  preheader: string;
  template: LetterTemplate;
  /** Sanitised HTML from the staff editor (see html.ts). */
  contentHtml: string;
  /** For the greeting; null greets without a name. */
  recipientName: string | null;
  housingCompany: {
    name: string;
    marketingName: string | null;
    /** ISO date 'YYYY-MM-DD'. */
    completionDate: string | null;
    partnerContacts: {
      type: string;
      companyName: string;
      name: string | null;
      email: string | null;
      phone: string | null;
    }[];
  };
  /** Plain text, may contain newlines. */
  signature: string | null;
  linkedContent: {
    kind: 'deadline' | 'event' | 'article' | 'step';
    title: string;
    /** ISO date or date-time. */
    date: string | null;
    url: string;
  } | null;
  /** Links that expire at attachmentsExpireAt. */
  attachments: { name: string; url: string; size: number }[];
  /** ISO date-time. */
  attachmentsExpireAt: string | null;
  portalUrl: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface LetterTexts {
  greeting: string;
  greetingNoName: string;
  warrantyHeading: string;
  completionDate: string;
  warrantyEnds: string;
  completionDateNotSet: string;
  contacts: string;
  propertyManager: string;
  maintenanceManager: string;
  otherContact: string;
  deadline: string;
  event: string;
  article: string;
  step: string;
  openInPorta: string;
  attachments: string;
  linksWorkUntil: string;
  footer: string;
}

/** The mail's standard texts. `{name}`, `{date}` and `{company}` are filled in (escaped for the HTML part). */
export const TEXTS: Record<Language, LetterTexts> = {
  cs: {
    greeting: 'Dobrý den, {name},',
    greetingNoName: 'Dobrý den,',
    warrantyHeading: 'Záruční doba',
    completionDate: 'Datum dokončení',
    warrantyEnds: 'Konec záruční doby',
    completionDateNotSet: 'Datum dokončení zatím nebylo stanoveno.',
    contacts: 'Kontakty',
    propertyManager: 'Správce nemovitosti',
    maintenanceManager: 'Servisní firma',
    otherContact: 'Kontaktní osoba',
    deadline: 'Termín',
    event: 'Událost',
    article: 'Novinka',
    step: 'Krok',
    openInPorta: 'Otevřít v portálu Porta',
    attachments: 'Přílohy',
    linksWorkUntil: 'Odkazy fungují do {date}.',
    footer: 'Tento dopis dostáváte jako obyvatel nebo partner {company}.',
  },
  en: {
    greeting: 'Hello {name},',
    greetingNoName: 'Hello,',
    warrantyHeading: 'Warranty period',
    completionDate: 'Completion date',
    warrantyEnds: 'Warranty period ends',
    completionDateNotSet: 'The completion date has not been set yet.',
    contacts: 'Contacts',
    propertyManager: 'Property manager',
    maintenanceManager: 'Maintenance company',
    otherContact: 'Contact',
    deadline: 'Deadline',
    event: 'Event',
    article: 'News',
    step: 'Step',
    openInPorta: 'Open in Porta',
    attachments: 'Attachments',
    linksWorkUntil: 'The links work until {date}.',
    footer: 'You receive this letter as a resident or partner of {company}.',
  },
  et: {
    greeting: 'Tere, {name}!',
    greetingNoName: 'Tere!',
    warrantyHeading: 'Garantiiaeg',
    completionDate: 'Valmimise kuupäev',
    warrantyEnds: 'Garantiiaeg lõpeb',
    completionDateNotSet: 'Valmimise kuupäeva pole veel määratud.',
    contacts: 'Kontaktid',
    propertyManager: 'Haldur',
    maintenanceManager: 'Hooldusettevõte',
    otherContact: 'Kontaktisik',
    deadline: 'Tähtaeg',
    event: 'Sündmus',
    article: 'Uudis',
    step: 'Etapp',
    openInPorta: 'Ava Portas',
    attachments: 'Manused',
    linksWorkUntil: 'Lingid töötavad kuni {date}.',
    footer: 'Saate selle kirja kui {company} elanik või koostööpartner.',
  },
  fi: {
    greeting: 'Hei {name},',
    greetingNoName: 'Hei,',
    warrantyHeading: 'Takuuaika',
    completionDate: 'Valmistumispäivä',
    warrantyEnds: 'Takuuaika päättyy',
    completionDateNotSet: 'Valmistumispäivää ei ole vielä asetettu.',
    contacts: 'Yhteystiedot',
    propertyManager: 'Isännöitsijä',
    maintenanceManager: 'Huoltoyhtiö',
    otherContact: 'Yhteyshenkilö',
    deadline: 'Määräaika',
    event: 'Tapahtuma',
    article: 'Uutinen',
    step: 'Vaihe',
    openInPorta: 'Avaa Portassa',
    attachments: 'Liitteet',
    linksWorkUntil: 'Linkit toimivat {date} asti.',
    footer: 'Saat tämän kirjeen, koska olet taloyhtiön {company} asukas tai yhteistyökumppani.',
  },
  lt: {
    greeting: 'Sveiki, {name},',
    greetingNoName: 'Sveiki,',
    warrantyHeading: 'Garantinis laikotarpis',
    completionDate: 'Statybos užbaigimo data',
    warrantyEnds: 'Garantinis laikotarpis baigiasi',
    completionDateNotSet: 'Statybos užbaigimo data dar nenustatyta.',
    contacts: 'Kontaktai',
    propertyManager: 'Namo administratorius',
    maintenanceManager: 'Priežiūros įmonė',
    otherContact: 'Kontaktinis asmuo',
    deadline: 'Terminas',
    event: 'Renginys',
    article: 'Naujiena',
    step: 'Etapas',
    openInPorta: 'Atidaryti Portoje',
    attachments: 'Priedai',
    linksWorkUntil: 'Nuorodos veikia iki {date}.',
    footer: 'Šį laišką gaunate kaip {company} gyventojas arba partneris.',
  },
  lv: {
    greeting: 'Labdien, {name}!',
    greetingNoName: 'Labdien!',
    warrantyHeading: 'Garantijas laiks',
    completionDate: 'Nodošanas ekspluatācijā datums',
    warrantyEnds: 'Garantijas laiks beidzas',
    completionDateNotSet: 'Nodošanas ekspluatācijā datums vēl nav noteikts.',
    contacts: 'Kontakti',
    propertyManager: 'Namu pārvaldnieks',
    maintenanceManager: 'Apkopes uzņēmums',
    otherContact: 'Kontaktpersona',
    deadline: 'Termiņš',
    event: 'Pasākums',
    article: 'Jaunums',
    step: 'Posms',
    openInPorta: 'Atvērt Portā',
    attachments: 'Pielikumi',
    linksWorkUntil: 'Saites darbojas līdz {date}.',
    footer: 'Jūs saņemat šo vēstuli kā {company} iedzīvotājs vai sadarbības partneris.',
  },
  pl: {
    greeting: 'Dzień dobry, {name},',
    greetingNoName: 'Dzień dobry,',
    warrantyHeading: 'Okres gwarancji',
    completionDate: 'Data oddania do użytkowania',
    warrantyEnds: 'Koniec okresu gwarancji',
    completionDateNotSet: 'Data oddania do użytkowania nie została jeszcze ustalona.',
    contacts: 'Kontakty',
    propertyManager: 'Zarządca nieruchomości',
    maintenanceManager: 'Firma serwisowa',
    otherContact: 'Osoba kontaktowa',
    deadline: 'Termin',
    event: 'Wydarzenie',
    article: 'Aktualność',
    step: 'Etap',
    openInPorta: 'Otwórz w portalu Porta',
    attachments: 'Załączniki',
    linksWorkUntil: 'Linki działają do {date}.',
    footer: 'Otrzymujesz ten list jako mieszkaniec lub partner {company}.',
  },
  sk: {
    greeting: 'Dobrý deň, {name},',
    greetingNoName: 'Dobrý deň,',
    warrantyHeading: 'Záručná doba',
    completionDate: 'Dátum dokončenia',
    warrantyEnds: 'Koniec záručnej doby',
    completionDateNotSet: 'Dátum dokončenia zatiaľ nebol stanovený.',
    contacts: 'Kontakty',
    propertyManager: 'Správca nehnuteľnosti',
    maintenanceManager: 'Servisná spoločnosť',
    otherContact: 'Kontaktná osoba',
    deadline: 'Termín',
    event: 'Udalosť',
    article: 'Novinka',
    step: 'Krok',
    openInPorta: 'Otvoriť v portáli Porta',
    attachments: 'Prílohy',
    linksWorkUntil: 'Odkazy fungujú do {date}.',
    footer: 'Tento list dostávate ako obyvateľ alebo partner {company}.',
  },
  sv: {
    greeting: 'Hej {name},',
    greetingNoName: 'Hej,',
    warrantyHeading: 'Garantitid',
    completionDate: 'Färdigställandedatum',
    warrantyEnds: 'Garantitiden går ut',
    completionDateNotSet: 'Färdigställandedatumet har inte fastställts ännu.',
    contacts: 'Kontaktuppgifter',
    propertyManager: 'Disponent',
    maintenanceManager: 'Servicebolag',
    otherContact: 'Kontaktperson',
    deadline: 'Tidsfrist',
    event: 'Evenemang',
    article: 'Nyhet',
    step: 'Steg',
    openInPorta: 'Öppna i Porta',
    attachments: 'Bilagor',
    linksWorkUntil: 'Länkarna fungerar till {date}.',
    footer: 'Du får det här brevet som boende i eller samarbetspartner till {company}.',
  },
};

// Colours chosen for WCAG AA contrast on their backgrounds.
const COLOR = {
  text: '#1f2933',
  muted: '#52606d',
  link: '#0b57d0',
  page: '#f3f4f6',
  band: '#e6edf5',
  box: '#f5f7fa',
  border: '#d9e2ec',
  white: '#ffffff',
};
const FONT_STACK = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const HOME_TIME_ZONE = 'Europe/Helsinki';
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WARRANTY_YEARS = 2;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Replaces `{key}` placeholders; a function replacer so `$` in values is taken literally. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

function localeOf(language: Language): string {
  return LOCALES[language].replace('_', '-');
}

interface Day {
  year: number;
  month: number;
  day: number;
}

function parseDay(value: string | null): Day | null {
  const match = value ? DATE_ONLY.exec(value) : null;
  if (!match) return null;
  const day = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = new Date(Date.UTC(day.year, day.month - 1, day.day));
  const valid = check.getUTCMonth() === day.month - 1 && check.getUTCDate() === day.day;
  return valid ? day : null;
}

// A calendar date is formatted in UTC so the server's own zone never shifts the day.
function formatDay(language: Language, day: Day): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.UTC(day.year, day.month - 1, day.day),
  );
}

/** A date as it is; a date-time in the portal's home time zone, with its time. */
function formatDateOrDateTime(language: Language, value: string): string {
  const day = parseDay(value);
  if (day) return formatDay(language, day);
  // A date-time without an offset is read as UTC, not in the server's zone, to stay deterministic.
  const instant = new Date(/(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`);
  if (Number.isNaN(instant.getTime())) return value;
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: HOME_TIME_ZONE,
  }).format(instant);
}

/** The same day some years later; 29 February becomes 28 February in a common year. */
function addYears(day: Day, years: number): Day {
  const year = day.year + years;
  const lastOfMonth = new Date(Date.UTC(year, day.month, 0)).getUTCDate();
  return { year, month: day.month, day: Math.min(day.day, lastOfMonth) };
}

function formatSize(language: Language, bytes: number): string {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: digits }).format(value);
  if (bytes < 1000) return `${number(bytes, 0)} B`;
  const kilobytes = Math.round(bytes / 1000);
  if (kilobytes < 1000) return `${number(kilobytes, 0)} kB`;
  return `${number(bytes / 1_000_000, 1)} MB`;
}

/** Links we build ourselves must be web links; anything else is a bug upstream, not something to send. */
function webUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`Letter mail: not a URL: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`Letter mail: not an http(s) URL: ${url}`);
  }
  return url;
}

function splitLines(value: string): string[] {
  return value.split(/\r\n|\r|\n/);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[body.toLowerCase()] ?? whole;
  });
}

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(attributes);
  if (!match) return null;
  return decodeEntities(match[1] ?? match[2] ?? '');
}

const HEADINGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * Plain text of the sanitised letter HTML (html.ts's small tag set): blocks become lines with a
 * blank line between them, list items `- ` (numbered in ordered lists), quotes `> `, links
 * "text (url)". Lines are not wrapped.
 */
export function htmlToText(html: string): string {
  const lines: string[] = [];
  const lists: { ordered: boolean; count: number }[] = [];
  const anchors: { href: string; start: number }[] = [];
  let buffer = '';
  let gap = false;
  let quoteDepth = 0;
  let marker: string | null = null;

  const flush = () => {
    const text = buffer.replace(/\s+/g, ' ').trim();
    buffer = '';
    for (const anchor of anchors) anchor.start = 0;
    if (!text) return;
    if (gap && lines.length > 0) lines.push('');
    gap = false;
    let prefix = '';
    if (marker !== null) {
      prefix = '  '.repeat(Math.max(0, lists.length - 1)) + marker;
      marker = null;
    } else if (lists.length > 0) {
      prefix = '  '.repeat(lists.length);
    }
    lines.push('> '.repeat(quoteDepth) + prefix + text);
  };
  const startBlock = () => {
    flush();
    if (lists.length === 0) gap = true;
  };

  for (const token of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|[^<]+|</g)) {
    const tag = token[2]?.toLowerCase();
    if (tag === undefined) {
      buffer += decodeEntities(token[0]);
      continue;
    }
    const closing = token[1] === '/';
    if (HEADINGS.has(tag)) {
      startBlock();
    } else if (tag === 'br') {
      flush();
    } else if (tag === 'hr') {
      startBlock();
      buffer = '---';
      startBlock();
    } else if (tag === 'ul' || tag === 'ol') {
      flush();
      if (closing) lists.pop();
      else lists.push({ ordered: tag === 'ol', count: 0 });
      // Only the outermost list is set apart by blank lines; nested ones continue their item.
      if (lists.length === (closing ? 0 : 1)) gap = true;
    } else if (tag === 'li') {
      flush();
      if (!closing) {
        const list = lists.at(-1);
        if (list) list.count += 1;
        marker = list?.ordered ? `${list.count}. ` : '- ';
      }
    } else if (tag === 'blockquote') {
      startBlock();
      quoteDepth = Math.max(0, quoteDepth + (closing ? -1 : 1));
    } else if (tag === 'a') {
      if (!closing) {
        anchors.push({ href: attribute(token[3] ?? '', 'href') ?? '', start: buffer.length });
      } else {
        const anchor = anchors.pop();
        if (anchor?.href) {
          const text = buffer.slice(anchor.start).replace(/\s+/g, ' ').trim();
          const plain = anchor.href.replace(/^(mailto|tel):/i, '');
          if (!text) buffer += ` ${anchor.href}`;
          else if (text !== anchor.href && text !== plain) buffer += ` (${anchor.href})`;
        }
      }
    }
  }
  flush();
  return lines.join('\n');
}

interface Contact {
  role: string;
  companyName: string;
  name: string | null;
  email: string | null;
  phone: string | null;
}

function contactsOf(input: LetterMailInput, texts: LetterTexts): Contact[] {
  const roles: Record<string, string> = {
    PropertyManager: texts.propertyManager,
    MaintenanceManager: texts.maintenanceManager,
  };
  const present = (value: string | null) => (value?.trim() ? value.trim() : null);
  return input.housingCompany.partnerContacts
    .map((contact) => ({
      role: roles[contact.type] ?? texts.otherContact,
      companyName: contact.companyName.trim(),
      name: present(contact.name),
      email: present(contact.email),
      phone: present(contact.phone),
    }))
    .filter((contact) => contact.name || contact.email || contact.phone);
}

interface Warranty {
  completion: string | null;
  ends: string | null;
  contacts: Contact[];
}

function warrantyOf(input: LetterMailInput, texts: LetterTexts): Warranty | null {
  if (input.template !== 'warranty-meeting') return null;
  const day = parseDay(input.housingCompany.completionDate);
  return {
    completion: day ? formatDay(input.language, day) : null,
    ends: day ? formatDay(input.language, addYears(day, WARRANTY_YEARS)) : null,
    contacts: contactsOf(input, texts),
  };
}

function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits ? `tel:${digits}` : null;
}

function warrantyHtml(warranty: Warranty, texts: LetterTexts): string {
  const row = (label: string, value: string) =>
    `<p style="margin:0 0 4px"><span style="color:${COLOR.muted}">${escapeHtml(label)}:</span> <strong>${escapeHtml(value)}</strong></p>`;
  const parts = [
    `<p style="margin:0 0 8px;font-size:18px;line-height:24px;font-weight:700">${escapeHtml(texts.warrantyHeading)}</p>`,
  ];
  if (warranty.completion && warranty.ends) {
    parts.push(row(texts.completionDate, warranty.completion), row(texts.warrantyEnds, warranty.ends));
  } else {
    parts.push(`<p style="margin:0 0 4px">${escapeHtml(texts.completionDateNotSet)}</p>`);
  }
  if (warranty.contacts.length > 0) {
    parts.push(`<p style="margin:16px 0 0;font-size:16px;font-weight:700">${escapeHtml(texts.contacts)}</p>`);
    for (const contact of warranty.contacts) {
      const lines = [`<strong>${escapeHtml(contact.role)}</strong>`];
      if (contact.companyName) lines.push(escapeHtml(contact.companyName));
      if (contact.name) lines.push(escapeHtml(contact.name));
      if (contact.email) {
        lines.push(
          `<a href="${escapeHtml(`mailto:${contact.email}`)}" style="color:${COLOR.link}">${escapeHtml(contact.email)}</a>`,
        );
      }
      if (contact.phone) {
        const href = telHref(contact.phone);
        lines.push(
          href
            ? `<a href="${escapeHtml(href)}" style="color:${COLOR.link}">${escapeHtml(contact.phone)}</a>`
            : escapeHtml(contact.phone),
        );
      }
      parts.push(`<p style="margin:12px 0 0">${lines.join('<br>')}</p>`);
    }
  }
  return parts.join('\n');
}

function warrantyText(warranty: Warranty, texts: LetterTexts): string[] {
  const blocks: string[] = [];
  const dates =
    warranty.completion && warranty.ends
      ? [`${texts.completionDate}: ${warranty.completion}`, `${texts.warrantyEnds}: ${warranty.ends}`]
      : [texts.completionDateNotSet];
  blocks.push([texts.warrantyHeading, ...dates].join('\n'));
  if (warranty.contacts.length > 0) {
    const lines = warranty.contacts.map((contact) => {
      const details = [contact.companyName, contact.name, contact.email, contact.phone].filter(Boolean);
      return `- ${contact.role}: ${details.join(', ')}`;
    });
    blocks.push([texts.contacts, ...lines].join('\n'));
  }
  return blocks;
}

// Inlined by MJML (juice) so Outlook and Gmail keep the spacing of the editor's HTML too.
const INLINE_STYLE = `
p { margin: 0 0 16px; }
h2 { font-size: 22px; line-height: 28px; margin: 24px 0 12px; font-weight: 700; }
h3 { font-size: 19px; line-height: 26px; margin: 20px 0 8px; font-weight: 700; }
h4 { font-size: 17px; line-height: 24px; margin: 16px 0 8px; font-weight: 700; }
ul, ol { margin: 0 0 16px; padding: 0 0 0 24px; }
li { margin: 0 0 4px; }
li p { margin: 0; }
blockquote { margin: 0 0 16px; padding: 0 0 0 12px; border-left: 3px solid ${COLOR.border}; color: #3e4c59; }
hr { border: 0; border-top: 1px solid ${COLOR.border}; margin: 24px 0; }
a { color: ${COLOR.link}; text-decoration: underline; }
`;

export async function renderLetterMail(input: LetterMailInput): Promise<RenderedMail> {
  const texts = TEXTS[input.language];
  const company = input.housingCompany.marketingName?.trim() || input.housingCompany.name;
  const name = input.recipientName?.trim() || null;
  const greeting = name ? fill(texts.greeting, { name }) : texts.greetingNoName;
  const greetingHtml = name
    ? fill(texts.greeting, { name: escapeHtml(name) })
    : escapeHtml(texts.greetingNoName);
  // Sanitised again so that nothing a caller passes can close <mj-text> or add MJML of its own.
  const contentHtml = sanitizeLetterHtml(input.contentHtml);
  const warranty = warrantyOf(input, texts);
  const portalUrl = webUrl(input.portalUrl);
  const linked = input.linkedContent
    ? {
        label: texts[input.linkedContent.kind],
        title: input.linkedContent.title,
        date: input.linkedContent.date
          ? formatDateOrDateTime(input.language, input.linkedContent.date)
          : null,
        url: webUrl(input.linkedContent.url),
      }
    : null;
  const attachments = input.attachments.map((attachment) => ({
    name: attachment.name,
    url: webUrl(attachment.url),
    size: formatSize(input.language, attachment.size),
  }));
  const expiry =
    attachments.length > 0 && input.attachmentsExpireAt
      ? formatDateOrDateTime(input.language, input.attachmentsExpireAt)
      : null;
  const signature = input.signature?.trim() ? splitLines(input.signature.trim()) : null;
  const footer = fill(texts.footer, { company });
  const footerHtml = fill(texts.footer, { company: escapeHtml(company) });
  const portalLabel = portalUrl.replace(/^https?:\/\//i, '').replace(/\/$/, '');

  const body: string[] = [];
  body.push(
    `<mj-section><mj-column><mj-text padding="0 32px 16px">${greetingHtml}</mj-text></mj-column></mj-section>`,
  );
  if (warranty) {
    body.push(`<mj-section padding="0 32px 16px">
<mj-column background-color="${COLOR.box}" border="1px solid ${COLOR.border}" border-radius="6px" padding="16px 0">
<mj-text padding="0 16px">${warrantyHtml(warranty, texts)}</mj-text>
</mj-column>
</mj-section>`);
  }
  if (contentHtml) {
    body.push(`<mj-section><mj-column><mj-text>${contentHtml}</mj-text></mj-column></mj-section>`);
  }
  if (linked) {
    const date = linked.date
      ? `<mj-text padding="4px 16px 0" color="${COLOR.muted}">${escapeHtml(linked.date)}</mj-text>`
      : '';
    body.push(`<mj-section padding="8px 32px">
<mj-column background-color="${COLOR.white}" border="1px solid ${COLOR.border}" border-radius="6px" padding="16px 0">
<mj-text padding="0 16px" font-size="13px" line-height="18px" color="${COLOR.muted}" text-transform="uppercase" letter-spacing="0.5px">${escapeHtml(linked.label)}</mj-text>
<mj-text padding="4px 16px 0" font-size="18px" line-height="24px" font-weight="700">${escapeHtml(linked.title)}</mj-text>
${date}
<mj-button href="${escapeHtml(linked.url)}" align="left" padding="12px 16px 0" background-color="${COLOR.link}" color="${COLOR.white}" border-radius="4px" font-size="16px" font-weight="600" inner-padding="10px 18px">${escapeHtml(texts.openInPorta)}</mj-button>
</mj-column>
</mj-section>`);
  }
  if (attachments.length > 0) {
    const items = attachments
      .map(
        (attachment) =>
          `<li style="margin:0 0 4px"><a href="${escapeHtml(attachment.url)}" style="color:${COLOR.link}">${escapeHtml(attachment.name)}</a> (${escapeHtml(attachment.size)})</li>`,
      )
      .join('\n');
    const expiryHtml = expiry
      ? `<p style="margin:8px 0 0;font-size:14px;line-height:20px;color:${COLOR.muted}">${fill(texts.linksWorkUntil, { date: escapeHtml(expiry) })}</p>`
      : '';
    body.push(`<mj-section padding="8px 0 0"><mj-column><mj-text>
<p style="margin:0 0 8px;font-weight:700">${escapeHtml(texts.attachments)}</p>
<ul style="margin:0;padding:0 0 0 24px">${items}</ul>
${expiryHtml}
</mj-text></mj-column></mj-section>`);
  }
  if (signature) {
    body.push(
      `<mj-section padding="16px 0 0"><mj-column><mj-text>${signature.map(escapeHtml).join('<br>')}</mj-text></mj-column></mj-section>`,
    );
  }

  const preview = input.preheader.trim() ? `<mj-preview>${escapeHtml(input.preheader)}</mj-preview>` : '';
  const mjml = `<mjml lang="${input.language}" dir="ltr">
<mj-head>
<mj-title>${escapeHtml(input.title)}</mj-title>
${preview}
<mj-attributes>
<mj-all font-family="${FONT_STACK}" />
<mj-section padding="0" />
<mj-text font-size="16px" line-height="24px" color="${COLOR.text}" padding="0 32px" />
</mj-attributes>
<mj-style inline="inline">${INLINE_STYLE}</mj-style>
</mj-head>
<mj-body width="600px" background-color="${COLOR.page}">
<mj-section background-color="${COLOR.band}" padding="20px 0">
<mj-column>
<mj-text font-size="18px" line-height="24px" font-weight="700">${escapeHtml(company)}</mj-text>
<mj-text font-size="14px" line-height="20px" color="${COLOR.muted}">Porta</mj-text>
</mj-column>
</mj-section>
<mj-wrapper background-color="${COLOR.white}" padding="24px 0 16px">
${body.join('\n')}
</mj-wrapper>
<mj-section padding="16px 0 32px">
<mj-column>
<mj-text font-size="13px" line-height="20px" color="${COLOR.muted}">${footerHtml}<br><a href="${escapeHtml(portalUrl)}" style="color:${COLOR.muted}">${escapeHtml(portalLabel)}</a></mj-text>
</mj-column>
</mj-section>
</mj-body>
</mjml>`;

  const html = await toHtml(mjml);

  const blocks: string[] = [greeting];
  if (warranty) blocks.push(...warrantyText(warranty, texts));
  const contentText = htmlToText(contentHtml);
  if (contentText) blocks.push(contentText);
  if (linked) {
    blocks.push(`${linked.label}: ${linked.title}${linked.date ? ` — ${linked.date}` : ''}: ${linked.url}`);
  }
  if (attachments.length > 0) {
    const lines = attachments.map(
      (attachment) => `- ${attachment.name} (${attachment.size}): ${attachment.url}`,
    );
    if (expiry) lines.push(fill(texts.linksWorkUntil, { date: expiry }));
    blocks.push([texts.attachments, ...lines].join('\n'));
  }
  if (signature) blocks.push(signature.join('\n'));
  blocks.push(`--\n${footer}\n${portalUrl}`);

  return { subject: input.title, html, text: `${blocks.join('\n\n')}\n` };
}

async function toHtml(mjml: string): Promise<string> {
  let result: Awaited<ReturnType<typeof mjml2html>>;
  try {
    // No includes, no config file and no web fonts: the mail is exactly this template.
    result = await mjml2html(mjml, {
      validationLevel: 'strict',
      minify: false,
      beautify: false,
      keepComments: false,
      ignoreIncludes: true,
      fonts: {},
    });
  } catch (error) {
    throw new Error(
      `Letter mail: MJML rendering failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  if (result.errors.length > 0) {
    throw new Error(
      `Letter mail: MJML errors: ${result.errors.map((error) => error.formattedMessage).join('; ')}`,
    );
  }
  return result.html;
}
