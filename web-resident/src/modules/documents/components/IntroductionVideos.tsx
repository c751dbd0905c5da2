import type { Video } from '@porta/contracts';
import { ExternalLinkIcon, PlayCircleIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../errors';
import { useVideos } from '../hooks/queries';
import { playerSite, VideoDialog } from './VideoDialog';

/**
 * The housing company's introduction videos beside its folders (02 §2), titles in the language
 * shown. A YouTube or Vimeo video plays in a dialog; no player and no picture of another site is
 * loaded before the user asks (a play button, not the site's thumbnail). A video at an address opens
 * in a new tab. Nothing shows when there are none, nor for a company without a building-taxonomy
 * term (DOC_VIDEO_TAXONOMY_MISSING: it has no videos); another failure says the list did not load
 * (02 §8 "video list not loaded").
 */
export function IntroductionVideos() {
  const { t } = useTranslation('documents');
  const videos = useVideos();
  const headingId = useId();
  const [playing, setPlaying] = useState<Video | null>(null);

  if (videos.isPending) return null;
  if (videos.isError && errorCode(videos.error) === 'DOC_VIDEO_TAXONOMY_MISSING') return null;
  const list = videos.data?.videos ?? [];
  if (!videos.isError && list.length === 0) return null;

  return (
    <section className="card documents__videos" aria-labelledby={headingId}>
      <h2 id={headingId} className="documents__folders-title">
        {t('videos.title')}
      </h2>
      {videos.isError ? (
        <p className="muted documents__videos-failed">
          {t('videos.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void videos.refetch()}>
            {t('videos.retry')}
          </button>
        </p>
      ) : (
        <ul className="video-list">
          {list.map((video) => (
            <li key={video.id}>
              {playerSite(video) ? (
                <button
                  type="button"
                  className="video-list__item"
                  aria-haspopup="dialog"
                  aria-label={t('videos.play', { title: video.title })}
                  onClick={() => setPlaying(video)}
                >
                  <PlayCircleIcon aria-hidden="true" focusable="false" size={22} />
                  <span>{video.title}</span>
                </button>
              ) : (
                <a
                  className="video-list__item"
                  href={video.fullUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('videos.openExternal', { title: video.title })}
                >
                  <ExternalLinkIcon aria-hidden="true" focusable="false" size={22} />
                  <span>{video.title}</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {playing && <VideoDialog video={playing} onClose={() => setPlaying(null)} />}
    </section>
  );
}
