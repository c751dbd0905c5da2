import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton, TextField } from '../../../shared/ui/fields';
import { hasText, textToHtml } from '../../community';
import type { AttachmentUploads } from '../hooks/use-attachment-uploads';
import { AttachmentUploader } from './AttachmentUploader';

/**
 * Answering a request: the text (required; written as plain text, sent as paragraphs of HTML) and,
 * with `uploads`, attachments uploaded as chosen (sending waits for them). `onSend` gets the HTML
 * and the attachment ids, and a `reset` that empties the form once sent; `error` is a refusal to
 * show (the text stays for another try).
 */
export function ResponseForm({
  uploads,
  busy,
  error,
  onSend,
}: {
  uploads?: AttachmentUploads;
  busy: boolean;
  error: string | null;
  onSend(content: string, attachmentIds: string[], reset: () => void): void;
}) {
  const { t } = useTranslation('serviceRequests');
  const { t: tc } = useTranslation('common');
  const headingId = useId();
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const uploading = uploads?.uploading ?? false;

  const send = () =>
    onSend(textToHtml(text), uploads?.attachmentIds ?? [], () => {
      setText('');
      uploads?.reset();
    });
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    if (!waiting || uploading) return;
    setWaiting(false);
    sendRef.current();
  }, [waiting, uploading]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || waiting) return;
    if (!hasText(text)) {
      setChecked(true);
      fieldRef.current?.focus();
      return;
    }
    setChecked(false);
    if (uploading) setWaiting(true);
    else send();
  };

  const missing = checked && !hasText(text);
  return (
    <section className="card service-request-reply" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('responses.reply')}</h2>
      <form className="form" onSubmit={submit} noValidate aria-busy={busy || waiting || undefined}>
        <TextField
          label={t('responses.write')}
          multiline
          rows={4}
          required
          value={text}
          textareaRef={fieldRef}
          disabled={busy}
          error={missing ? tc('form.required') : undefined}
          onChange={setText}
        />
        {uploads && <AttachmentUploader uploads={uploads} disabled={busy} />}
        {missing && (
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
          <SubmitButton
            busy={busy || waiting}
            label={t('responses.send')}
            busyLabel={waiting ? t('create.waitingForUploads') : t('create.sending')}
          />
        </div>
      </form>
    </section>
  );
}
