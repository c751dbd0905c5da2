import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteMeta } from './route-meta';

/** Layout names a route may ask for (01 §2). */
export type PageLayout =
  | 'default'
  | 'subpage'
  | 'two-columns'
  | 'fullwidth'
  | 'fullwidthnarrow'
  | 'admin-default'
  | 'admin-frontpage';

export interface PageMeta {
  /** The page itself: the sub section, or the main section on a section's front page. */
  title: string;
  /** The main section the page belongs to; by default the name of the route's section. */
  section?: string;
}

/** 'sub section - main section - site name' (01 §2), skipping empty and repeated parts. */
export function formatDocumentTitle(meta: Pick<PageMeta, 'title' | 'section'>, siteName: string): string {
  const parts = [meta.title, meta.section, siteName].map((p) => p?.trim()).filter((p): p is string => !!p);
  return parts.filter((part, i) => parts.indexOf(part) === i).join(' - ');
}

interface PageMetaState {
  meta: PageMeta | null;
  setMeta(meta: PageMeta | null): void;
}

const PageMetaContext = createContext<PageMetaState | null>(null);

export function PageMetaProvider({ children }: { children: ReactNode }) {
  const [meta, setMeta] = useState<PageMeta | null>(null);
  const value = useMemo(() => ({ meta, setMeta }), [meta]);
  return <PageMetaContext.Provider value={value}>{children}</PageMetaContext.Provider>;
}

/** What the current page declared (the header shows its name). */
export function useCurrentPageMeta(): PageMeta | null {
  return useContext(PageMetaContext)?.meta ?? null;
}

/** The name of the current route's section, if it has one. */
export function useSectionName(): string | undefined {
  const { t } = useTranslation('resident');
  const { section } = useRouteMeta();
  return section ? t(`sections.${section}`) : undefined;
}

/**
 * Declare the page's title (and, when it differs from the route's, its section): sets
 * document.title to 'sub section - main section - site name' and tells the layout frame.
 */
export function usePageMeta({ title, section }: PageMeta): void {
  const { t } = useTranslation('common');
  const siteName = t('siteName');
  const routeSection = useSectionName();
  const mainSection = section ?? routeSection;
  const setMeta = useContext(PageMetaContext)?.setMeta;

  useEffect(() => {
    document.title = formatDocumentTitle({ title, section: mainSection }, siteName);
  }, [title, mainSection, siteName]);

  useEffect(() => {
    if (!setMeta) return;
    setMeta({ title, ...(mainSection ? { section: mainSection } : {}) });
    return () => setMeta(null);
  }, [setMeta, title, mainSection]);
}
