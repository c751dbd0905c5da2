import { type Language, LETTER_TEST_ADDRESSES_MAX, type LetterPreview, zUserEmail } from '@porta/contracts';
import { AppError } from '@porta/service-kit';
import type { LettersContext } from '../context.js';
import type { Entry, LetterRow } from './access.js';
import { companyLanguage } from './audience.js';
import { LetterMails, signatureOf } from './compose.js';

/**
 * 03 §5 "test emails comma separated and valid": every address checked (a line break in one, as a
 * header injection would need, is not an address), each once, at most LETTER_TEST_ADDRESSES_MAX.
 */
export function testAddresses(list: string): string[] {
  const parts = list.split(',').map((part) => part.trim());
  const out: string[] = [];
  for (const part of parts) {
    const email = /[\r\n]/.test(part) ? null : zUserEmail.safeParse(part);
    if (!email?.success) throw new AppError('LETTER_TEST_ADDRESSES_INVALID', { detail: part.slice(0, 320) });
    if (!out.includes(email.data)) out.push(email.data);
  }
  if (out.length > LETTER_TEST_ADDRESSES_MAX) {
    throw new AppError('LETTER_TEST_ADDRESSES_INVALID', {
      detail: `${LETTER_TEST_ADDRESSES_MAX} addresses at most`,
    });
  }
  return out;
}

async function mailsOf(ctx: LettersContext, entry: Entry, row: LetterRow): Promise<LetterMails> {
  const signature =
    row.status === 'draft'
      ? await signatureOf(ctx, entry.principal.userId, row.signatureId)
      : row.signatureText;
  return new LetterMails(ctx, row, entry.housingCompany, signature);
}

/** The mail as a recipient in the language would get it (the name: the caller's own, as a stand-in). */
export async function previewLetter(
  ctx: LettersContext,
  entry: Entry,
  row: LetterRow,
  language: Language | undefined,
): Promise<LetterPreview> {
  const lang = language ?? companyLanguage(entry.housingCompany);
  const mails = await mailsOf(ctx, entry, row);
  const mail = await mails.mailTo({ email: 'preview@porta.invalid', name: '', language: lang });
  return { language: lang, subject: mail.subject, html: String(mail.html), text: mail.text };
}

/**
 * Test mails before the real send (03 §4): the letter as it stands, to each address, in the
 * language asked for (the company's by default), the subject marked as a test. Nothing is logged
 * on the letter. A mail server that does not take one: 502 LETTER_TEST_MAIL_FAILED.
 */
export async function sendTestMails(
  ctx: LettersContext,
  entry: Entry,
  row: LetterRow,
  body: { addresses: string; language?: Language | undefined },
): Promise<{ sent: string[] }> {
  const addresses = testAddresses(body.addresses);
  const language = body.language ?? companyLanguage(entry.housingCompany);
  if (!ctx.mailer) throw new AppError('LETTER_TEST_MAIL_FAILED');
  const mails = await mailsOf(ctx, entry, row);
  for (const email of addresses) {
    const mail = await mails.mailTo({ email, name: '', language });
    try {
      await ctx.mailer.send({ ...mail, subject: `[TEST] ${mail.subject}` });
    } catch (error) {
      ctx.logger.warn({ err: error, letterId: row.id }, 'a test mail of a letter was not sent');
      throw new AppError('LETTER_TEST_MAIL_FAILED', { cause: error });
    }
  }
  return { sent: addresses };
}
