import {
  type AudienceMember,
  type DirectoryHousingCompany,
  EMAIL_OPT_OUTS_ASK_MAX,
  type EmailOptOutsResponse,
  type Language,
  type LetterRoleGroup,
  languageOfLocale,
  NOTIFICATIONS_EMAIL_OPT_OUTS_RPC,
  type Role,
  zUserEmail,
} from '@porta/contracts';
import { IdentityClient } from '@porta/service-kit';
import { asc, eq } from 'drizzle-orm';
import type { LettersContext } from '../context.js';
import { recipients } from '../db/schema.js';
import type { LetterRow } from './access.js';

/** Where a recipient of a letter comes from: named on it, or one of its role groups. */
export type AudienceSource = 'named' | LetterRoleGroup;

/** One address a letter goes to (or, opted out, would go to). */
export interface AudienceEntry {
  email: string;
  name: string;
  language: Language;
  userId: string | null;
  source: AudienceSource;
  /** A resident of a role group who turned e-mail off: said, and not sent to (ADR 0032). */
  optedOut: boolean;
}

/** The roles of the housing company's people that each resident group reaches. */
const GROUP_ROLES: Record<'residents' | 'owners' | 'tenants' | 'board', readonly Role[]> = {
  residents: ['owner', 'tenant', 'familyMember', 'rentalManager'],
  owners: ['owner'],
  tenants: ['tenant'],
  board: ['boardMember', 'chairman', 'ceeBoardMember'],
};

/** The language of a country's people, for an address the directory does not know (Finland: Finnish). */
const COUNTRY_LANGUAGES: Record<string, Language> = {
  Finland: 'fi',
  Estonia: 'et',
  Latvia: 'lv',
  Lithuania: 'lt',
  Poland: 'pl',
  'Czech Republic': 'cs',
  Slovakia: 'sk',
};

export function companyLanguage(hc: Pick<DirectoryHousingCompany, 'addressCountry'>): Language {
  return COUNTRY_LANGUAGES[hc.addressCountry ?? 'Finland'] ?? 'en';
}

/**
 * Everyone a letter goes to, each address once (03 §5): the recipients named on it first, then the
 * members of its role groups (identity's directory: residents by their roles in force, the board,
 * the users of the partner companies serving the company, and its manager contacts). A member's
 * language is their own; a named address's is the member's when identity knows it, else the
 * company's country's. Members who turned e-mail off in their notification settings are marked
 * (notifications is asked), so that they are said in the wizard and the log, not silently dropped.
 */
export async function resolveAudience(
  ctx: LettersContext,
  hc: DirectoryHousingCompany,
  letter: Pick<LetterRow, 'id' | 'roleGroups'>,
): Promise<AudienceEntry[]> {
  const identity = new IdentityClient(ctx.bus);
  const fallback = companyLanguage(hc);
  const out = new Map<string, AudienceEntry>();
  const add = (entry: AudienceEntry) => {
    if (!out.has(entry.email)) out.set(entry.email, entry);
  };
  const named = await ctx.db
    .select({ name: recipients.name, email: recipients.email })
    .from(recipients)
    .where(eq(recipients.letterId, letter.id))
    .orderBy(asc(recipients.seq));
  for (const r of named) {
    add({ email: r.email, name: r.name, language: fallback, userId: null, source: 'named', optedOut: false });
  }
  for (const group of letter.roleGroups) {
    let found: AudienceMember[] = [];
    if (group === 'partners') {
      const partnerCompanyIds = [...new Set(hc.partnerContacts.map((c) => c.partnerCompanyId))];
      found = await identity.partnerUsers(partnerCompanyIds);
    } else if (group === 'managers') {
      for (const contact of hc.partnerContacts) {
        const email = zUserEmail.safeParse(contact.email ?? '');
        if (!email.success) continue;
        add({
          email: email.data,
          name: contact.name ?? contact.companyName,
          language: fallback,
          userId: null,
          source: group,
          optedOut: false,
        });
      }
      continue;
    } else {
      found = await identity.members(hc.id, GROUP_ROLES[group]);
    }
    for (const member of found) {
      const email = zUserEmail.safeParse(member.email);
      if (!email.success) continue;
      add({
        email: email.data,
        name: member.firstName,
        language: languageOfLocale(member.locale),
        userId: member.userId,
        source: group,
        optedOut: false,
      });
    }
  }
  // A named address that is a member of the company: their language.
  const entries = [...out.values()];
  if (entries.some((e) => e.source === 'named')) {
    const everyone = await identity.members(hc.id, []);
    const byEmail = new Map(everyone.map((m) => [m.email.toLowerCase(), m]));
    for (const entry of entries) {
      const member = entry.source === 'named' ? byEmail.get(entry.email) : undefined;
      if (member) entry.language = languageOfLocale(member.locale);
    }
  }
  const userIds = entries.filter((e) => e.userId && e.source !== 'named').map((e) => e.userId!);
  const optedOut = new Set<string>();
  for (let i = 0; i < userIds.length; i += EMAIL_OPT_OUTS_ASK_MAX) {
    const answer = await ctx.bus.request<EmailOptOutsResponse>(NOTIFICATIONS_EMAIL_OPT_OUTS_RPC, {
      userIds: userIds.slice(i, i + EMAIL_OPT_OUTS_ASK_MAX),
    });
    for (const id of answer.userIds) optedOut.add(id);
  }
  for (const entry of entries) {
    if (entry.userId && entry.source !== 'named' && optedOut.has(entry.userId)) entry.optedOut = true;
  }
  return entries;
}
