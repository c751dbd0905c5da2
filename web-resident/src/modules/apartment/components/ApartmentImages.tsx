import { useTranslation } from 'react-i18next';
import { useImageViewer } from '../../../shared/ui/image-viewer';
import { useApartmentImageBlob, useApartmentImages } from '../hooks/use-apartment-images';

/**
 * The apartment's images (floor plans, pictures of the rooms; matched to it by file name in the
 * staff app, 03 §5): thumbnails with their names, each opening the image viewer. Nothing while
 * they load, when there are none, or when they cannot be read.
 */
export function ApartmentImages({ apartmentId, apartmentNo }: { apartmentId: string; apartmentNo: string }) {
  const { t } = useTranslation('resident');
  const { data } = useApartmentImages(apartmentId);
  const items = data?.items ?? [];
  const viewer = useImageViewer(
    items.map((item) => ({ key: item.id, url: item.image.url, name: item.name })),
    useApartmentImageBlob,
  );
  if (items.length === 0) return null;
  const headingId = `apartment-images-${apartmentId}`;
  return (
    <div className="my-apartment__images">
      <h3 id={headingId} className="my-apartment__subtitle">
        {t('myApartment.images.title')}
      </h3>
      <ul
        className="my-apartment__image-list"
        aria-label={t('myApartment.images.list', { apartment: apartmentNo })}
      >
        {items.map((item, index) => (
          <li key={item.id}>
            <figure className="my-apartment__image">
              <button
                type="button"
                className="thumbnail-button"
                aria-label={t('myApartment.images.open', { name: item.name })}
                aria-haspopup="dialog"
                onClick={() => viewer.open(index)}
              >
                <img className="thumbnail" src={item.image.url} alt="" loading="lazy" />
              </button>
              <figcaption className="muted">{item.name}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {viewer.element}
    </div>
  );
}
