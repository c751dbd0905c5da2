import {
  DIRECTORY_PAGE_MAX,
  type DirectoryHousingCompany,
  IDENTITY_DIRECTORY_RPC,
  zDirectoryResponse,
} from '@porta/contracts';
import { answerMayBeTooLarge } from '../bus/errors.js';
import type { Bus } from '../bus/types.js';
import { IdentityClient } from './identity-client.js';

/** identity's demo addresses end with this (`<key>@demo.porta.test`). */
export const DEMO_EMAIL_DOMAIN = '@demo.porta.test';

/** A demo user as a member of one demo housing company. */
export interface DemoMember {
  userId: string;
  firstName: string;
  /** e.g. en_US: the language their notices are written in. */
  locale: string;
  /** The apartments they hold a role on there, by number ("B 12"); none: a company role only. */
  apartments: { id: string; no: string }[];
}

/** One demo housing company with its members by demo key (owner, tenant, manager…). */
export interface DemoCompany {
  housingCompany: DirectoryHousingCompany;
  members: Map<string, DemoMember>;
}

/** The demo as other services see it through identity's answers: companies by hcExt (DEMO-1000…). */
export type DemoDirectory = Map<string, DemoCompany>;

/**
 * Find identity's demo housing companies and their demo members over the bus, for the services'
 * own demo seeds: the directory is read page by page for the wanted hcExts, then each company's
 * members (audience: the e-mail says who is who) and their apartments (neighbours). Answers null
 * when identity has no demo. identity may still be starting (the distributed mode starts processes
 * side by side): a request without an answer is tried again for a while.
 */
export async function findDemoDirectory(
  bus: Bus,
  hcExts: readonly string[],
  retry: { attempts: number; delayMs: number } = { attempts: 30, delayMs: 2000 },
): Promise<DemoDirectory | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await readDemoDirectory(bus, hcExts);
    } catch (error) {
      if (attempt >= retry.attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, retry.delayMs));
    }
  }
}

async function readDemoDirectory(bus: Bus, hcExts: readonly string[]): Promise<DemoDirectory | null> {
  const wanted = new Set(hcExts);
  const found = new Map<string, DirectoryHousingCompany>();
  let afterId: string | null = null;
  // Pages of large companies may not fit one message: then fewer companies a page.
  let limit = DIRECTORY_PAGE_MAX;
  for (;;) {
    let answer: unknown;
    try {
      answer = await bus.request(IDENTITY_DIRECTORY_RPC, { afterId, limit }, { timeoutMs: 15_000 });
    } catch (error) {
      if (!answerMayBeTooLarge(error) || limit === 1) throw error;
      limit = Math.ceil(limit / 2);
      continue;
    }
    const page = zDirectoryResponse.parse(answer);
    for (const hc of page.housingCompanies) if (wanted.has(hc.hcExt)) found.set(hc.hcExt, hc);
    afterId = found.size === wanted.size ? null : page.nextAfterId;
    if (!afterId) break;
  }
  if (found.size !== wanted.size) return null;
  const identity = new IdentityClient(bus);
  const out: DemoDirectory = new Map();
  for (const [hcExt, hc] of found) {
    const [audience, neighbours] = await Promise.all([
      identity.members(hc.id, []),
      identity.neighbours(hc.id),
    ]);
    const numbers = new Map((neighbours?.apartments ?? []).map((a) => [a.id, a.no]));
    const apartmentsOf = new Map((neighbours?.members ?? []).map((m) => [m.userId, m.apartmentIds]));
    const members = new Map<string, DemoMember>();
    for (const m of audience) {
      if (!m.email.endsWith(DEMO_EMAIL_DOMAIN)) continue;
      const apartments = (apartmentsOf.get(m.userId) ?? [])
        .map((id) => ({ id, no: numbers.get(id) ?? '' }))
        .filter((a) => a.no);
      members.set(m.email.slice(0, -DEMO_EMAIL_DOMAIN.length), {
        userId: m.userId,
        firstName: m.firstName,
        locale: m.locale,
        apartments,
      });
    }
    out.set(hcExt, { housingCompany: hc, members });
  }
  return out;
}
