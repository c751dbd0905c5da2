import type { Document } from '@porta/contracts';
import { formatFileSize } from '@porta/web-kit';
import { ExternalLinkIcon, FileTextIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../../../shared/ui/FetchedThumbnail';
import { useToast } from '../../../shared/ui/Toast';
import { useFormatters } from '../../../shared/utils/format';
import { useThumbnail } from '../hooks/queries';
import { useDocumentsApi } from '../hooks/use-documents-api';
import { useDocumentErrorText } from '../hooks/use-error-text';
import { extensionOf, isViewable } from '../utils/files';
import { documentDownloadPath } from '../utils/paths';

/**
 * Show a file the browser can show (a PDF, a picture) in a new tab. The file is served with the
 * session's token, so it is fetched and shown from an object URL; the tab is opened at once, while
 * the click still counts as the user's (a tab opened later is blocked), and is closed again if the
 * file cannot be read. Without a tab the file is saved instead.
 */
function useOpenDocument() {
  const api = useDocumentsApi();
  const toast = useToast();
  const errorText = useDocumentErrorText();
  return async (document: Document) => {
    const tab = window.open('', '_blank');
    try {
      const blob = await api.fetchFile(document.id);
      if (typeof URL.createObjectURL !== 'function') {
        tab?.close();
        return;
      }
      const url = URL.createObjectURL(blob);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        const link = window.document.createElement('a');
        link.href = url;
        link.download = document.fileName;
        link.hidden = true;
        window.document.body.append(link);
        link.click();
        link.remove();
      }
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      tab?.close();
      toast.show(errorText(error), 'error');
    }
  };
}

/**
 * A picture's medium thumbnail (fetched with the session's token), else, and while it loads, a
 * file icon. Decorative: the file's name is beside it.
 */
function FileThumbnail({ document }: { document: Document }) {
  const { data } = useThumbnail(document.thumbnails?.medium ?? null);
  const src = useObjectUrl(data);
  if (!src) return <FileTextIcon size={24} focusable="false" />;
  return <img className="document-row__thumbnail" src={src} alt="" loading="lazy" />;
}

/**
 * One file of a folder: a box to choose it for "Download selected", a picture's thumbnail or a file
 * icon, its name (a link that saves it; its address is the file's download page, so it also works
 * opened in a new tab), type, size, date, category and tags, then "Open" for files a browser shows,
 * and "Edit" and "Delete" when the server says the user may (`canUpdate`, `canDelete`).
 */
export function DocumentRow({
  document,
  selected,
  onSelect,
  onDownload,
  onEdit,
  onDelete,
}: {
  document: Document;
  selected: boolean;
  onSelect(selected: boolean): void;
  onDownload(): void;
  onEdit(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation('documents');
  const { date } = useFormatters();
  const open = useOpenDocument();
  const [opening, setOpening] = useState(false);
  const extension = (document.extension || extensionOf(document.fileName)).toUpperCase();

  return (
    <li className={selected ? 'document-row document-row--selected' : 'document-row'}>
      <input
        type="checkbox"
        className="document-row__check"
        checked={selected}
        aria-label={t('files.select', { name: document.name })}
        onChange={(event) => onSelect(event.target.checked)}
      />
      <span className="document-row__icon" aria-hidden="true">
        <FileThumbnail document={document} />
      </span>
      <div className="document-row__main">
        <a
          className="document-row__name"
          href={documentDownloadPath(document.id)}
          title={t('files.download', { name: document.fileName })}
          onClick={(event) => {
            event.preventDefault();
            onDownload();
          }}
        >
          {document.name}
        </a>
        <p className="document-row__meta muted">
          {extension && <span className="document-row__type">{extension}</span>}
          <span>{formatFileSize(document.size)}</span>
          <time dateTime={document.created}>{t('files.added', { date: date(document.created) })}</time>
        </p>
        {(document.homeFolder || document.tags.length > 0) && (
          <ul className="document-row__tags" aria-label={t('files.tags')}>
            {document.homeFolder && (
              <li className="tag tag--step">{t(`categories.${document.homeFolder}`)}</li>
            )}
            {document.tags.map((tag) => (
              <li key={tag} className="tag tag--muted">
                {tag}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="document-row__actions">
        {isViewable(document.mimeType) && (
          <button
            type="button"
            className="icon-button document-row__action"
            aria-label={t('files.open', { name: document.name })}
            title={t('files.open', { name: document.name })}
            disabled={opening}
            aria-busy={opening || undefined}
            onClick={() => {
              setOpening(true);
              void open(document).finally(() => setOpening(false));
            }}
          >
            <ExternalLinkIcon size={20} aria-hidden="true" focusable="false" />
          </button>
        )}
        {document.canUpdate && (
          <button
            type="button"
            className="icon-button document-row__action"
            aria-label={t('files.edit', { name: document.name })}
            title={t('files.edit', { name: document.name })}
            onClick={onEdit}
          >
            <PencilIcon size={20} aria-hidden="true" focusable="false" />
          </button>
        )}
        {document.canDelete && (
          <button
            type="button"
            className="icon-button document-row__action document-row__action--danger"
            aria-label={t('files.delete', { name: document.name })}
            title={t('files.delete', { name: document.name })}
            onClick={onDelete}
          >
            <Trash2Icon size={20} aria-hidden="true" focusable="false" />
          </button>
        )}
      </div>
    </li>
  );
}
