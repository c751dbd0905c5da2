import { SERVICE_REQUEST_ATTACHMENTS_MAX } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../../shared/ui/FilePicker';
import type { AttachmentUploads, UploadItem } from '../hooks/use-attachment-uploads';
import { useServiceRequestErrorText } from '../hooks/use-error-text';
import { ATTACHMENT_MAX_MB, attachmentAccept, attachmentExtensions } from '../utils/attachments';

/** An upload's progress, or that it is done. */
function UploadStatus({ item }: { item: UploadItem }) {
  const { t } = useTranslation('serviceRequests');
  const percent = Math.round(item.progress * 100);
  return (
    <>
      {item.state === 'uploading' && (
        <progress
          className="attachment-upload__progress"
          max={100}
          value={percent}
          aria-label={t('attachments.uploading', { name: item.name })}
        />
      )}
      <span className="attachment-upload__status muted" aria-live="polite">
        {item.state === 'uploading' ? t('attachments.progress', { percent }) : t('attachments.uploaded')}
      </span>
    </>
  );
}

/**
 * Choosing attachments (02 §5, §9) on the shared file picker (chosen or dropped, images with a
 * thumbnail): each file uploads at once with a progress bar; a file refused (here or by the
 * service) shows why (01 §8 codes in words) until removed. Allowed types, the size limit and the
 * count limit are told beside the picker.
 */
export function AttachmentUploader({
  uploads,
  disabled = false,
}: {
  uploads: AttachmentUploads;
  disabled?: boolean;
}) {
  const { t } = useTranslation('serviceRequests');
  const errorText = useServiceRequestErrorText();
  const refusalText = (item: UploadItem) =>
    item.refusal
      ? t(`attachments.refusals.${item.refusal}`, {
          max: ATTACHMENT_MAX_MB,
          count: SERVICE_REQUEST_ATTACHMENTS_MAX,
        })
      : errorText(item.error);
  return (
    <FilePicker
      className="attachment-uploader"
      label={t('attachments.add')}
      hint={t('attachments.hint', {
        max: ATTACHMENT_MAX_MB,
        count: SERVICE_REQUEST_ATTACHMENTS_MAX,
        types: attachmentExtensions(uploads.archives).join(', '),
      })}
      accept={attachmentAccept(uploads.archives)}
      disabled={disabled}
      full={uploads.full}
      onFiles={uploads.add}
      items={uploads.items.map((item) => ({
        key: item.key,
        name: item.name,
        size: item.size,
        file: item.file,
        state: item.state,
        error: item.state === 'failed' ? refusalText(item) : undefined,
        status: item.state === 'failed' ? undefined : <UploadStatus item={item} />,
      }))}
      listLabel={t('attachments.chosen')}
      removeLabel={(name) => t('attachments.remove', { name })}
      onRemove={uploads.remove}
    />
  );
}
