import { SERVICE_REQUEST_ATTACHMENTS_MAX } from '@porta/contracts';
import { formatFileSize } from '@porta/web-kit';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentUploads, UploadItem } from '../hooks/use-attachment-uploads';
import { useServiceRequestErrorText } from '../hooks/use-error-text';
import { ATTACHMENT_MAX_MB, attachmentAccept, attachmentExtensions } from '../utils/attachments';

function UploadRow({ item, onRemove, disabled }: { item: UploadItem; onRemove(): void; disabled: boolean }) {
  const { t } = useTranslation('serviceRequests');
  const errorText = useServiceRequestErrorText();
  const percent = Math.round(item.progress * 100);
  return (
    <li className={`attachment-upload attachment-upload--${item.state}`}>
      <span className="attachment-upload__name">
        {item.name} <span className="muted">({formatFileSize(item.size)})</span>
      </span>
      {item.state === 'uploading' && (
        <progress
          className="attachment-upload__progress"
          max={100}
          value={percent}
          aria-label={t('attachments.uploading', { name: item.name })}
        />
      )}
      {item.state === 'failed' ? (
        <span className="field__error attachment-upload__status" role="alert">
          {item.refusal
            ? t(`attachments.refusals.${item.refusal}`, {
                max: ATTACHMENT_MAX_MB,
                count: SERVICE_REQUEST_ATTACHMENTS_MAX,
              })
            : errorText(item.error)}
        </span>
      ) : (
        <span className="attachment-upload__status muted" aria-live="polite">
          {item.state === 'uploading' ? t('attachments.progress', { percent }) : t('attachments.uploaded')}
        </span>
      )}
      <button type="button" className="link-button" disabled={disabled} onClick={onRemove}>
        {t('attachments.remove', { name: item.name })}
      </button>
    </li>
  );
}

/**
 * Choosing attachments (02 §5, §9): each file uploads at once with a progress bar; a file refused
 * (here or by the service) shows why (01 §8 codes in words) until removed. Allowed types, the size
 * limit and the count limit are told beside the picker.
 */
export function AttachmentUploader({
  uploads,
  disabled = false,
}: {
  uploads: AttachmentUploads;
  disabled?: boolean;
}) {
  const { t } = useTranslation('serviceRequests');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="field attachment-uploader">
      <label className="field__label" htmlFor={id}>
        {t('attachments.add')}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        className="attachment-uploader__input"
        accept={attachmentAccept(uploads.archives)}
        multiple
        disabled={disabled || uploads.full}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          uploads.add([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <p id={`${id}-hint`} className="field__hint">
        {t('attachments.hint', {
          max: ATTACHMENT_MAX_MB,
          count: SERVICE_REQUEST_ATTACHMENTS_MAX,
          types: attachmentExtensions(uploads.archives).join(', '),
        })}
      </p>
      {uploads.items.length > 0 && (
        <ul className="attachment-uploads" aria-label={t('attachments.chosen')}>
          {uploads.items.map((item) => (
            <UploadRow
              key={item.key}
              item={item}
              disabled={disabled}
              onRemove={() => {
                uploads.remove(item.key);
                // Focus goes back to the picker (enabled again once a place is free).
                setTimeout(() => inputRef.current?.focus());
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
