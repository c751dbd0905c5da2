import type { FaqEntry } from '@porta/contracts';
import type { Ref } from 'react';
import { SafeHtml } from '../../content-pages';

/** One question with its answer behind a disclosure button. */
export function FaqItem({
  entry,
  open,
  onToggle,
  buttonRef,
}: {
  entry: FaqEntry;
  open: boolean;
  onToggle(): void;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const buttonId = `faq-question-${entry.id}`;
  const answerId = `faq-answer-${entry.id}`;
  return (
    <li className="faq-item" lang={entry.language}>
      <h3 className="faq-item__heading">
        <button
          ref={buttonRef}
          id={buttonId}
          type="button"
          className="faq-item__button"
          aria-expanded={open}
          aria-controls={answerId}
          onClick={onToggle}
        >
          <span>{entry.question}</span>
          <span className="faq-item__icon" aria-hidden="true" />
        </button>
      </h3>
      <div id={answerId} className="faq-item__answer" hidden={!open}>
        <SafeHtml html={entry.answer} />
      </div>
    </li>
  );
}
