import type { App } from '@porta/service-kit';
import { addTestUser, type IdentityTestApp, loginAs } from './identity-app.js';

/**
 * The callers of the authorization-matrix tests, one per kind: the demo's users and a few added
 * for roles the demo has no user for. A service's matrix takes the ones its routes tell apart.
 */
export const PERSONAS = [
  'anonymous',
  'admin',
  'staff', // yitUser
  'bizadmin', // yitBusinessAdmin (added)
  'marketing', // yitMarketing (added)
  'project', // yitProject (added)
  'manager', // propertyManager of Harbour View and Linden Court; user of Demo Isännöinti Oy
  'othermanager', // propertyManager of Birch Hill only
  'board', // boardMember of Linden Court, owner of B 14
  'publisher', // contentPublisher of Linden Court (added)
  'owner', // owner in Harbour View and Linden Court
  'tenant', // tenant of B 14
  'neighbour', // owner of C 1 in Birch Hill
  'partner', // partner role, user of a business partner
  'consumption', // consumptionManager only
] as const;
export type Persona = (typeof PERSONAS)[number];

/** The personas the demo has no user for, as they are added. */
const ADDED: Partial<Record<Persona, Omit<Parameters<typeof addTestUser>[1], 'key'>>> = {
  bizadmin: { roles: ['yitBusinessAdmin'] },
  marketing: { roles: ['yitMarketing'] },
  project: { roles: ['yitProject'] },
  publisher: { housingCompanies: [{ hcExt: 'DEMO-2000', role: 'contentPublisher' }] },
};

/** Personas signed in: the headers each sends, and signing all in again (after a logout route). */
export interface SignedInPersonas<P extends string> {
  headers(persona: P): Record<string, string>;
  signInAgain(): Promise<void>;
}

/**
 * Adds the users of the personas the demo lacks, then signs every persona but 'anonymous' in.
 * Personas that are neither in the demo nor in PERSONAS (a service's own, e.g. a partner company's
 * user) are added by the test first, as `<key>@demo.porta.test`.
 */
export async function signInPersonas<P extends string>(
  t: Pick<IdentityTestApp, 'identity'> & { app: App },
  personas: readonly P[],
): Promise<SignedInPersonas<P>> {
  for (const persona of personas) {
    const added = ADDED[persona as unknown as Persona];
    if (added) await addTestUser(t, { key: persona, ...added });
  }
  const tokens = new Map<string, string>();
  const signInAgain = async () => {
    for (const persona of personas) {
      if (persona !== 'anonymous') tokens.set(persona, (await loginAs(t.app, persona)).accessToken);
    }
  };
  await signInAgain();
  return {
    headers(persona): Record<string, string> {
      const token = tokens.get(persona);
      return token ? { authorization: `Bearer ${token}` } : {};
    },
    signInAgain,
  };
}

/**
 * Fills a route's path parameters (`:name`) with well-formed values that point at nothing, one
 * maker per parameter name; a parameter without one fails the test, so a new route says what its
 * parameters look like.
 */
export function pathFiller(makers: Record<string, () => string>): (url: string) => string {
  return (url) =>
    url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      const make = makers[name];
      if (!make) throw new Error(`no placeholder for :${name} in ${url}`);
      return make();
    });
}
