import type {
  ContactBook,
  FaqEntry,
  FaqList,
  Language,
  MainContact,
  zContactBook,
  zFaqEntry,
  zFaqList,
  zMainContactList,
} from '@porta/contracts';
import type { SessionClient } from '@porta/web-kit';
import { answer } from '@porta/web-kit';

/** Which housing company the reader looks at, and the language to read in. */
export interface SupportQuery {
  housingCompanyId: string;
  lang: Language;
}

/** The contact book, main contacts and FAQ of the content service; answers checked against their contracts. */
export interface SupportApi {
  /** GET /contacts: the cards grouped by contact taxonomy group. */
  getContactBook(query: SupportQuery): Promise<ContactBook>;
  /** GET /contacts/main: the footer's main contacts (at most 4). */
  getMainContacts(query: SupportQuery): Promise<MainContact[]>;
  /** GET /faq: entries grouped by faqtaxonomy. */
  getFaq(query: SupportQuery): Promise<FaqList>;
  /** GET /faq/:id (id or codename); 404 when the reader does not see it. */
  getFaqEntry(id: string, query: SupportQuery): Promise<FaqEntry>;
}

const BASE = '/api/content';

function queryString({ housingCompanyId, lang }: SupportQuery): string {
  return new URLSearchParams({ housingCompanyId, lang }).toString();
}

export function createSupportApi(session: SessionClient): SupportApi {
  return {
    async getContactBook(query) {
      return answer<typeof zContactBook>(
        await session.request('GET', `${BASE}/contacts?${queryString(query)}`),
      );
    },
    async getMainContacts(query) {
      return answer<typeof zMainContactList>(
        await session.request('GET', `${BASE}/contacts/main?${queryString(query)}`),
      );
    },
    async getFaq(query) {
      return answer<typeof zFaqList>(await session.request('GET', `${BASE}/faq?${queryString(query)}`));
    },
    async getFaqEntry(id, query) {
      return answer<typeof zFaqEntry>(
        await session.request('GET', `${BASE}/faq/${encodeURIComponent(id)}?${queryString(query)}`),
      );
    },
  };
}
