import type { ServiceRequestAttachment } from '@porta/contracts';
import { formatFileSize } from '@porta/web-kit';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { FetchedThumbnail } from '../../../shared/ui/FetchedThumbnail';
import { useImageViewer } from '../../../shared/ui/image-viewer';
import { useToast } from '../../../shared/ui/Toast';
import { useAttachmentFile, useRemoveAttachment } from '../hooks/queries';
import { useServiceRequestErrorText } from '../hooks/use-error-text';
import { useServiceRequestsApi } from '../hooks/use-service-requests-api';
import { isImage } from '../utils/attachments';

function Thumbnail({ attachment, onOpen }: { attachment: ServiceRequestAttachment; onOpen(): void }) {
  const { t } = useTranslation('serviceRequests');
  const { data } = useAttachmentFile(attachment.url);
  return (
    <FetchedThumbnail
      blob={data}
      name={attachment.fileName}
      loadingLabel={t('attachments.loadingImage', { name: attachment.fileName })}
      openLabel={t('attachments.open', { name: attachment.fileName })}
      onOpen={onOpen}
    />
  );
}

/**
 * A file that is not an image: a link that fetches it with the session's token (attachments are
 * served only to those who may read the request) and hands it to the browser to save.
 */
function FileLink({ attachment }: { attachment: ServiceRequestAttachment }) {
  const api = useServiceRequestsApi();
  const toast = useToast();
  const errorText = useServiceRequestErrorText();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const blob = await api.fetchAttachment(attachment.url);
      if (typeof URL.createObjectURL !== 'function') return;
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = attachment.fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      toast.show(errorText(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <a
        href={attachment.url}
        className="attachment-link"
        aria-busy={busy || undefined}
        onClick={(event) => {
          event.preventDefault();
          void open();
        }}
      >
        {attachment.fileName}
      </a>{' '}
      <span className="muted">({formatFileSize(attachment.size)})</span>
    </>
  );
}

/** Confirm removing a file; a refusal shows in the dialog. */
function RemoveAttachmentDialog({
  requestId,
  responseId,
  attachment,
  onCancel,
  onRemoved,
}: {
  requestId: string;
  responseId: string | null;
  attachment: ServiceRequestAttachment;
  onCancel(): void;
  onRemoved(): void;
}) {
  const { t } = useTranslation('serviceRequests');
  const errorText = useServiceRequestErrorText();
  const remove = useRemoveAttachment(requestId);
  return (
    <ConfirmDialog
      title={t('attachments.removeTitle')}
      confirmLabel={t('attachments.removeConfirm')}
      destructive
      busy={remove.isPending}
      error={remove.isError ? errorText(remove.error) : null}
      onCancel={onCancel}
      onConfirm={() => remove.mutate({ attachmentId: attachment.id, responseId }, { onSuccess: onRemoved })}
    >
      <p>{t('attachments.removeText', { name: attachment.fileName })}</p>
    </ConfirmDialog>
  );
}

/** Where attachments can be removed from: the request, or one of its responses. */
export interface RemovableFrom {
  requestId: string;
  /** null: the request's own files. */
  responseId: string | null;
  /** Told once one is removed (its button is gone): focus goes somewhere that stays. */
  onRemoved(): void;
}

/**
 * A request's or a response's attachments: images as thumbnails opening the image viewer, other
 * files as links that download them. With `removable`, a file the reader may remove (its uploader
 * while the request is not closed, or a manager) has a Remove button, confirmed in a dialog.
 */
export function AttachmentLinks({
  attachments,
  label,
  removable,
}: {
  attachments: readonly ServiceRequestAttachment[];
  label: string;
  removable?: RemovableFrom;
}) {
  const { t } = useTranslation('serviceRequests');
  const toast = useToast();
  const [confirming, setConfirming] = useState<ServiceRequestAttachment | null>(null);
  const [removed, setRemoved] = useState(false);
  const images = attachments.filter((a) => isImage(a.mimeType));
  const files = attachments.filter((a) => !isImage(a.mimeType));
  const viewer = useImageViewer(
    images.map((a) => ({ key: a.id, url: a.url, name: a.fileName })),
    useAttachmentFile,
  );
  const onRemoved = removable?.onRemoved;

  // Once the dialog has let focus go, it goes where the caller says (the removed file's button is gone).
  useEffect(() => {
    if (!removed || confirming) return;
    setRemoved(false);
    onRemoved?.();
  }, [removed, confirming, onRemoved]);

  const removeButton = (attachment: ServiceRequestAttachment) =>
    removable && attachment.canRemove ? (
      <button
        type="button"
        className="link-button attachment-links__remove"
        aria-label={t('attachments.remove', { name: attachment.fileName })}
        onClick={() => setConfirming(attachment)}
      >
        {t('attachments.removeButton')}
      </button>
    ) : null;

  const dialog = confirming && removable && (
    <RemoveAttachmentDialog
      requestId={removable.requestId}
      responseId={removable.responseId}
      attachment={confirming}
      onCancel={() => setConfirming(null)}
      onRemoved={() => {
        setConfirming(null);
        setRemoved(true);
        toast.show(t('attachments.removed'), 'success');
      }}
    />
  );

  if (attachments.length === 0) return dialog || null;
  return (
    <>
      <ul className="attachment-links" aria-label={label}>
        {images.map((attachment, index) => (
          <li key={attachment.id} className="attachment-links__image">
            <Thumbnail attachment={attachment} onOpen={() => viewer.open(index)} />
            {removeButton(attachment)}
          </li>
        ))}
        {files.map((attachment) => (
          <li key={attachment.id}>
            <FileLink attachment={attachment} /> {removeButton(attachment)}
          </li>
        ))}
      </ul>
      {viewer.element}
      {dialog}
    </>
  );
}

/** The attachments' names only (the manage page: their addresses need signing in). */
export function AttachmentNames({
  attachments,
  label,
}: {
  attachments: readonly ServiceRequestAttachment[];
  label: string;
}) {
  const { t } = useTranslation('serviceRequests');
  if (attachments.length === 0) return null;
  return (
    <>
      <ul className="attachment-links" aria-label={label}>
        {attachments.map((attachment) => (
          <li key={attachment.id}>
            {attachment.fileName} <span className="muted">({formatFileSize(attachment.size)})</span>
          </li>
        ))}
      </ul>
      <p className="field__hint">{t('manage.attachmentsNeedSignIn')}</p>
    </>
  );
}
