import { isUuid } from '@porta/web-kit';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLeaveApp } from '../../../shared/services';
import { Loader } from '../../../shared/ui/Loader';
import { useFormatters } from '../../../shared/utils/format';
import { usePageMeta } from '../../layout';
import { useDocumentDownloadLink } from '../hooks/queries';
import { useDocumentErrorText } from '../hooks/use-error-text';
import { DOCUMENTS_PATH, documentFolderPath } from '../utils/paths';

/**
 * /documents/download/:id (02 §2; the address notification e-mails give): asks a download link for
 * the one file and opens it, so the browser saves the file. The page says the download starts and
 * keeps the link at hand in case it does not; a file that is not there or not the user's to read
 * shows the service's reason.
 */
export function DocumentDownloadPage() {
  const { t } = useTranslation('documents');
  const { id = '' } = useParams();
  const valid = isUuid(id);
  const query = useDocumentDownloadLink(id, valid);
  const leave = useLeaveApp();
  const errorText = useDocumentErrorText();
  const { dateTime } = useFormatters();
  const titleId = useId();
  usePageMeta({ title: t('download.title') });

  // The link is opened once, when it comes.
  const opened = useRef<string | null>(null);
  const url = query.data?.link.url ?? null;
  useEffect(() => {
    if (!url || opened.current === url) return;
    opened.current = url;
    leave(url);
  }, [url, leave]);

  const failed = !valid || query.isError;
  return (
    <section className="page document-download" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('download.title')}</h1>
      <div className="card document-download__card">
        {failed ? (
          <div className="alert alert--error" role="alert">
            <p>{valid ? errorText(query.error) : t('errors.DOC_NOT_FOUND')}</p>
          </div>
        ) : !query.data ? (
          <Loader label={t('download.preparing')} />
        ) : (
          <>
            <p className="document-download__starting" role="status">
              {t('download.startingNamed', { name: query.data.document.name })}
            </p>
            <p className="document-download__fallback">
              {t('download.fallback')}{' '}
              <a
                className="document-download__link"
                href={query.data.link.url}
                download={query.data.link.fileName}
              >
                {t('download.link', { name: query.data.link.fileName })}
              </a>
            </p>
            <p className="muted">{t('download.expires', { time: dateTime(query.data.link.expiresAt) })}</p>
          </>
        )}
        <p className="document-download__back">
          {query.data ? (
            <Link to={documentFolderPath(query.data.document)}>{t('download.toFolder')}</Link>
          ) : (
            <Link to={DOCUMENTS_PATH}>{t('download.toDocuments')}</Link>
          )}
        </p>
      </div>
    </section>
  );
}
