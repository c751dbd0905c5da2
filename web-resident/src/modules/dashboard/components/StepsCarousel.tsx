import { CAROUSEL_AUTOPLAY_MS, type StepSummary } from '@porta/contracts';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from 'lucide-react';
import { type FocusEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../../shared/utils/format';

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The project steps one at a time (01 §4, §9): the next one comes every CAROUSEL_AUTOPLAY_MS
 * (8000 ms) and after the last comes the first again. Previous and next buttons move by hand (and
 * restart the wait); autoplay pauses while the pointer is over the carousel or focus is inside it,
 * and can be stopped with its own button. A reader who asks the system for reduced motion gets it
 * stopped from the start (the play button starts it).
 */
export function StepsCarousel({
  steps,
  onOpenStep,
}: {
  steps: readonly StepSummary[];
  /** Called when the reader follows a step's link (the dialog around it closes). */
  onOpenStep?: () => void;
}) {
  const { t } = useTranslation('news');
  const { date } = useFormatters();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(prefersReducedMotion);
  const count = steps.length;
  const current = count ? index % count : 0;
  const playing = count > 1 && !stopped && !hovered && !focused;
  const slidesId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: every slide shown (by hand too) starts a full wait
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), CAROUSEL_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [playing, current, count]);

  const go = (step: number) => setIndex((i) => (((i + step) % count) + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  if (count === 0) return null;
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={t('welcome.steps')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {count > 1 && (
        <div className="carousel__controls">
          <button
            type="button"
            className="icon-button"
            aria-label={stopped ? t('welcome.play') : t('welcome.pause')}
            onClick={() => setStopped((value) => !value)}
          >
            {stopped ? (
              <PlayIcon aria-hidden="true" focusable="false" size={18} />
            ) : (
              <PauseIcon aria-hidden="true" focusable="false" size={18} />
            )}
          </button>
          <button
            type="button"
            className="icon-button"
            aria-controls={slidesId}
            aria-label={t('welcome.previous')}
            onClick={() => go(-1)}
          >
            <ChevronLeftIcon aria-hidden="true" focusable="false" size={20} />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-controls={slidesId}
            aria-label={t('welcome.next')}
            onClick={() => go(1)}
          >
            <ChevronRightIcon aria-hidden="true" focusable="false" size={20} />
          </button>
        </div>
      )}
      <div id={slidesId} className="carousel__slides" aria-live={playing ? 'off' : 'polite'}>
        {steps.map((step, i) => (
          // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group (WAI-ARIA carousel pattern), not a form fieldset
          <div
            key={step.id}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('welcome.slide', { index: i + 1, count })}
            hidden={i !== current}
          >
            {step.image && <img className="carousel__image" src={step.image.url} alt="" />}
            <h3 className="carousel__title">{step.title}</h3>
            <p className="muted">
              <time dateTime={step.dateStart}>{date(step.dateStart)}</time>
            </p>
            {step.introduction && <p>{step.introduction}</p>}
            <Link
              to={`/step/${encodeURIComponent(step.codename)}`}
              onClick={onOpenStep}
              aria-label={t('welcome.readMore', { title: step.title })}
            >
              {t('welcome.readMoreShort')}
            </Link>
          </div>
        ))}
      </div>
      {count > 1 && (
        <p className="carousel__position" aria-hidden="true">
          {t('welcome.slide', { index: current + 1, count })}
        </p>
      )}
    </section>
  );
}
