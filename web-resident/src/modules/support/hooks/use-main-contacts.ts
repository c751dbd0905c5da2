import { type Language, MAIN_CONTACTS_MAX } from '@porta/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FooterContact } from '../../layout/components/Footer';
import { useSupportApi } from './use-support';

const NONE: readonly FooterContact[] = [];

/**
 * The footer's main contacts of a housing company (01 §2, §9: at most 4): GET /contacts/main.
 * Without a housing company, or when the request fails, there are none.
 */
export function useMainContacts(housingCompanyId: string | null, lang: Language): readonly FooterContact[] {
  const api = useSupportApi();
  const { data } = useQuery({
    queryKey: ['support', 'main-contacts', housingCompanyId, lang],
    queryFn: () => api.getMainContacts({ housingCompanyId: housingCompanyId ?? '', lang }),
    enabled: housingCompanyId !== null,
    staleTime: 5 * 60_000,
  });
  return useMemo(
    () =>
      data
        ? data.slice(0, MAIN_CONTACTS_MAX).map((contact, index) => ({
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
}
