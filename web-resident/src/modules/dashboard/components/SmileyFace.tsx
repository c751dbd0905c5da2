/** The mouth of each rating, from a frown (1) to a wide smile (5), as an SVG path in a 24×24 box. */
const MOUTHS = {
  1: 'M7.5 16.5 Q12 12 16.5 16.5',
  2: 'M8 16 Q12 14 16 16',
  3: 'M8 15.5 L16 15.5',
  4: 'M8 14.5 Q12 17 16 14.5',
  5: 'M7 13.5 Q12 19.5 17 13.5',
} as const;

export type SmileyRating = keyof typeof MOUTHS;

/**
 * A smiley for a feedback rating, drawn rather than an emoji so that it looks the same on every
 * system; it takes the text colour. Decorative: the button around it carries the name.
 */
export function SmileyFace({ rating }: { rating: SmileyRating }) {
  return (
    <svg
      className="smiley"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
    >
      <circle cx="12" cy="12" r="10" />
      <circle cx="8.5" cy="9.5" r="1.1" fill="currentColor" stroke="none" />
      <circle cx="15.5" cy="9.5" r="1.1" fill="currentColor" stroke="none" />
      <path d={MOUTHS[rating]} />
    </svg>
  );
}
