import type { LikesSummary } from '@porta/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { HeartIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useListOf } from '../hooks/use-names';

/**
 * The like toggle (pressed when the reader likes it) and who likes it: up to 10 first names, then
 * 'and N others' (02 §9). The stored item follows the answer (02 §4).
 */
export function LikeButton({
  likes,
  toggle,
}: {
  likes: LikesSummary;
  /** The toggle's request (its answer is stored by the mutation). */
  toggle: UseMutationResult<unknown, unknown, void>;
}) {
  const pending = toggle.isPending;
  const { t } = useTranslation('community');
  const listOf = useListOf();
  const named = likes.names.join(', ');
  const names =
    likes.remainder === 0
      ? listOf(likes.names)
      : likes.remainder === 1
        ? t('likes.othersOne', { names: named })
        : t('likes.others', { names: named, count: likes.remainder });
  return (
    <div className="likes">
      <button
        type="button"
        className="like-button"
        aria-pressed={likes.likedByMe}
        aria-busy={pending || undefined}
        disabled={pending}
        onClick={() => toggle.mutate()}
      >
        <HeartIcon className="like-button__icon" aria-hidden="true" focusable="false" size={18} />
        {t('likes.like')}
        <span className="like-button__count" aria-hidden="true">
          {likes.count}
        </span>
      </button>
      {likes.count > 0 && <p className="likes__names">{t('likes.likedBy', { names })}</p>}
      {toggle.isError && (
        <p className="likes__error" role="alert">
          {t('likes.failed')}
        </p>
      )}
    </div>
  );
}
