import { LETTER_GLOBAL_WRITERS, LETTER_HC_WRITERS } from '@porta/contracts';
import { type Policy, type Principal, policy } from '@porta/service-kit';

/**
 * Who may do what with e-mail letters (03 §6 "Email letters need sufficient privileges to edit",
 * ADR 0032): the one policy table. Every route is for staff: the developer's staff write the
 * letters of every housing company, a property manager those of the companies they manage. The
 * route's policy lets in a caller who holds one of those roles anywhere; the handler then binds
 * the request to a housing company the caller writes for (domain/access.ts), so another company's
 * letters answer 404. docs/authorization.md explains the table; src/routes/authorization-matrix.test.ts
 * checks every route against every kind of caller.
 */
export const LETTER_POLICIES = {
  /** Every route: a letter writer somewhere; the housing company is checked in the handler. */
  writers: policy.rule('letters'),
} satisfies Record<string, Policy>;

/** Writes and sends the housing company's letters. */
export function writesLetters(p: Principal, housingCompanyId: string): boolean {
  return p.hasRole(...LETTER_GLOBAL_WRITERS) || p.hasRoleIn(housingCompanyId, ...LETTER_HC_WRITERS);
}
