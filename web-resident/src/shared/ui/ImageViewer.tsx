import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../hooks/use-focus-trap';
import { useObjectUrl } from './FetchedThumbnail';
import type { UseImageBlob, ViewerImage } from './image-viewer';

function Picture({ image, useBlob }: { image: ViewerImage; useBlob: UseImageBlob }) {
  const { t } = useTranslation('common');
  const { data, isError } = useBlob(image.url);
  const src = useObjectUrl(data);
  if (isError) return <p className="image-viewer__message">{t('imageViewer.failed')}</p>;
  if (!src) return <p className="image-viewer__message">{t('imageViewer.loading')}</p>;
  return <img className="image-viewer__image" src={src} alt={image.alt ?? image.name} />;
}

function DownloadLink({ image, useBlob }: { image: ViewerImage; useBlob: UseImageBlob }) {
  const { t } = useTranslation('common');
  const src = useObjectUrl(useBlob(image.url).data);
  if (!src) return null;
  return (
    <a className="button button--secondary image-viewer__download" href={src} download={image.name}>
      <DownloadIcon aria-hidden="true" focusable="false" size={18} />
      {t('imageViewer.download')}
    </a>
  );
}

/**
 * The image viewer (lazy, see image-viewer.tsx): a modal dialog with the image, its name, its
 * position in the list and a download link. Focus starts on Close and stays in the dialog; Escape
 * or Close (or a click beside the image) closes it and focus goes back to what opened it; the
 * arrow keys, Home and End move between the images.
 */
export default function ImageViewer({
  images,
  index,
  onIndex,
  onClose,
  useBlob,
}: {
  images: readonly ViewerImage[];
  index: number;
  onIndex(index: number): void;
  onClose(): void;
  useBlob: UseImageBlob;
}) {
  const { t } = useTranslation('common');
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const captionId = useId();
  const image = images[index]!;
  const count = images.length;

  useFocusTrap(dialogRef, true, onClose);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const to =
        event.key === 'ArrowRight'
          ? (index + 1) % count
          : event.key === 'ArrowLeft'
            ? (index - 1 + count) % count
            : event.key === 'Home'
              ? 0
              : event.key === 'End'
                ? count - 1
                : null;
      if (to === null || count < 2) return;
      event.preventDefault();
      onIndex(to);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [index, count, onIndex]);

  return (
    // A click on the backdrop beside the image closes the viewer, as Escape does.
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a mouse shortcut for Close
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog by keyboard
    <div
      className="modal-backdrop image-viewer-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="image-viewer"
        role="dialog"
        aria-modal="true"
        aria-label={t('imageViewer.label')}
        aria-describedby={captionId}
      >
        <div className="image-viewer__bar">
          <p className="image-viewer__position" aria-live="polite">
            {t('imageViewer.position', { index: index + 1, count })}
          </p>
          <DownloadLink key={image.key} image={image} useBlob={useBlob} />
          <button
            ref={closeRef}
            type="button"
            className="icon-button"
            aria-label={t('imageViewer.close')}
            onClick={onClose}
          >
            <XIcon aria-hidden="true" focusable="false" size={22} />
          </button>
        </div>
        <figure className="image-viewer__figure">
          <Picture key={image.key} image={image} useBlob={useBlob} />
          <figcaption id={captionId} className="image-viewer__caption">
            {image.name}
          </figcaption>
        </figure>
        {count > 1 && (
          <div className="image-viewer__nav">
            <button
              type="button"
              className="icon-button image-viewer__previous"
              aria-label={t('imageViewer.previous')}
              onClick={() => onIndex((index - 1 + count) % count)}
            >
              <ChevronLeftIcon aria-hidden="true" focusable="false" size={28} />
            </button>
            <button
              type="button"
              className="icon-button image-viewer__next"
              aria-label={t('imageViewer.next')}
              onClick={() => onIndex((index + 1) % count)}
            >
              <ChevronRightIcon aria-hidden="true" focusable="false" size={28} />
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
