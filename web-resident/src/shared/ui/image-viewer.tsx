import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';

/** An image the viewer can show: fetched from `url` by the caller's query (`useBlob`). */
export interface ViewerImage {
  key: string;
  url: string;
  /** The file name: the caption and the name of a download. */
  name: string;
  /** What the image shows, when known; otherwise the file name stands for it. */
  alt?: string;
}

/** The caller's query for an image's bytes (shared with its thumbnail, so nothing is fetched twice). */
export type UseImageBlob = (url: string) => { data?: Blob | undefined; isError?: boolean };

// The viewer is its own chunk: it is loaded the first time an image is opened.
const ImageViewer = lazy(() => import('./ImageViewer'));

/**
 * An image viewer for a list of images (docs/design-system.md): `open(i)` shows image i in a modal
 * dialog, from which the arrow keys go to the others; `element` goes anywhere in the page.
 */
export function useImageViewer(
  images: readonly ViewerImage[],
  useBlob: UseImageBlob,
): { open(index: number): void; element: ReactNode } {
  const [index, setIndex] = useState<number | null>(null);
  const close = useCallback(() => setIndex(null), []);
  const element =
    index === null || images.length === 0 ? null : (
      <Suspense fallback={null}>
        <ImageViewer
          images={images}
          index={Math.min(index, images.length - 1)}
          onIndex={setIndex}
          onClose={close}
          useBlob={useBlob}
        />
      </Suspense>
    );
  return { open: setIndex, element };
}
