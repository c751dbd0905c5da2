import type { ReactNode } from 'react';
import { useSectionName } from '../hooks/page-meta';
import { useRouteMeta } from '../hooks/route-meta';

/** Above this width the wide layout and the desktop hero apply (01 §2). */
export const WIDE_LAYOUT_MEDIA = '(min-width: 993px)';

/**
 * The frame of one page inside the layout (01 §2): the route's hero image (one for narrow screens,
 * one for the wide layout) and its section title, then the page. The hero is decorative; the title
 * fades in after 500 ms (01 §9).
 */
export function PageFrame({ children }: { children: ReactNode }) {
  const { hero, sectionTitle } = useRouteMeta();
  const section = useSectionName();
  const title = sectionTitle && section ? section : null;

  if (!hero && !title) return children;
  return (
    <>
      <div className={hero ? 'page-hero page-hero--image' : 'page-hero'}>
        {hero && (
          <picture className="page-hero__picture">
            <source media={WIDE_LAYOUT_MEDIA} srcSet={hero.desktop} />
            <img className="page-hero__image" src={hero.mobile} alt="" />
          </picture>
        )}
        {title && <p className="page-hero__title">{title}</p>}
      </div>
      {children}
    </>
  );
}
