import { BellIcon as LucideBell } from 'lucide-react';

/** A bell (Lucide, like every icon of the app), drawn for the notifications button; decorative. */
export function BellIcon() {
  return <LucideBell className="notification-bell__icon" aria-hidden="true" focusable="false" size={24} />;
}
