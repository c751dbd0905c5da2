/** The Porta mark: a door in a rounded square. Decorative; links name themselves. */
export function Logo() {
  return (
    <svg
      className="logo__mark"
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <path d="M10 25V7h12v18" fill="none" stroke="var(--color-surface)" strokeWidth="2.4" />
      <circle cx="18.5" cy="16.5" r="1.5" fill="var(--color-surface)" />
    </svg>
  );
}
