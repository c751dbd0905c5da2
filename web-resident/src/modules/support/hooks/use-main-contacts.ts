import { type Language, MAIN_CONTACTS_MAX } from '@porta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FooterContact } from '../../layout/components/Footer';
import type { SupportApi } from '../api/support.api';
import { uniqueMainContacts } from '../utils/main-contacts';
import { useSupportApi } from './use-support';

const NONE: readonly FooterContact[] = [];

/**
 * The footer's main contacts of a housing company (01 §2, §9: at most 4): GET /contacts/main.
 * Each person shows once (uniqueMainContacts). Without a housing company, or when the request
 * fails, there are none.
 */
export function useMainContacts(housingCompanyId: string | null, lang: Language): readonly FooterContact[] {
  return useMainContactsState(housingCompanyId, lang).contacts;
}

/** The main contacts' query, shared by its hook and the dashboard's prefetch. */
export function mainContactsQuery(api: SupportApi, housingCompanyId: string | null, lang: Language) {
  return queryOptions({
    queryKey: ['support', 'main-contacts', housingCompanyId, lang],
    queryFn: () => api.getMainContacts({ housingCompanyId: housingCompanyId ?? '', lang }),
    enabled: housingCompanyId !== null,
    staleTime: 5 * 60_000,
  });
}

/** The main contacts, and whether they are still on their way (for a placeholder of their size). */
export function useMainContactsState(
  housingCompanyId: string | null,
  lang: Language,
): { contacts: readonly FooterContact[]; pending: boolean } {
  const api = useSupportApi();
  const { data, isPending } = useQuery(mainContactsQuery(api, housingCompanyId, lang));
  const contacts = useMemo(
    () =>
      data
        ? uniqueMainContacts(data)
            .slice(0, MAIN_CONTACTS_MAX)
            .map((contact, index) => ({
              id: contact.id ?? `${contact.source}-${index}`,
              name: contact.name,
              title: contact.title,
              email: contact.email,
              openingHours: contact.openingHours,
              phone: contact.phoneNumber,
            }))
        : NONE,
    [data],
  );
  return { contacts, pending: housingCompanyId !== null && isPending };
}
