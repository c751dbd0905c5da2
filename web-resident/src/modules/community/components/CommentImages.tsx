import type { CommentImage } from '@porta/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommentImage } from '../hooks/queries';

/** An address for a fetched image while it is shown (none where the browser cannot make one). */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

function Thumbnail({ image }: { image: CommentImage }) {
  const { t } = useTranslation('community');
  const { data } = useCommentImage(image.url);
  const src = useObjectUrl(data);
  if (!src) {
    return (
      <span
        className="comment-images__placeholder"
        role="img"
        aria-label={t('images.loading', { name: image.fileName })}
      />
    );
  }
  return (
    <a href={src} target="_blank" rel="noopener" aria-label={t('images.open', { name: image.fileName })}>
      <img className="comment-images__thumbnail" src={src} alt={image.fileName} loading="lazy" />
    </a>
  );
}

/**
 * The images of a comment as thumbnails opening the full image. They are served to members of the
 * housing company only, so each is fetched with the session's token and shown from memory.
 */
export function CommentImages({ images }: { images: readonly CommentImage[] }) {
  const { t } = useTranslation('community');
  if (images.length === 0) return null;
  return (
    <ul className="comment-images" aria-label={t('images.list')}>
      {images.map((image) => (
        <li key={image.id}>
          <Thumbnail image={image} />
        </li>
      ))}
    </ul>
  );
}
