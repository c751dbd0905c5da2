import type { FeatureId } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
  const { features } = useCurrentUser();
  const shown = links.filter(
    (link) => !link.features || link.features.some((f) => Object.hasOwn(features, f)),
  );

  return (
    <section className="page" aria-labelledby="section-title">
      <h1 id="section-title">{heading}</h1>
      {shown.length > 0 && (
        <nav aria-labelledby="section-title">
          <ul className="section-links">
            {shown.map((link) => (
              <li key={link.to}>
                <Link className="section-links__link" to={link.to}>
                  {t(`sections.${link.label}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
