import type { AssetRef } from '@porta/contracts';
import { ApiError, formatFileSize } from '@porta/web-kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../shared/ui/Loader';
import { saveBlob } from '../../../shared/utils/download';
import { useNewsApi } from '../hooks/use-news-api';

/** A detail that could not be shown: not visible to the reader (404), or any other failure (02 §8). */
export function ContentFailure({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('news');
  const { t: tc } = useTranslation('common');
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <div className="alert alert--error" role="alert">
      <p>{notFound ? t('detail.notFound') : tc('errors.contentCouldNotBeLoaded')}</p>
      {!notFound && onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {tc('actions.tryAgain')}
        </button>
      )}
    </div>
  );
}

/** The state of a detail query: a loader, the failure, or nothing (the content is there). */
export function DetailStatus({
  pending,
  error,
  onRetry,
}: {
  pending: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  if (error) return <ContentFailure error={error} onRetry={onRetry} />;
  if (pending) return <Loader />;
  return null;
}

/** The images of an item: the first large, the others below it. Alternative texts are not stored. */
export function ContentImages({ images }: { images: readonly AssetRef[] }) {
  if (images.length === 0) return null;
  const [first, ...rest] = images;
  return (
    <div className="content-images">
      {first && (
        <img
          className="content-images__main"
          src={first.url}
          alt=""
          width={first.width ?? undefined}
          height={first.height ?? undefined}
        />
      )}
      {rest.length > 0 && (
        <ul className="content-images__more">
          {rest.map((image) => (
            <li key={image.id}>
              <img src={image.url} alt="" loading="lazy" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Attachments: each a button that fetches the file with the session's token (attachments are for
 * signed-in users only) and saves it under its name.
 */
export function Attachments({ attachments }: { attachments: readonly AssetRef[] }) {
  const { t } = useTranslation('news');
  const api = useNewsApi();
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  if (attachments.length === 0) return null;

  const download = async (attachment: AssetRef) => {
    setBusy(attachment.id);
    setFailed(null);
    try {
      saveBlob(await api.downloadAsset(attachment.url), attachment.fileName);
    } catch (error) {
      console.warn('Attachment download failed', error);
      setFailed(attachment.id);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="attachments" aria-labelledby="attachments-title">
      <h2 id="attachments-title" className="attachments__title">
        {t('detail.attachments')}
      </h2>
      <ul className="attachments__list">
        {attachments.map((attachment) => (
          <li key={attachment.id}>
            <button
              type="button"
              className="link-button attachments__file"
              onClick={() => void download(attachment)}
              disabled={busy === attachment.id}
              aria-busy={busy === attachment.id || undefined}
            >
              {t('detail.download', { fileName: attachment.fileName })}
            </button>{' '}
            <span className="muted">({formatFileSize(attachment.size)})</span>
            {failed === attachment.id && (
              <p className="form__alert" role="alert">
                {t('detail.downloadFailed')}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
