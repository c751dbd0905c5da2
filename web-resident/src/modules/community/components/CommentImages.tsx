import type { CommentImage } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { FetchedThumbnail } from '../../../shared/ui/FetchedThumbnail';
import { useCommentImage } from '../hooks/queries';

function Thumbnail({ image }: { image: CommentImage }) {
  const { t } = useTranslation('community');
  const { data } = useCommentImage(image.url);
  return (
    <FetchedThumbnail
      blob={data}
      name={image.fileName}
      loadingLabel={t('images.loading', { name: image.fileName })}
      openLabel={t('images.open', { name: image.fileName })}
    />
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
