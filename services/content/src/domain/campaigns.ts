import { ADVERTISEMENT_MAX_VISIBLE_MONTHS } from '@porta/contracts';
import { AppError } from '@porta/service-kit';
import { addDays, addMonths, isoDay, startOfDay } from './clock.js';

/**
 * Service-shop campaign rules (02 §5, 03 §5) as plain functions of a campaign, the housing company
 * and the time. Days are UTC days (ADR 0013).
 */

export interface CampaignRules {
  buildingPhase: string | null;
  weeksBeforeCompletion: number | null;
  weeksAfterCompletion: number | null;
  rooms: readonly number[] | null;
  apartmentSizeMin: number | null;
  apartmentSizeMax: number | null;
  startAt: Date | null;
  endAt: Date | null;
  stickyUntil: Date | null;
}

/** What the rules are checked against: the reader's housing company, apartment and time. */
export interface CampaignAudience {
  now: Date;
  phase: 'construction' | 'living';
  /** YYYY-MM-DD or null when the housing company has none. */
  completionDate: string | null;
  /** The reader's apartment when known: its size and rooms apply. */
  apartment: { size: number | null; rooms: number | null } | null;
}

/** The building phase must match (a campaign without one is for both phases). */
export function phaseMatches(c: Pick<CampaignRules, 'buildingPhase'>, phase: CampaignAudience['phase']) {
  return c.buildingPhase === null || c.buildingPhase === phase;
}

function dayPlus(day: string, days: number): string {
  return isoDay(addDays(new Date(`${day}T00:00:00.000Z`), days));
}

/**
 * Today is no earlier than the completion date minus weeksBeforeCompletion weeks and no later than
 * the completion date plus weeksAfterCompletion weeks (each bound only when set). Without a
 * completion date a set bound cannot hold.
 */
export function completionWindowMatches(
  c: Pick<CampaignRules, 'weeksBeforeCompletion' | 'weeksAfterCompletion'>,
  completionDate: string | null,
  now: Date,
): boolean {
  if (c.weeksBeforeCompletion === null && c.weeksAfterCompletion === null) return true;
  if (!completionDate) return false;
  const today = isoDay(now);
  if (c.weeksBeforeCompletion !== null && today < dayPlus(completionDate, -7 * c.weeksBeforeCompletion))
    return false;
  if (c.weeksAfterCompletion !== null && today > dayPlus(completionDate, 7 * c.weeksAfterCompletion))
    return false;
  return true;
}

/**
 * The apartment's size is within apartmentSizeMin..apartmentSizeMax (inclusive) and its room
 * count among `rooms` when that is set. Only a known apartment is checked (the rules narrow a
 * campaign to apartments; without one the housing company's campaigns show).
 */
export function apartmentMatches(
  c: Pick<CampaignRules, 'rooms' | 'apartmentSizeMin' | 'apartmentSizeMax'>,
  apartment: CampaignAudience['apartment'],
): boolean {
  if (!apartment) return true;
  const { size, rooms } = apartment;
  if (size !== null) {
    if (c.apartmentSizeMin !== null && size < c.apartmentSizeMin) return false;
    if (c.apartmentSizeMax !== null && size > c.apartmentSizeMax) return false;
  }
  if (rooms !== null && c.rooms && c.rooms.length > 0 && !c.rooms.includes(rooms)) return false;
  return true;
}

/** Listed when the start is before tomorrow and the end is today or later (open ends list). */
export function isListed(c: Pick<CampaignRules, 'startAt' | 'endAt'>, now: Date): boolean {
  const today = startOfDay(now);
  const tomorrow = addDays(today, 1);
  if (c.startAt && c.startAt >= tomorrow) return false;
  if (c.endAt && c.endAt < today) return false;
  return true;
}

/** Sticky counts only while its expiration is in the future. */
export function isSticky(c: Pick<CampaignRules, 'stickyUntil'>, now: Date): boolean {
  return c.stickyUntil !== null && c.stickyUntil > now;
}

/** The badge is the percentage times 100 (0.15 → 15); none without a discount. */
export function discountBadge(discountPercentage: number | null): number | null {
  if (discountPercentage === null || discountPercentage <= 0) return null;
  return Math.round(discountPercentage * 100);
}

/** The targeting rules that do not depend on the listing window (phase, completion, apartment). */
export function audienceMatches(c: CampaignRules, audience: CampaignAudience): boolean {
  return (
    phaseMatches(c, audience.phase) &&
    completionWindowMatches(c, audience.completionDate, audience.now) &&
    apartmentMatches(c, audience.apartment)
  );
}

/** Every rule of 02 §5: phase, completion window, apartment, listing window. */
export function campaignVisible(c: CampaignRules, audience: CampaignAudience): boolean {
  return audienceMatches(c, audience) && isListed(c, audience.now);
}

/** Sticky (unexpired) first, then the newest start first (no start: last), then id for stability. */
export function compareCampaigns<T extends CampaignRules & { id: string }>(now: Date) {
  return (a: T, b: T): number => {
    const sa = isSticky(a, now) ? 0 : 1;
    const sb = isSticky(b, now) ? 0 : 1;
    if (sa !== sb) return sa - sb;
    const ta = a.startAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    const tb = b.startAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    if (ta !== tb) return tb > ta ? 1 : -1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/** A random selection of at most n items (Fisher–Yates on a copy). */
export function randomSelection<T>(items: readonly T[], n: number, random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

/** Staff input rules: the end not before the start; the size range not inverted. */
export function checkCampaignRanges(c: {
  startAt: Date | null;
  endAt: Date | null;
  apartmentSizeMin: number | null;
  apartmentSizeMax: number | null;
}): void {
  if (c.startAt && c.endAt && c.endAt < c.startAt) throw new AppError('CNT_CAMPAIGN_DATES');
  if (c.apartmentSizeMin !== null && c.apartmentSizeMax !== null && c.apartmentSizeMin > c.apartmentSizeMax)
    throw new AppError('CNT_APARTMENT_SIZE_RANGE');
}

/**
 * An advertisement is visible at most ADVERTISEMENT_MAX_VISIBLE_MONTHS (03 §5): from its start
 * (else its publish time, else now) to its end. `requireEnd`: publishing without an end would be
 * visible for ever.
 */
export function checkAdvertisementWindow(
  c: { startAt: Date | null; endAt: Date | null; publishAt: Date | null },
  now: Date,
  options: { requireEnd: boolean },
): void {
  if (!c.endAt) {
    if (options.requireEnd) throw new AppError('CNT_ADVERTISEMENT_TOO_LONG');
    return;
  }
  const from = c.startAt ?? c.publishAt ?? now;
  if (c.endAt > addMonths(from, ADVERTISEMENT_MAX_VISIBLE_MONTHS))
    throw new AppError('CNT_ADVERTISEMENT_TOO_LONG');
}

/** The housing-company phase at a time (01 §3: living when completed before that day). */
export function phaseAt(completionDate: string | null, time: Date): 'construction' | 'living' {
  return completionDate !== null && completionDate < isoDay(time) ? 'living' : 'construction';
}
