import { type LucideIcon, NewspaperIcon, StoreIcon, TagIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';

/** What an image slot belongs to: chooses the fallback's icon and tint. */
export type ImageKind = 'news' | 'campaign' | 'partner';

const ICONS: Record<ImageKind, LucideIcon> = {
  news: NewspaperIcon,
  campaign: TagIcon,
  partner: StoreIcon,
};

/** The first letter or digit of a name, upper-cased ('' when it has none). */
export function initialOf(name: string | null | undefined): string {
  const first = name?.match(/[\p{L}\p{N}]/u)?.[0];
  return first ? first.toLocaleUpperCase() : '';
}

/**
 * What an image slot shows when its item has no picture (or the picture does not load): a panel
 * tinted for the kind of item, with the kind's icon and the item's initial. Decoration only
 * (aria-hidden): the card's title says what the item is. `wide` fills a 16:9 media slot; `square`
 * stands in for a logo, sized by the caller's class.
 */
export function ImageFallback({
  kind,
  name,
  shape = 'wide',
  className,
}: {
  kind: ImageKind;
  name?: string | null | undefined;
  shape?: 'wide' | 'square';
  className?: string | undefined;
}) {
  const Icon = ICONS[kind];
  const initial = initialOf(name);
  const classes = ['image-fallback', `image-fallback--${kind}`, `image-fallback--${shape}`, className];
  return (
    <div className={classes.filter(Boolean).join(' ')} aria-hidden="true" data-image-fallback={kind}>
      {(shape === 'wide' || !initial) && (
        <Icon className="image-fallback__icon" aria-hidden="true" focusable="false" />
      )}
      {initial && <span className="image-fallback__initial">{initial}</span>}
    </div>
  );
}

/** What stands in for a missing picture: the kind's designed fallback, or the caller's own. */
type CardImageFallback =
  | { kind: ImageKind; fallback?: undefined }
  | {
      kind?: undefined;
      /** The caller's own designed fallback (decorative, hidden from screen readers), same size as the slot. */
      fallback: ReactNode;
    };

/**
 * An item's picture in a card, or the designed fallback when it has none or it fails to load.
 * The slot keeps its size either way (the caller's class gives the aspect ratio, width and height
 * give the browser the ratio before the file arrives), so nothing below it moves.
 */
export function CardImage({
  src,
  alt = '',
  width,
  height,
  kind,
  fallback,
  name,
  shape = 'wide',
  className,
  loading = 'lazy',
}: {
  src: string | null | undefined;
  /** Empty when the picture is decoration next to the item's title (the default). */
  alt?: string;
  width?: number | null | undefined;
  height?: number | null | undefined;
  /** The item's name or title, for the fallback's initial. */
  name?: string | null | undefined;
  shape?: 'wide' | 'square';
  className?: string | undefined;
  /** Lazy unless the image is at the top of the page. */
  loading?: 'lazy' | 'eager';
} & CardImageFallback) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    if (kind === undefined) return <>{fallback}</>;
    return <ImageFallback kind={kind} name={name} shape={shape} className={className} />;
  }
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={width ?? undefined}
      height={height ?? undefined}
      loading={loading}
      decoding="async"
      onError={() => setFailed(src)}
    />
  );
}
