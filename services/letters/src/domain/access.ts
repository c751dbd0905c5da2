import { DEFAULT_LANGUAGE, type DirectoryHousingCompany, type Language } from '@porta/contracts';
import { AppError, type Principal } from '@porta/service-kit';
import { eq } from 'drizzle-orm';
import type { LettersContext } from '../context.js';
import { letters } from '../db/schema.js';
import { writesLetters } from '../policies.js';

export type LetterRow = typeof letters.$inferSelect;

/** A caller in one housing company's letters. */
export interface Entry {
  principal: Principal;
  housingCompanyId: string;
  housingCompany: DirectoryHousingCompany;
  language: Language;
}

/**
 * The caller on a housing company's letters: one who writes them there gets in; anyone else, or a
 * company identity does not know, gets 404 (another company's letters are not there for them).
 * Then the feature email-letters must be on for the company (403), but for admin, who sets it.
 */
export async function enterHousingCompany(
  ctx: LettersContext,
  p: Principal,
  housingCompanyId: string,
  language: Language | undefined,
): Promise<Entry> {
  if (!writesLetters(p, housingCompanyId)) throw new AppError('LETTER_HOUSING_COMPANY_NOT_FOUND');
  const housingCompany = await ctx.directory.housingCompany(housingCompanyId);
  if (!housingCompany) throw new AppError('LETTER_HOUSING_COMPANY_NOT_FOUND');
  const lang = language ?? DEFAULT_LANGUAGE;
  if (!p.hasRole('admin')) await ctx.features.require(housingCompanyId, lang, ['email-letters']);
  return { principal: p, housingCompanyId, housingCompany, language: lang };
}

/** A letter entered as the caller: 404 when there is none or it is of a company they do not write for. */
export async function enterLetter(
  ctx: LettersContext,
  p: Principal,
  id: string,
  language: Language | undefined,
): Promise<{ entry: Entry; row: LetterRow }> {
  const [row] = await ctx.db.select().from(letters).where(eq(letters.id, id));
  if (!row) throw new AppError('LETTER_NOT_FOUND');
  const entry = await enterHousingCompany(ctx, p, row.housingCompanyId, language).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'LETTER_HOUSING_COMPANY_NOT_FOUND'
      ? new AppError('LETTER_NOT_FOUND')
      : error;
  });
  return { entry, row };
}

/** A letter that may still change: a draft (a sent or sending letter is read-only; it can be copied). */
export function assertDraft(row: LetterRow): void {
  if (row.status !== 'draft') throw new AppError('LETTER_ALREADY_SENT');
}
