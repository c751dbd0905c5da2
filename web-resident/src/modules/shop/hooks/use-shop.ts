import { type CampaignCard, languageOfLocale } from '@porta/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shared/services';
import { useCurrentUser } from '../../startup';
import { type CampaignListOptions, createShopApi, type ShopApi, type ShopReader } from '../api/shop.api';

const NO_CAMPAIGNS: readonly CampaignCard[] = [];

/** The shop API over the app's session. */
export function useShopApi(): ShopApi {
  const { session } = useServices();
  return useMemo(() => createShopApi(session), [session]);
}

/** The interface language, which content is asked in. */
function useLanguage() {
  const { i18n } = useTranslation();
  return languageOfLocale(i18n.resolvedLanguage ?? i18n.language);
}

/** A reader of the given housing company and apartment, in the interface language. */
export function useReaderOf(housingCompanyId: string | null, apartmentId: string | null): ShopReader | null {
  const lang = useLanguage();
  return useMemo(
    () => (housingCompanyId ? { housingCompanyId, apartmentId, lang } : null),
    [housingCompanyId, apartmentId, lang],
  );
}

/** The signed-in reader: the selected housing company and, when it is one of its, the selected apartment. */
export function useShopReader(): ShopReader | null {
  const { me, housingCompany } = useCurrentUser();
  const apartmentId = housingCompany?.apts.some((a) => a.id === me.selectedApartmentId)
    ? me.selectedApartmentId
    : null;
  return useReaderOf(housingCompany?.id ?? null, apartmentId ?? null);
}

/**
 * Campaigns and advertisements the reader sees (GET /campaigns). A failed list is an empty one
 * (02 §8). A random selection is kept until the reader comes back later, not reshuffled on focus.
 */
export function useCampaigns(reader: ShopReader | null, options: CampaignListOptions = {}) {
  const api = useShopApi();
  const { random = false, limit } = options;
  const result = useQuery({
    queryKey: ['shop', 'campaigns', reader, random, limit ?? null],
    queryFn: () => api.listCampaigns(reader as ShopReader, { random, limit }),
    enabled: reader !== null,
    ...(random ? { staleTime: 5 * 60_000, refetchOnWindowFocus: false } : {}),
  });
  return {
    campaigns: result.data ?? NO_CAMPAIGNS,
    pending: reader !== null && result.isPending,
  };
}

/** Partners with campaigns the reader sees (GET /shop-partners); a failed list is an empty one. */
export function usePartners(reader: ShopReader | null) {
  const api = useShopApi();
  const result = useQuery({
    queryKey: ['shop', 'partners', reader],
    queryFn: () => api.listPartners(reader as ShopReader),
    enabled: reader !== null,
  });
  return { partners: result.data ?? [], pending: reader !== null && result.isPending };
}

/** One campaign or advertisement (GET /campaigns/:id). */
export function useCampaign(id: string | undefined, reader: ShopReader | null) {
  const api = useShopApi();
  return useQuery({
    queryKey: ['shop', 'campaign', id, reader],
    queryFn: () => api.getCampaign(id as string, reader as ShopReader),
    enabled: reader !== null && Boolean(id),
  });
}

/** A partner page (GET /shop-partners/:id). */
export function usePartner(id: string | undefined, reader: ShopReader | null) {
  const api = useShopApi();
  return useQuery({
    queryKey: ['shop', 'partner', id, reader],
    queryFn: () => api.getPartner(id as string, reader as ShopReader),
    enabled: reader !== null && Boolean(id),
  });
}
