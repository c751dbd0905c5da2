import type { CommentImage } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { FetchedThumbnail } from '../../../shared/ui/FetchedThumbnail';
import { useImageViewer } from '../../../shared/ui/image-viewer';
import { useCommentImage } from '../hooks/queries';

function Thumbnail({ image, onOpen }: { image: CommentImage; onOpen(): void }) {
  const { t } = useTranslation('community');
  const { data } = useCommentImage(image.url);
  return (
    <FetchedThumbnail
      blob={data}
      name={image.fileName}
      loadingLabel={t('images.loading', { name: image.fileName })}
      openLabel={t('images.open', { name: image.fileName })}
      onOpen={onOpen}
    />
  );
}

/**
 * The images of a comment as thumbnails opening the image viewer. They are served to members of
 * the housing company only, so each is fetched with the session's token and shown from memory.
 */
export function CommentImages({ images }: { images: readonly CommentImage[] }) {
  const { t } = useTranslation('community');
  const viewer = useImageViewer(
    images.map((image) => ({ key: image.id, url: image.url, name: image.fileName })),
    useCommentImage,
  );
  if (images.length === 0) return null;
  return (
    <>
      <ul className="comment-images" aria-label={t('images.list')}>
        {images.map((image, index) => (
          <li key={image.id}>
            <Thumbnail image={image} onOpen={() => viewer.open(index)} />
          </li>
        ))}
      </ul>
      {viewer.element}
    </>
  );
}
