import type { Video } from '@porta/contracts';
import { ExternalLinkIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../../../shared/hooks/use-focus-trap';

/** The players Porta embeds (the gateway's CSP lets these frames in, nothing else). */
const PLAYERS: readonly { prefix: string; site: string }[] = [
  { prefix: 'https://www.youtube-nocookie.com/embed/', site: 'YouTube' },
  { prefix: 'https://player.vimeo.com/video/', site: 'Vimeo' },
];

/** The site whose player the video's embed address is, or null when it is not one Porta embeds. */
export function playerSite(video: Pick<Video, 'embedUrl'>): string | null {
  const url = video.embedUrl;
  return (url && PLAYERS.find((player) => url.startsWith(player.prefix))?.site) || null;
}

/**
 * An introduction video played in a modal dialog: YouTube's privacy-enhanced player
 * (youtube-nocookie.com) or Vimeo's with do-not-track, loaded only now that the user asked for it,
 * in a sandboxed frame. Focus starts on Close and stays in the dialog; Escape, Close or a click
 * beside it closes it, and focus goes back to what opened it. A link opens the video on its site.
 */
export function VideoDialog({ video, onClose }: { video: Video; onClose(): void }) {
  const { t } = useTranslation('documents');
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const site = playerSite(video);

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

  return (
    // A click on the backdrop beside the dialog closes it, as Escape does.
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a mouse shortcut for Close
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog by keyboard
    <div
      className="modal-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="modal video-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <div className="video-dialog__bar">
          <h2 id={titleId} className="modal__title video-dialog__title">
            {video.title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            className="icon-button"
            aria-label={t('videos.close')}
            onClick={onClose}
          >
            <XIcon aria-hidden="true" focusable="false" size={22} />
          </button>
        </div>
        {site && video.embedUrl && (
          <div className="video-dialog__frame">
            <iframe
              src={video.embedUrl}
              title={t('videos.player', { title: video.title })}
              allow="fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
            />
          </div>
        )}
        <p className="video-dialog__source">
          <a className="video-dialog__link" href={video.fullUrl} target="_blank" rel="noopener noreferrer">
            {t('videos.openOn', { site: site ?? video.fullUrl })}
            <ExternalLinkIcon aria-hidden="true" focusable="false" size={16} />
          </a>
        </p>
      </div>
    </div>
  );
}
