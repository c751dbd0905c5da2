import { type Language, MAIN_CONTACTS_MAX } from '@porta/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FooterContact } from '../../layout/components/Footer';
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

/** The main contacts, and whether they are still on their way (for a placeholder of their size). */
export function useMainContactsState(
  housingCompanyId: string | null,
  lang: Language,
): { contacts: readonly FooterContact[]; pending: boolean } {
  const api = useSupportApi();
  const { data, isPending } = useQuery({
    queryKey: ['support', 'main-contacts', housingCompanyId, lang],
    queryFn: () => api.getMainContacts({ housingCompanyId: housingCompanyId ?? '', lang }),
    enabled: housingCompanyId !== null,
    staleTime: 5 * 60_000,
  });
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
