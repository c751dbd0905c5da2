import type {
  CampaignCard,
  CampaignDetail,
  Language,
  ShopPartnerList,
  ShopPartnerPage,
  zCampaignDetail,
  zCampaignList,
  zShopPartnerList,
  zShopPartnerPage,
} from '@porta/contracts';
import type { SessionClient } from '@porta/web-kit';
import { answer } from '@porta/web-kit';

/** The reader: housing company, apartment (its size and rooms apply) and language. */
export interface ShopReader {
  housingCompanyId: string;
  apartmentId: string | null;
  lang: Language;
}

export interface CampaignListOptions {
  /** A random selection (at most 20) instead of the ordered list. */
  random?: boolean;
  limit?: number;
}

/** The service shop of the content service; every answer is checked against its contract. */
export interface ShopApi {
  /** GET /campaigns: sticky first, then newest start (or a random selection). */
  listCampaigns(reader: ShopReader, options?: CampaignListOptions): Promise<CampaignCard[]>;
  /** GET /campaigns/:id (id or codename); 404 when the reader does not see it. */
  getCampaign(idOrCodename: string, reader: ShopReader): Promise<CampaignDetail>;
  /** GET /shop-partners: partners with campaigns the reader sees, by name. */
  listPartners(reader: ShopReader): Promise<ShopPartnerList>;
  /** GET /shop-partners/:id (id or external id); 404 for an unknown partner. */
  getPartner(idOrExternalId: string, reader: ShopReader): Promise<ShopPartnerPage>;
}

const BASE = '/api/content';

function readerQuery({ housingCompanyId, apartmentId, lang }: ShopReader): URLSearchParams {
  const query = new URLSearchParams({ housingCompanyId, lang });
  if (apartmentId) query.set('apartmentId', apartmentId);
  return query;
}

export function createShopApi(session: SessionClient): ShopApi {
  return {
    async listCampaigns(reader, { random, limit } = {}) {
      const query = readerQuery(reader);
      if (random) query.set('random', 'true');
      if (limit !== undefined) query.set('limit', String(limit));
      return answer<typeof zCampaignList>(await session.request('GET', `${BASE}/campaigns?${query}`));
    },
    async getCampaign(idOrCodename, reader) {
      return answer<typeof zCampaignDetail>(
        await session.request(
          'GET',
          `${BASE}/campaigns/${encodeURIComponent(idOrCodename)}?${readerQuery(reader)}`,
        ),
      );
    },
    async listPartners(reader) {
      return answer<typeof zShopPartnerList>(
        await session.request('GET', `${BASE}/shop-partners?${readerQuery(reader)}`),
      );
    },
    async getPartner(idOrExternalId, reader) {
      return answer<typeof zShopPartnerPage>(
        await session.request(
          'GET',
          `${BASE}/shop-partners/${encodeURIComponent(idOrExternalId)}?${readerQuery(reader)}`,
        ),
      );
    },
  };
}
