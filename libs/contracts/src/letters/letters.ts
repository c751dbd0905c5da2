import { z } from 'zod';
import { zIsoDateTime, zUuid } from '../common.js';
import { LANGUAGES } from '../constants.js';
import { zUserEmail } from '../identity/users.js';
import { visibleText } from '../text.js';
import {
  LETTER_CONTENT_MAX_CHARS,
  LETTER_NAME_MAX_CHARS,
  LETTER_PAGE_DEFAULT,
  LETTER_PAGE_MAX,
  LETTER_PREHEADER_MAX_CHARS,
  LETTER_TEST_ADDRESSES_MAX,
  LETTER_TITLE_MAX_CHARS,
} from './limits.js';

/** 03 §3: a blank letter, or the warranty meeting's, which fills in the company's warranty dates and contacts. */
export const LETTER_TEMPLATES = ['blank', 'warranty-meeting'] as const;
export const zLetterTemplate = z.enum(LETTER_TEMPLATES);
export type LetterTemplate = z.infer<typeof zLetterTemplate>;

/** Draft → sending (the job runs) → sent (03 §4). */
export const LETTER_STATUSES = ['draft', 'sending', 'sent'] as const;
export const zLetterStatus = z.enum(LETTER_STATUSES);
export type LetterStatus = z.infer<typeof zLetterStatus>;

/**
 * The housing company's people a letter goes to, by role (issue 21): every resident (a role in an
 * apartment), the owners, the tenants, the board, and the company's partner and manager contacts.
 */
export const LETTER_ROLE_GROUPS = [
  'residents',
  'owners',
  'tenants',
  'board',
  'partners',
  'managers',
] as const;
export const zLetterRoleGroup = z.enum(LETTER_ROLE_GROUPS);
export type LetterRoleGroup = z.infer<typeof zLetterRoleGroup>;

/** 03 §3 linked content: a deadline, event, article or lifecycle step of the content service. */
export const LINKED_CONTENT_KINDS = ['deadline', 'event', 'article', 'step'] as const;
export const zLinkedContent = z.strictObject({ kind: z.enum(LINKED_CONTENT_KINDS), id: zUuid });
export type LinkedContent = z.infer<typeof zLinkedContent>;

const zTitle = visibleText(z.string().trim().min(1).max(LETTER_TITLE_MAX_CHARS));

/** A new letter, or a draft's changes (every field; PUT replaces them). */
export const zLetterBody = z.strictObject({
  title: zTitle,
  preheader: z.string().trim().max(LETTER_PREHEADER_MAX_CHARS).default(''),
  template: zLetterTemplate.default('blank'),
  /** HTML from the rich-text editor; sanitised before it is stored. */
  content: z.string().max(LETTER_CONTENT_MAX_CHARS).default(''),
  /** One of the sender's signatures (identity), or none. */
  signatureId: zUuid.nullable().default(null),
  linkedContent: zLinkedContent.nullable().default(null),
  roleGroups: z
    .array(zLetterRoleGroup)
    .max(LETTER_ROLE_GROUPS.length)
    .default([])
    .refine((groups) => new Set(groups).size === groups.length, { error: 'A group is chosen twice.' }),
});
export type LetterBody = z.infer<typeof zLetterBody>;
export type LetterBodyInput = z.input<typeof zLetterBody>;

export const zLetter = z.object({
  id: zUuid,
  housingCompanyId: zUuid,
  title: z.string(),
  preheader: z.string(),
  template: zLetterTemplate,
  content: z.string(),
  signatureId: zUuid.nullable(),
  linkedContent: zLinkedContent.nullable(),
  roleGroups: z.array(zLetterRoleGroup),
  status: zLetterStatus,
  /** Recipients added by name (one by one or from CSV); the role groups come on top at sending. */
  recipientCount: z.number().int(),
  createdBy: zUuid,
  createdAt: zIsoDateTime,
  updatedAt: zIsoDateTime,
  sentAt: zIsoDateTime.nullable(),
  /** The copy's source, when the letter was copied from another. */
  copiedFrom: zUuid.nullable(),
});
export type Letter = z.infer<typeof zLetter>;

export const zLetterSummary = zLetter.omit({ content: true });
export type LetterSummary = z.infer<typeof zLetterSummary>;

/** The caller's language (the feature check's answer, the standard texts). */
const zLang = z.enum(LANGUAGES).optional();
export const zLetterLangQuery = z.strictObject({ lang: zLang });

export const zLetterListQuery = z.strictObject({
  lang: zLang,
  status: zLetterStatus.optional(),
  /** Words of the title. */
  q: z.string().trim().max(LETTER_TITLE_MAX_CHARS).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(LETTER_PAGE_MAX).default(LETTER_PAGE_DEFAULT),
});
export const zLetterPage = z.object({ items: z.array(zLetterSummary), total: z.number().int() });
export type LetterPage = z.infer<typeof zLetterPage>;

export const zHousingCompanyLettersParam = z.strictObject({ housingCompanyId: zUuid });
export const zLetterIdParam = z.strictObject({ id: zUuid });

/** A named recipient (03 §3: name, email). */
export const zLetterRecipientBody = z.strictObject({
  name: visibleText(z.string().trim().min(1).max(LETTER_NAME_MAX_CHARS)),
  email: zUserEmail,
});
export type LetterRecipientBody = z.infer<typeof zLetterRecipientBody>;

export const RECIPIENT_SOURCES = ['manual', 'csv'] as const;
export const zLetterRecipient = z.object({
  id: zUuid,
  name: z.string(),
  email: z.string(),
  source: z.enum(RECIPIENT_SOURCES),
  createdAt: zIsoDateTime,
});
export type LetterRecipient = z.infer<typeof zLetterRecipient>;

export const zLetterRecipientListQuery = z.strictObject({
  lang: zLang,
  q: z.string().trim().max(320).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(LETTER_PAGE_MAX).default(LETTER_PAGE_DEFAULT),
});
export const zLetterRecipientPage = z.object({ items: z.array(zLetterRecipient), total: z.number().int() });
export type LetterRecipientPage = z.infer<typeof zLetterRecipientPage>;
export const zLetterRecipientParams = z.strictObject({ id: zUuid, recipientId: zUuid });

/** Why a CSV row was not added. */
export const CSV_ROW_PROBLEMS = ['name-missing', 'email-invalid', 'duplicate', 'too-many'] as const;
export const zCsvRowProblem = z.enum(CSV_ROW_PROBLEMS);
export type CsvRowProblem = z.infer<typeof zCsvRowProblem>;

/** The answer to a CSV import: how many rows were added, and those that were not, by line number. */
export const zLetterRecipientImportResult = z.object({
  added: z.number().int(),
  failedCount: z.number().int(),
  /** The first LETTER_CSV_FAILURES_LISTED refused rows. */
  failed: z.array(z.object({ line: z.number().int(), problem: zCsvRowProblem, value: z.string() })),
});
export type LetterRecipientImportResult = z.infer<typeof zLetterRecipientImportResult>;

/**
 * A recipient's state in a letter's log (issue 21): queued until its turn; sent once the mail
 * server took it; delivered when the provider reported it delivered (with plain SMTP: no bounce
 * came within the bounce window); failed with the server's answer; skipped when the resident
 * turned e-mail off (said, not sent).
 */
export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'skipped'] as const;
export const zDeliveryStatus = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof zDeliveryStatus>;

export const AUDIENCE_SOURCES = ['named', ...LETTER_ROLE_GROUPS] as const;
export const zAudienceSource = z.enum(AUDIENCE_SOURCES);

export const zDelivery = z.object({
  id: zUuid,
  email: z.string(),
  name: z.string(),
  language: z.enum(LANGUAGES),
  source: zAudienceSource,
  status: zDeliveryStatus,
  /** The mail server's answer to a failure, or why it was skipped. */
  answer: z.string().nullable(),
  updatedAt: zIsoDateTime,
});
export type Delivery = z.infer<typeof zDelivery>;

export const zDeliveryListQuery = z.strictObject({
  lang: zLang,
  status: zDeliveryStatus.optional(),
  q: z.string().trim().max(320).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(LETTER_PAGE_MAX).default(LETTER_PAGE_DEFAULT),
});
export const zDeliveryPage = z.object({ items: z.array(zDelivery), total: z.number().int() });
export type DeliveryPage = z.infer<typeof zDeliveryPage>;

/** How far a letter's send has come: the count of its recipients in each state. */
export const zSendProgress = z.object({
  status: zLetterStatus,
  total: z.number().int(),
  counts: z.record(zDeliveryStatus, z.number().int()),
  sentAt: zIsoDateTime.nullable(),
});
export type SendProgress = z.infer<typeof zSendProgress>;

/** The wizard's recipient step: who the letter would go to now, as sending would freeze it. */
export const zAudienceSummary = z.object({
  total: z.number().int(),
  /** Addresses from each source (an address counts once, under the first source that names it). */
  bySource: z.partialRecord(zAudienceSource, z.number().int()),
  languages: z.array(z.enum(LANGUAGES)),
  /** Residents of the role groups who turned e-mail off: not sent to (the first 100). */
  optedOut: z.array(z.object({ name: z.string(), email: z.string() })),
  optedOutCount: z.number().int(),
});
export type AudienceSummary = z.infer<typeof zAudienceSummary>;

/** A preview of the mail in one language (the wizard shows each language among the recipients). */
export const zLetterPreviewQuery = z.strictObject({ lang: zLang, language: z.enum(LANGUAGES).optional() });
export const zLetterPreview = z.object({
  language: z.enum(LANGUAGES),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type LetterPreview = z.infer<typeof zLetterPreview>;

/** Test mails (03 §5: "test emails comma separated and valid"), before the real send. */
export const zTestMailBody = z.strictObject({
  addresses: z
    .string()
    .trim()
    .min(1)
    .max(LETTER_TEST_ADDRESSES_MAX * 330),
  language: z.enum(LANGUAGES).optional(),
});
export type TestMailBody = z.infer<typeof zTestMailBody>;
export const zTestMailResult = z.object({ sent: z.array(z.string()) });

/** Events the letters service publishes (subjects `letters.<entity>.<verb>.v1`) through its outbox. */
export const LETTER_EVENTS = {
  /** Every recipient of a letter has had their turn: the counts by state. */
  sent: 'letters.letter.sent.v1',
} as const;

/** The log-retrieval's answer (03 §9 retrieve-logs): log entries changed, and the letter's progress. */
export const zRetrieveLogsResult = z.object({ changed: z.number().int(), progress: zSendProgress });
export type RetrieveLogsResult = z.infer<typeof zRetrieveLogsResult>;
/** A bounce kept (202): the Message-ID it is about and its outcome. */
export const zBounceReceipt = z.object({ messageId: z.string(), outcome: z.enum(['delivered', 'failed']) });
