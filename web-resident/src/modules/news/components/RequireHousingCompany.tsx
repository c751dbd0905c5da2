import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageMeta, useSectionName } from '../../layout';
import { useCurrentUser } from '../../startup';

function NoHousingCompany() {
  const { t } = useTranslation('common');
  const section = useSectionName() ?? '';
  usePageMeta({ title: section });
  return (
    <div className="page">
      <h1>{section}</h1>
      <p className="alert alert--error" role="alert">
        {t('errors.housingCompanyMissing')}
      </p>
    </div>
  );
}

/** Content is read per housing company: without one the page says so (01 §8). */
export function RequireHousingCompany({ children }: { children: ReactNode }) {
  const { housingCompany } = useCurrentUser();
  return housingCompany ? children : <NoHousingCompany />;
}
