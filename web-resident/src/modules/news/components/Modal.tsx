import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { useFocusTrap } from '../../../shared/hooks/use-focus-trap';

/**
 * A modal dialog: focus moves in (to `initialFocus`, else the dialog itself) and stays inside while
 * open; Escape calls `onClose`; focus goes back to what opened it afterwards when that still exists.
 */
export function Modal({
  title,
  children,
  onClose,
  initialFocus,
  className,
  describedBy,
}: {
  title: ReactNode;
  children: ReactNode;
  onClose(): void;
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  describedBy?: string;
}) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useFocusTrap(dialogRef, true, onClose);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves in once, when the dialog opens
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? dialogRef.current)?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className={className ? `modal ${className}` : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
