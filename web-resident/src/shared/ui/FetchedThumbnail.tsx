import { useEffect, useState } from 'react';

/** An address for a fetched file while it is shown (none where the browser cannot make one). */
export function useObjectUrl(blob: Blob | undefined): string | null {
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

/**
 * An image served only to signed-in readers, fetched with the session's token (`blob`, while it
 * loads undefined) and shown from memory: a placeholder named `loadingLabel` until it is there,
 * then a thumbnail button, named `openLabel`, that opens the image viewer (`onOpen`).
 */
export function FetchedThumbnail(props: {
  blob: Blob | undefined;
  name: string;
  loadingLabel: string;
  openLabel: string;
  onOpen(): void;
}) {
  const src = useObjectUrl(props.blob);
  if (!src)
    return <span className="thumbnail thumbnail--loading" role="img" aria-label={props.loadingLabel} />;
  return (
    <button
      type="button"
      className="thumbnail-button"
      aria-label={props.openLabel}
      aria-haspopup="dialog"
      onClick={props.onOpen}
    >
      <img className="thumbnail" src={src} alt={props.name} loading="lazy" />
    </button>
  );
}
