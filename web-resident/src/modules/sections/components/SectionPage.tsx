import type { FeatureId } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { type SectionKey, usePageMeta, useSectionName } from '../../layout';
import { useCurrentUser } from '../../startup';

export interface SectionLink {
  to: string;
  label: SectionKey;
  /** Shown when one of these features is on (always without). */
  features?: readonly FeatureId[];
}

/**
 * The page of a section (or a sub section) whose content arrives with its feature area: its heading,
 * its title in the page title and the links to its sub sections that are on.
 */
export function SectionPage({ title, links = [] }: { title?: SectionKey; links?: readonly SectionLink[] }) {
  const { t } = useTranslation();
  const section = useSectionName();
  const heading = title ? t(`sections.${title}`) : (section ?? '');
  usePageMeta({ title: heading });
  return (
    <section className="page" aria-labelledby="section-title">
      <h1 id="section-title">{heading}</h1>
      <SectionLinks links={links} labelledBy="section-title" />
    </section>
  );
}

/** Links to the sub sections whose features are on (nothing when none is). */
export function SectionLinks({
  links,
  labelledBy,
  label,
  className,
}: {
  links: readonly SectionLink[];
  labelledBy?: string;
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const { features } = useCurrentUser();
  const shown = links.filter(
    (link) => !link.features || link.features.some((f) => Object.hasOwn(features, f)),
  );
  if (shown.length === 0) return null;
  return (
    <nav className={className} aria-labelledby={labelledBy} aria-label={label}>
      <ul className="section-links">
        {shown.map((link) => (
          <li key={link.to}>
            <NavLink className="section-links__link" to={link.to}>
              {t(`sections.${link.label}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
