import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../hooks/use-focus-trap';

/**
 * A confirm-before-action dialog (03 §2). Modal: focus moves to Cancel and stays inside while open;
 * Escape or Cancel close it (`onCancel`), and focus then goes back to what opened it.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  error,
  destructive = false,
}: {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
  error?: string | null;
  destructive?: boolean;
}) {
  const { t } = useTranslation('common');
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  // The trap is set up first so that it is also released first: then focus may go back outside.
  useFocusTrap(dialogRef, true, busy ? undefined : onCancel);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelRef.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children && <div id={bodyId}>{children}</div>}
        {error && (
          <p className="form__alert" role="alert">
            {error}
          </p>
        )}
        <div className="modal__actions">
          <button ref={cancelRef} type="button" className="button button--secondary" onClick={onCancel}>
            {t('actions.cancel')}
          </button>
          <button
            type="button"
            className={destructive ? 'button button--danger' : 'button button--primary'}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
