import {
  type Area,
  AUDIENCE_PAGE_MAX,
  type AudienceMember,
  type AudienceResponse,
  type BanInForce,
  DIRECTORY_PAGE_MAX,
  type DirectoryHousingCompany,
  IDENTITY_AREAS_RPC,
  IDENTITY_AUDIENCE_RPC,
  IDENTITY_BANS_RPC,
  IDENTITY_DIRECTORY_RPC,
  IDENTITY_NEIGHBOURS_RPC,
  type NeighboursResponse,
  type Role,
  zAreasResponse,
  zAudienceResponse,
  zBanCheckResponse,
  zDirectoryResponse,
  zNeighboursResponse,
} from '@porta/contracts';
import type { Bus } from '../bus/types.js';
import { AppError } from '../errors.js';

interface CachedBans {
  at: number;
  bans: Promise<BanInForce[]>;
}

/**
 * What services ask identity over request/reply, never reading its tables:
 * - the bans in force for a user in a housing company (`rpc.identity.bans.get.v1`), kept for at
 *   most BAN_CACHE_SECONDS (a few seconds) and forgotten at once when identity announces a ban;
 * - a housing company with its apartments' numbers (`rpc.identity.directory.get.v1` by id), for the
 *   apartment tag of an author and the hcExt of a report;
 * - a user's first name (`rpc.identity.audience.get.v1` for named users), the members of a housing
 *   company in some roles, and the users of partner companies (service requests' recipients);
 * - a housing company's apartments and its members with a public profile
 *   (`rpc.identity.neighbours.get.v1`), for the neighbour list and private messages;
 * - the areas of housing companies and the companies of an area (`rpc.identity.areas.get.v1`), for
 *   area discussions.
 * When identity does not answer, the request is refused with 503 (a ban cannot be ruled out).
 */
export class IdentityClient {
  private readonly bans = new Map<string, CachedBans>();
  private readonly cacheMs: number;
  private readonly now: () => number;

  constructor(
    private readonly bus: Bus,
    options: { banCacheSeconds?: number; now?: () => number } = {},
  ) {
    this.cacheMs = (options.banCacheSeconds ?? 0) * 1000;
    this.now = options.now ?? Date.now;
  }

  /** The bans in force now that apply to the user in the housing company (global ones included). */
  bansInForce(userId: string, housingCompanyId: string): Promise<BanInForce[]> {
    const key = `${userId}:${housingCompanyId}`;
    const at = this.now();
    const cached = this.bans.get(key);
    if (cached && at - cached.at < this.cacheMs) return cached.bans;
    const bans = this.ask(IDENTITY_BANS_RPC, { userId, housingCompanyId }).then(
      (answer) => zBanCheckResponse.parse(answer).bans,
    );
    if (this.cacheMs > 0) {
      this.bans.set(key, { at, bans });
      // A failed question is not kept.
      bans.catch(() => {
        if (this.bans.get(key)?.bans === bans) this.bans.delete(key);
      });
    }
    return bans;
  }

  /** Forget kept ban answers (identity announced a ban or its lifting). */
  forgetBans(): void {
    this.bans.clear();
  }

  /** The housing company with its apartments, or null when there is none. */
  async housingCompany(housingCompanyId: string): Promise<DirectoryHousingCompany | null> {
    const answer = zDirectoryResponse.parse(
      await this.ask(IDENTITY_DIRECTORY_RPC, { ids: [housingCompanyId] }),
    );
    return answer.housingCompanies.find((hc) => hc.id === housingCompanyId) ?? null;
  }

  /** The user's first name, or null when identity does not know them as a registered, enabled user. */
  async firstName(userId: string): Promise<string | null> {
    const answer: AudienceResponse = zAudienceResponse.parse(
      await this.ask(IDENTITY_AUDIENCE_RPC, { userIds: [userId] }),
    );
    return answer.members.find((m) => m.userId === userId)?.firstName ?? null;
  }

  /**
   * The enabled, registered members of the housing company with a role in force in it (of the
   * roles given; none: any), every page of them; onlyUserIds narrows to those users.
   */
  async members(
    housingCompanyId: string,
    roles: readonly Role[],
    onlyUserIds?: readonly string[],
  ): Promise<AudienceMember[]> {
    const out: AudienceMember[] = [];
    let afterUserId: string | null = null;
    do {
      const answer: AudienceResponse = zAudienceResponse.parse(
        await this.ask(IDENTITY_AUDIENCE_RPC, {
          housingCompanyIds: [housingCompanyId],
          roles: [...roles],
          afterUserId,
          limit: AUDIENCE_PAGE_MAX,
          ...(onlyUserIds?.length ? { onlyUserIds: [...onlyUserIds] } : {}),
        }),
      );
      out.push(...answer.members);
      afterUserId = answer.nextAfterUserId;
    } while (afterUserId);
    return out;
  }

  /** The enabled, registered users of the partner companies; onlyUserIds narrows to those users. */
  async partnerUsers(
    partnerCompanyIds: readonly string[],
    onlyUserIds?: readonly string[],
  ): Promise<AudienceMember[]> {
    if (partnerCompanyIds.length === 0) return [];
    const answer = zAudienceResponse.parse(
      await this.ask(IDENTITY_AUDIENCE_RPC, {
        partnerCompanyIds: [...partnerCompanyIds],
        ...(onlyUserIds?.length ? { onlyUserIds: [...onlyUserIds] } : {}),
      }),
    );
    return answer.members;
  }

  /** The housing company's apartments and its members with a public profile, or null when there is none. */
  async neighbours(housingCompanyId: string): Promise<NeighboursResponse | null> {
    const answer = zNeighboursResponse.parse(await this.ask(IDENTITY_NEIGHBOURS_RPC, { housingCompanyId }));
    return answer.found ? answer : null;
  }

  /** The areas of the housing companies that exist, by company id. */
  async areas(housingCompanyIds: readonly string[]): Promise<Map<string, Area>> {
    const out = new Map<string, Area>();
    for (let at = 0; at < housingCompanyIds.length; at += DIRECTORY_PAGE_MAX) {
      const ids = housingCompanyIds.slice(at, at + DIRECTORY_PAGE_MAX);
      const answer = zAreasResponse.parse(await this.ask(IDENTITY_AREAS_RPC, { housingCompanyIds: ids }));
      for (const hc of answer.housingCompanies) out.set(hc.id, hc.area);
    }
    return out;
  }

  /** The housing companies of an area. */
  async housingCompaniesOf(areaId: string): Promise<string[]> {
    const answer = zAreasResponse.parse(await this.ask(IDENTITY_AREAS_RPC, { areaId }));
    return answer.housingCompanies.map((hc) => hc.id);
  }

  private async ask(subject: string, data: unknown): Promise<unknown> {
    try {
      return await this.bus.request(subject, data);
    } catch (cause) {
      throw new AppError('TEMPORARILY_UNAVAILABLE', { cause });
    }
  }
}
