import { TOAST_MS } from '@porta/contracts';
import { XIcon } from 'lucide-react';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';

export type ToastTone = 'success' | 'error' | 'info';

interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

export interface Toasts {
  /** Show a short message for TOAST_MS (5 s, 01 §9); it can be closed sooner. */
  show(message: string, tone?: ToastTone): void;
}

const ToastContext = createContext<Toasts | null>(null);

/**
 * Short notices that come and go (01 §4: 'Comment added', a failed send). They are read out
 * politely from one live region that is always in the page (a region added together with its
 * message is not announced). The region is a plain polite live region rather than role="status",
 * so that it does not compete with the page's own statuses (loaders). Each notice closes by itself
 * after 5 seconds, or by its close button.
 */
export function ToastProvider({ children, duration = TOAST_MS }: { children: ReactNode; duration?: number }) {
  const { t } = useTranslation('common');
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (message: string, tone: ToastTone = 'info') => {
      nextId.current += 1;
      const id = nextId.current;
      setToasts((list) => [...list, { id, message, tone }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), duration),
      );
    },
    [dismiss, duration],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const value = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.tone}`}>
            <p className="toast__message">{toast.message}</p>
            <button
              type="button"
              className="toast__close"
              aria-label={t('actions.close')}
              onClick={() => dismiss(toast.id)}
            >
              <XIcon aria-hidden="true" focusable="false" size={18} />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** The app's toasts (inside `ToastProvider`, which `App` sets up). */
export function useToast(): Toasts {
  const toasts = useContext(ToastContext);
  if (!toasts) throw new Error('useToast must be used inside <ToastProvider>');
  return toasts;
}
