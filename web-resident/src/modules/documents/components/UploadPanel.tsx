import { type Folder, HOME_FOLDER_CATEGORIES, type HomeFolderCategory } from '@porta/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../../shared/ui/FilePicker';
import { SelectField } from '../../../shared/ui/fields';
import { useToast } from '../../../shared/ui/Toast';
import { type DocumentUpload, useDocumentUploads } from '../hooks/use-document-uploads';
import { useDocumentErrorText } from '../hooks/use-error-text';
import { documentExtensions } from '../utils/files';

/** A file's progress while it uploads, its turn before, or that it is done. */
function UploadStatus({ item }: { item: DocumentUpload }) {
  const { t } = useTranslation('documents');
  const percent = Math.round(item.progress * 100);
  if (item.state === 'waiting')
    return <span className="document-upload__status muted">{t('upload.waiting')}</span>;
  if (item.state === 'done') {
    return (
      <span className="document-upload__status document-upload__status--done">{t('upload.uploaded')}</span>
    );
  }
  return (
    <>
      <progress
        className="document-upload__progress"
        max={100}
        value={percent}
        aria-label={t('upload.progressLabel', { name: item.file.name })}
      />
      <span className="document-upload__status muted">{t('upload.progress', { percent })}</span>
    </>
  );
}

/**
 * Uploading into a folder whose `canUpload` is on (02 §3): files chosen or dropped on the app's
 * file picker, a category in the home folder (03 §5), then "Upload" sends them one request each
 * with a progress bar per file. Refusals show at their file in words; the folder's list is read
 * again when the files have had their turn.
 */
export function UploadPanel({ folder, id, onClose }: { folder: Folder; id: string; onClose(): void }) {
  const { t } = useTranslation('documents');
  const uploads = useDocumentUploads(folder);
  const errorText = useDocumentErrorText();
  const toast = useToast();
  const titleId = useId();
  const categoryRef = useRef<HTMLSelectElement>(null);
  const [category, setCategory] = useState<HomeFolderCategory | ''>('');
  const [categoryMissing, setCategoryMissing] = useState(false);

  const start = async () => {
    if (folder.homeFolder && !category) {
      setCategoryMissing(true);
      categoryRef.current?.focus();
      return;
    }
    const uploaded = await uploads.start(category || null);
    if (uploaded > 0) toast.show(t('upload.done', { count: uploaded }), 'success');
  };

  const close = () => {
    uploads.reset();
    onClose();
  };

  return (
    <section id={id} className="card document-upload" aria-labelledby={titleId}>
      <h3 id={titleId} className="card__title document-upload__title">
        {t('upload.title', { folder: folder.name })}
      </h3>
      <div className="form">
        {folder.homeFolder && (
          <SelectField
            label={t('upload.category')}
            value={category}
            required
            selectRef={categoryRef}
            disabled={uploads.uploading}
            hint={t('upload.categoryHint')}
            error={categoryMissing && !category ? t('errors.DOC_HOME_FOLDER_CATEGORY_REQUIRED') : undefined}
            options={[
              { value: '', label: t('upload.chooseCategory') },
              ...HOME_FOLDER_CATEGORIES.map((key) => ({ value: key, label: t(`categories.${key}`) })),
            ]}
            onChange={(value) => setCategory(value as HomeFolderCategory | '')}
          />
        )}
        <FilePicker
          className="document-upload__picker"
          label={t('upload.files')}
          hint={t('upload.hint', { types: documentExtensions(uploads.archives).join(', ') })}
          disabled={uploads.uploading}
          onFiles={uploads.add}
          items={uploads.items.map((item) => ({
            key: item.key,
            name: item.file.name,
            size: item.file.size,
            file: item.file,
            state: item.state,
            error:
              item.state === 'failed'
                ? item.refusal
                  ? t(`errors.${item.refusal}`)
                  : errorText(item.error)
                : undefined,
            status: item.state === 'failed' ? undefined : <UploadStatus item={item} />,
          }))}
          listLabel={t('upload.chosen')}
          removeLabel={(name) => t('upload.remove', { name })}
          onRemove={uploads.remove}
        />
        <div className="form__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={uploads.uploading || uploads.waiting === 0}
            aria-busy={uploads.uploading || undefined}
            onClick={() => void start()}
          >
            {uploads.uploading ? t('upload.uploading') : t('upload.start')}
          </button>
          <button type="button" className="button button--secondary" onClick={close}>
            {t('upload.close')}
          </button>
        </div>
      </div>
    </section>
  );
}
