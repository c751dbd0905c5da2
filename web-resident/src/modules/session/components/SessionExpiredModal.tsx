import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../../../shared/hooks/use-focus-trap';

/**
 * Shown when the session expired while the user was signed in (01 §4, §8). It cannot be dismissed:
 * the only way on is to sign in again. Focus stays on its button.
 */
export function SessionExpiredModal({ onSignInAgain }: { onSignInAgain: () => void }) {
  const { t } = useTranslation('common');
  const dialogRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    buttonRef.current?.focus();
  }, []);
  useFocusTrap(dialogRef, true);

  return (
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      >
        <h2 id={titleId} className="modal__title">
          {t('sessionExpired.title')}
        </h2>
        <p id={descriptionId}>{t('sessionExpired.description')}</p>
        <div className="modal__actions">
          <button ref={buttonRef} type="button" className="button button--primary" onClick={onSignInAgain}>
            {t('sessionExpired.signInAgain')}
          </button>
        </div>
      </div>
    </div>
  );
}
