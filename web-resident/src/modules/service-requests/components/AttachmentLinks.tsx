import type { ServiceRequestAttachment } from '@porta/contracts';
import { formatFileSize } from '@porta/web-kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchedThumbnail } from '../../../shared/ui/FetchedThumbnail';
import { useImageViewer } from '../../../shared/ui/image-viewer';
import { useToast } from '../../../shared/ui/Toast';
import { useAttachmentFile } from '../hooks/queries';
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

/**
 * A request's or a response's attachments: images as thumbnails opening the image viewer, other
 * files as links that download them.
 */
export function AttachmentLinks({
  attachments,
  label,
}: {
  attachments: readonly ServiceRequestAttachment[];
  label: string;
}) {
  const images = attachments.filter((a) => isImage(a.mimeType));
  const files = attachments.filter((a) => !isImage(a.mimeType));
  const viewer = useImageViewer(
    images.map((a) => ({ key: a.id, url: a.url, name: a.fileName })),
    useAttachmentFile,
  );
  if (attachments.length === 0) return null;
  return (
    <>
      <ul className="attachment-links" aria-label={label}>
        {images.map((attachment, index) => (
          <li key={attachment.id} className="attachment-links__image">
            <Thumbnail attachment={attachment} onOpen={() => viewer.open(index)} />
          </li>
        ))}
        {files.map((attachment) => (
          <li key={attachment.id}>
            <FileLink attachment={attachment} />
          </li>
        ))}
      </ul>
      {viewer.element}
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
