import { formatFileSize } from '@porta/web-kit';
import { FileTextIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loader } from '../../../shared/ui/Loader';
import { useFormatters } from '../../../shared/utils/format';
import { useLatestDocuments } from '../hooks/queries';
import { DOCUMENTS_PATH, documentFolderPath } from '../utils/paths';

/**
 * The dashboard's latest documents (02 §9: two; feature documents or documentsv2): the newest files
 * of the housing company and the selected apartment the user may read, each leading to its folder,
 * and a link to the library. A failed read shows as an empty box (02 §8).
 */
export function LatestDocumentsBox({ apartmentId }: { apartmentId: string | null }) {
  const { t } = useTranslation('documents');
  const { date } = useFormatters();
  const titleId = useId();
  const latest = useLatestDocuments(apartmentId);
  const items = latest.data ?? [];
  return (
    <section className="card dashboard-box latest-documents" aria-labelledby={titleId}>
      <div className="dashboard-box__header">
        <h2 id={titleId} className="card__title">
          {t('dashboard.title')}
        </h2>
      </div>
      {latest.isPending ? (
        <Loader />
      ) : items.length === 0 ? (
        <p className="empty-state">{t('dashboard.empty')}</p>
      ) : (
        <ul className="latest-documents__list">
          {items.map((document) => (
            <li key={document.id} className="latest-documents__item">
              <FileTextIcon
                className="latest-documents__icon"
                size={22}
                aria-hidden="true"
                focusable="false"
              />
              <span className="latest-documents__text">
                <Link className="latest-documents__name" to={documentFolderPath(document)}>
                  {document.name}
                </Link>
                <span className="latest-documents__meta muted">
                  <span>{document.path}</span>
                  <time dateTime={document.created}>{date(document.created)}</time>
                  <span>{formatFileSize(document.size)}</span>
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="dashboard-box__footer">
        <Link to={DOCUMENTS_PATH}>{t('dashboard.all')}</Link>
      </p>
    </section>
  );
}
