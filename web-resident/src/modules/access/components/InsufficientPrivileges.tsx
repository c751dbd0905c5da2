import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { usePageMeta } from '../../layout';
import type { PolicyOutcome } from '../utils/policies';

/** A padlock, drawn for the insufficient-privileges view; decorative. */
function LockIcon() {
  return (
    <svg
      className="privileges__icon"
      viewBox="0 0 48 48"
      width="48"
      height="48"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="9" y="21" width="30" height="22" rx="4" fill="currentColor" />
      <path d="M15 21v-6a9 9 0 0 1 18 0v6" fill="none" stroke="currentColor" strokeWidth="4" />
      <circle cx="24" cy="31" r="3" fill="var(--color-surface)" />
      <path d="M24 33v4" stroke="var(--color-surface)" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Shown in place of a page the user may not see (01 §6): a lock icon, why, and a way back (the
 * previous page, or home when the page was opened directly).
 */
export function InsufficientPrivileges({ reason }: { reason: Exclude<PolicyOutcome, 'allowed'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  usePageMeta({ title: t('privileges.title') });
  const openedDirectly = location.key === 'default';

  return (
    <section className="page page--narrow privileges" aria-labelledby="privileges-title">
      <LockIcon />
      <h1 id="privileges-title">{t('privileges.title')}</h1>
      <p>{reason === 'featureOff' ? t('privileges.featureOff') : t('privileges.roleMissing')}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => (openedDirectly ? navigate('/') : navigate(-1))}
      >
        {t('privileges.back')}
      </button>
    </section>
  );
}
