import type { ReactNode } from 'react';

export type AlertTone = 'info' | 'error' | 'success';

/**
 * A message box (03 §2 alert box). Errors are announced at once (role alert), other messages
 * politely (role status).
 */
export function Alert({ tone = 'info', children }: { tone?: AlertTone; children: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
