import { DISCUSSION_TITLE_MAX_CHARS, ERROR_DISPLAY_MS } from '@porta/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton, TextField } from '../../../shared/ui/fields';
import { useTimedFlag } from '../hooks/use-timed-flag';
import { hasText, type WritingValues } from '../utils/body';

const EMPTY: WritingValues = { title: '', body: '' };

/** Whether a form has a title, and whether it must be filled. */
export type TitleField = 'required' | 'optional';

/**
 * A field of its own before the title (the recipients of a message): whether it is filled, the
 * field itself (`showError`: once a send was tried without it), and how it takes focus.
 */
export interface LeadField {
  valid: boolean;
  render(showError: boolean): ReactNode;
  focus(): void;
}

/**
 * What a resident writes: a text, with a title for a discussion (optional for a private message),
 * or only a title (`bodyLabel` not given). Everything required must be there (02 §5): without it
 * nothing is sent, the empty fields say so, the first one takes focus and the form shows 'Error on
 * validating the form…' (01 §5). `lead` goes first; `children` (e.g. images) after the text.
 */
export function WritingForm({
  title,
  lead,
  bodyLabel,
  rows = 5,
  initial = EMPTY,
  autoFocus = false,
  submitLabel,
  busyLabel,
  busy,
  error,
  onSubmit,
  onCancel,
  className,
  children,
}: {
  title?: TitleField;
  lead?: LeadField;
  /** The text's label; no text field without one. */
  bodyLabel?: string;
  rows?: number;
  initial?: WritingValues;
  autoFocus?: boolean;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** A failure to show (the server's refusal, or the saving error). */
  error?: string | null;
  /** The values, trimmed title; `reset` empties the form (e.g. once sent). */
  onSubmit(values: WritingValues, reset: () => void): void;
  onCancel?(): void;
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('community');
  const { t: tc } = useTranslation('common');
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const titleOk = title !== 'required' || hasText(values.title);
  const bodyOk = bodyLabel === undefined || hasText(values.body);
  const leadOk = lead?.valid ?? true;
  const incomplete = checked && !(leadOk && titleOk && bodyOk);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves in once, when the form opens
  useEffect(() => {
    if (autoFocus) (title ? titleRef : bodyRef).current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!leadOk || !titleOk || !bodyOk) {
      setChecked(true);
      if (!leadOk) lead?.focus();
      else (titleOk ? bodyRef : titleRef).current?.focus();
      return;
    }
    setChecked(false);
    onSubmit({ title: values.title.trim(), body: values.body }, () => setValues(EMPTY));
  };

  return (
    <form
      className={className ? `form ${className}` : 'form'}
      onSubmit={submit}
      noValidate
      aria-busy={busy || undefined}
    >
      {(title || lead) && <p className="form__hint">{tc('form.requiredFieldsHint')}</p>}
      {lead?.render(checked && !leadOk)}
      {title && (
        <TextField
          label={title === 'required' ? t('discussions.title') : t('messages.titleOptional')}
          required={title === 'required'}
          value={values.title}
          maxLength={DISCUSSION_TITLE_MAX_CHARS}
          inputRef={titleRef}
          disabled={busy}
          error={checked && !titleOk ? tc('form.required') : undefined}
          onChange={(value) => setValues((v) => ({ ...v, title: value }))}
        />
      )}
      {bodyLabel !== undefined && (
        <TextField
          label={bodyLabel}
          multiline
          rows={rows}
          required
          value={values.body}
          textareaRef={bodyRef}
          disabled={busy}
          error={checked && !bodyOk ? tc('form.required') : undefined}
          onChange={(body) => setValues((v) => ({ ...v, body }))}
        />
      )}
      {children}
      {incomplete && (
        <p className="form__alert" role="alert">
          {tc('form.validationFailed')}
        </p>
      )}
      {error && (
        <p className="form__alert" role="alert">
          {error}
        </p>
      )}
      <div className="form__actions">
        <SubmitButton busy={busy} label={submitLabel} busyLabel={busyLabel} />
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {tc('actions.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * Editing one's own discussion, comment, message or conversation title: saved, it closes
 * (`onDone`); a failed save shows the error-saving message for 2 seconds (01 §8, 02 §8) and the
 * text stays for another try.
 */
export function EditForm({
  title,
  bodyLabel,
  rows,
  initial,
  mutation,
  onDone,
}: {
  title?: TitleField;
  bodyLabel?: string;
  rows?: number;
  initial: WritingValues;
  mutation: UseMutationResult<unknown, unknown, WritingValues>;
  onDone(): void;
}) {
  const { t } = useTranslation('community');
  const [failed, showFailed, hideFailed] = useTimedFlag(ERROR_DISPLAY_MS);
  return (
    <WritingForm
      title={title}
      bodyLabel={bodyLabel}
      rows={rows}
      initial={initial}
      autoFocus
      submitLabel={t('comments.save')}
      busyLabel={t('comments.saving')}
      busy={mutation.isPending}
      error={failed ? t('comments.errorSavingComment') : null}
      onCancel={onDone}
      onSubmit={(values) => {
        hideFailed();
        mutation.mutate(values, { onSuccess: onDone, onError: showFailed });
      }}
    />
  );
}
