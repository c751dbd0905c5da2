import type { Document, Folder } from '@porta/contracts';
import { DownloadIcon, SearchIcon, UploadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { useToast } from '../../../shared/ui/Toast';
import { useDeleteDocument, useDownload, useFolderDocuments } from '../hooks/queries';
import { isDocumentError, useDocumentErrorText } from '../hooks/use-error-text';
import { DocumentRow } from './DocumentRow';
import { EditDocumentDialog } from './EditDocumentDialog';
import { UploadPanel } from './UploadPanel';

/** How long typing pauses before the search is asked. */
const SEARCH_DELAY_MS = 300;

/**
 * The chosen folder's files (02 §2–§3): its name and path, a search (asked as `q` once typing
 * pauses), "Download folder", "Upload files" where the folder's `canUpload` is on, the files a page
 * at a time with "Load more", and a choice of files saved together as one zip ("Download selected").
 * Every download goes through a download link, so the browser saves it straight to disk. A file's
 * edit and delete dialogs open from here, where it is known whether the folder is the home folder.
 */
export function FolderFiles({ folder }: { folder: Folder }) {
  const { t } = useTranslation('documents');
  const { t: tc } = useTranslation('common');
  const idBase = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const files = useFolderDocuments(folder.id, q);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<Document | null>(null);
  const [deleting, setDeleting] = useState<Document | null>(null);
  const download = useDownload();
  const errorText = useDocumentErrorText();

  const items = files.data?.pages.flatMap((page) => page.items) ?? [];
  const allChosen = items.length > 0 && items.every((item) => chosen.has(item.id));
  const choose = (ids: readonly string[], on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const searching = q !== '';
  const uploadId = `${idBase}-upload`;

  return (
    <section className="document-folder" aria-labelledby={`${idBase}-title`}>
      <header className="document-folder__header">
        <div className="document-folder__heading">
          <h2 id={`${idBase}-title`} className="document-folder__title">
            {folder.name}
          </h2>
          {folder.path !== folder.name && <p className="document-folder__path muted">{folder.path}</p>}
        </div>
        <div className="document-folder__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={folder.documentCount === 0 || download.isPending}
            onClick={() => download.mutate({ folderId: folder.id })}
          >
            <DownloadIcon size={18} aria-hidden="true" focusable="false" />
            {t('files.downloadFolder')}
          </button>
          {folder.canUpload && (
            <button
              type="button"
              className="button button--primary"
              aria-expanded={uploading}
              aria-controls={uploading ? uploadId : undefined}
              onClick={() => setUploading((open) => !open)}
            >
              <UploadIcon size={18} aria-hidden="true" focusable="false" />
              {t('upload.open')}
            </button>
          )}
        </div>
      </header>

      {uploading && folder.canUpload && (
        <UploadPanel folder={folder} id={uploadId} onClose={() => setUploading(false)} />
      )}

      <search className="document-folder__search">
        <label htmlFor={`${idBase}-search`} className="field__label">
          {t('files.search')}
        </label>
        <span className="document-folder__search-box">
          <SearchIcon
            className="document-folder__search-icon"
            size={18}
            aria-hidden="true"
            focusable="false"
          />
          <input
            id={`${idBase}-search`}
            className="field__input document-folder__search-input"
            type="search"
            value={text}
            placeholder={t('files.searchPlaceholder')}
            autoComplete="off"
            maxLength={100}
            onChange={(event) => setText(event.target.value)}
          />
        </span>
      </search>

      {(download.isPending || download.isError) && (
        <p
          className={download.isError ? 'alert alert--error' : 'alert'}
          role={download.isError ? 'alert' : 'status'}
        >
          {download.isError ? errorText(download.error) : t('files.preparing')}
        </p>
      )}

      {items.length > 0 && (
        <div className="document-selection">
          <label className="document-selection__all">
            <input
              type="checkbox"
              checked={allChosen}
              onChange={(event) =>
                choose(
                  items.map((item) => item.id),
                  event.target.checked,
                )
              }
            />
            {t('files.selectAll')}
          </label>
          <span className="document-selection__count" aria-live="polite">
            {t('files.selected', { count: chosen.size })}
          </span>
          <button
            type="button"
            className="button button--primary"
            disabled={chosen.size === 0 || download.isPending}
            onClick={() => download.mutate({ ids: [...chosen] })}
          >
            <DownloadIcon size={18} aria-hidden="true" focusable="false" />
            {t('files.downloadSelected')}
          </button>
          {chosen.size > 0 && (
            <button type="button" className="link-button" onClick={() => setChosen(new Set())}>
              {t('files.clearSelection')}
            </button>
          )}
        </div>
      )}

      <div className="document-folder__files" aria-busy={files.isFetching || undefined}>
        <QueryStatus
          pending={files.isPending}
          error={files.data ? null : files.error}
          message={isDocumentError(files.error) ? errorText(files.error) : undefined}
          onRetry={() => void files.refetch()}
        />
        {files.data &&
          items.length === 0 &&
          (searching ? (
            <EmptyState
              title={t('files.noMatchesTitle', { query: q })}
              description={t('files.noMatchesText')}
              action={{ label: t('files.clearSearch'), onClick: () => setText('') }}
            />
          ) : (
            <EmptyState
              title={t('files.emptyTitle')}
              description={folder.canUpload ? t('files.emptyUploadText') : t('files.emptyText')}
            />
          ))}
        {items.length > 0 && (
          <ul className="document-list" aria-label={t('files.label', { folder: folder.name })}>
            {items.map((document) => (
              <DocumentRow
                key={document.id}
                document={document}
                selected={chosen.has(document.id)}
                onSelect={(on) => choose([document.id], on)}
                onDownload={() => download.mutate({ ids: [document.id] })}
                onEdit={() => setEditing(document)}
                onDelete={() => setDeleting(document)}
              />
            ))}
          </ul>
        )}
        {(files.hasNextPage || files.isFetchNextPageError) && (
          <div className="load-more">
            {files.isFetchNextPageError && (
              <p className="alert alert--error" role="alert">
                {tc('errors.contentCouldNotBeLoaded')}
              </p>
            )}
            {files.hasNextPage && (
              <button
                type="button"
                className="button button--secondary"
                disabled={files.isFetchingNextPage}
                aria-busy={files.isFetchingNextPage || undefined}
                onClick={() => void files.fetchNextPage()}
              >
                {files.isFetchingNextPage ? tc('status.loading') : t('files.loadMore')}
              </button>
            )}
          </div>
        )}
      </div>

      {editing && (
        <EditDocumentDialog
          document={editing}
          inHomeFolder={folder.homeFolder || editing.homeFolder !== null}
          onClose={() => setEditing(null)}
        />
      )}

      {deleting && (
        <DeleteDocumentDialog
          document={deleting}
          onDone={() => {
            choose([deleting.id], false);
            setDeleting(null);
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}

/** Confirm deleting a file; a refusal shows in the dialog. */
function DeleteDocumentDialog({
  document,
  onDone,
  onCancel,
}: {
  document: Document;
  onDone(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('documents');
  const remove = useDeleteDocument();
  const errorText = useDocumentErrorText();
  const toast = useToast();
  return (
    <ConfirmDialog
      title={t('delete.title')}
      confirmLabel={t('delete.confirm')}
      destructive
      busy={remove.isPending}
      error={remove.isError ? errorText(remove.error) : null}
      onCancel={onCancel}
      onConfirm={() =>
        remove.mutate(document, {
          onSuccess: () => {
            toast.show(t('delete.done'), 'success');
            onDone();
          },
        })
      }
    >
      <p>{t('delete.text', { name: document.name })}</p>
    </ConfirmDialog>
  );
}
