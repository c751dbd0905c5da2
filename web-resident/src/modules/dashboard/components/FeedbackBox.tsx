import { FEEDBACK_COMMENT_MAX_CHARS, type FeedbackCreate } from '@porta/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../shared/ui/fields';
import { Modal, useNewsApi } from '../../news';
import { SmileyFace, type SmileyRating } from './SmileyFace';

const RATINGS = [1, 2, 3, 4, 5] as const satisfies readonly SmileyRating[];
type Rating = (typeof RATINGS)[number];

/**
 * The feedback box (01 §1, §4, §5): a smiley rating from 1 to 5 (choosing the chosen one again
 * takes it back); once a rating is chosen, a comment field and the send button appear. Sent
 * feedback is thanked for in a modal, after which the box starts over. Any failure shows the
 * spec's text (01 §8).
 */
export function FeedbackBox({ housingCompanyId }: { housingCompanyId: string }) {
  const { t } = useTranslation('news');
  const api = useNewsApi();
  const [rating, setRating] = useState<Rating | null>(null);
  const [comment, setComment] = useState('');
  const [thanks, setThanks] = useState(false);
  const send = useMutation({ mutationFn: (feedback: FeedbackCreate) => api.sendFeedback(feedback) });
  const commentId = useId();
  const thanksTextId = useId();
  const firstRatingRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // When the thank-you modal has closed, the box starts over at the rating.
  const thanked = useRef(false);
  useEffect(() => {
    if (thanked.current && !thanks) firstRatingRef.current?.focus();
    thanked.current = thanks;
  }, [thanks]);

  const choose = (value: Rating) => {
    send.reset();
    setRating((current) => (current === value ? null : value));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null || send.isPending) return;
    const text = comment.trim();
    send.mutate(
      { housingCompanyId, rating, ...(text ? { comment: text } : {}) },
      { onSuccess: () => setThanks(true) },
    );
  };

  const closeThanks = () => {
    setThanks(false);
    setRating(null);
    setComment('');
    send.reset();
  };

  return (
    <section className="card dashboard-box feedback" aria-labelledby="feedback-title">
      <h2 id="feedback-title" className="card__title">
        {t('feedback.title')}
      </h2>
      <form className="form" onSubmit={submit} noValidate>
        <fieldset className="feedback__ratings">
          <legend className="feedback__question">{t('feedback.question')}</legend>
          {RATINGS.map((value) => (
            <button
              key={value}
              ref={value === 1 ? firstRatingRef : undefined}
              type="button"
              className="feedback__rating"
              aria-pressed={rating === value}
              aria-label={t(`feedback.ratings.${value}`)}
              title={t(`feedback.ratings.${value}`)}
              onClick={() => choose(value)}
            >
              <SmileyFace rating={value} />
            </button>
          ))}
        </fieldset>
        {rating !== null && (
          <>
            <div className="field">
              <label className="field__label" htmlFor={commentId}>
                {t('feedback.comment')}
              </label>
              <textarea
                id={commentId}
                className="field__input"
                rows={4}
                maxLength={FEEDBACK_COMMENT_MAX_CHARS}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
              />
            </div>
            {send.isError && (
              <p className="alert alert--error" role="alert">
                {t('feedback.failed')}
              </p>
            )}
            <div className="form__actions">
              <SubmitButton
                busy={send.isPending}
                label={t('feedback.send')}
                busyLabel={t('feedback.sending')}
              />
            </div>
          </>
        )}
      </form>
      {thanks && (
        <Modal
          title={t('feedback.thanksTitle')}
          onClose={closeThanks}
          initialFocus={closeRef}
          describedBy={thanksTextId}
        >
          <p id={thanksTextId}>{t('feedback.thanksText')}</p>
          <div className="modal__actions">
            <button ref={closeRef} type="button" className="button button--primary" onClick={closeThanks}>
              {t('feedback.close')}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
