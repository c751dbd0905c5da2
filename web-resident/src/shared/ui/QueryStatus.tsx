import { useTranslation } from 'react-i18next';
import { Loader } from './Loader';

/**
 * The loading and failure states of content fetched for a page (01 §8): a loader, or 'Content
 * could not be loaded. Please refresh.' with a button that tries again.
 */
export function QueryStatus({
  pending,
  error,
  onRetry,
  message,
}: {
  pending: boolean;
  error: unknown;
  onRetry?: () => void;
  /** A more specific failure text; the generic content text otherwise. */
  message?: string;
}) {
  const { t } = useTranslation('common');
  if (error) {
    return (
      <div className="alert alert--error" role="alert">
        <p>{message ?? t('errors.contentCouldNotBeLoaded')}</p>
        {onRetry && (
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('actions.tryAgain')}
          </button>
        )}
      </div>
    );
  }
  if (pending) return <Loader />;
  return null;
}
