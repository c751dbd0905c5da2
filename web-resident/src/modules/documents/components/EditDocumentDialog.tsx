import {
  DOCUMENT_NAME_MAX_CHARS,
  DOCUMENT_TAG_MAX_CHARS,
  DOCUMENT_TAGS_MAX,
  type Document,
  HOME_FOLDER_CATEGORIES,
  type HomeFolderCategory,
  type UpdateDocumentBody,
} from '@porta/contracts';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, SubmitButton, TextField } from '../../../shared/ui/fields';
import { useToast } from '../../../shared/ui/Toast';
import { Modal } from '../../news';
import { useUpdateDocument } from '../hooks/queries';
import { useDocumentErrorText } from '../hooks/use-error-text';

/** Tags as typed: split at commas, trimmed, the empty and the repeated left out (a row shows each once). */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(',').map((tag) => tag.trim()))].filter((tag) => tag !== '');
}

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((tag, i) => tag === b[i]);

/**
 * A file's name, tags and, in the home folder, its category (03 §5), changed by a user whose
 * `canUpdate` is on. The limits of the service are checked here first, so that a refusal says which
 * field is wrong; only the fields that changed are sent. A failure shows in the dialog with what
 * was typed kept for another try. Focus starts on the name; Escape and Cancel close, except while
 * saving, so that the outcome is not lost.
 */
export function EditDocumentDialog({
  document,
  inHomeFolder,
  onClose,
}: {
  document: Document;
  /** The file's folder is the home folder (or the file has a category): a category is required. */
  inHomeFolder: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('documents');
  const { t: tc } = useTranslation('common');
  const toast = useToast();
  const errorText = useDocumentErrorText();
  const update = useUpdateDocument();
  const nameRef = useRef<HTMLInputElement>(null);
  const tagsRef = useRef<HTMLInputElement>(null);
  const categoryRef = useRef<HTMLSelectElement>(null);
  const initialTags = document.tags.join(', ');
  const [name, setName] = useState(document.name);
  const [tagsText, setTagsText] = useState(initialTags);
  const [category, setCategory] = useState<HomeFolderCategory | ''>(document.homeFolder ?? '');
  // Errors show once Save was tried, then follow the typing.
  const [tried, setTried] = useState(false);
  const saving = update.isPending;

  const trimmedName = name.trim();
  const tags = parseTags(tagsText);
  const longTag = tags.find((tag) => tag.length > DOCUMENT_TAG_MAX_CHARS);
  const nameError =
    trimmedName === ''
      ? tc('form.required')
      : trimmedName.length > DOCUMENT_NAME_MAX_CHARS
        ? tc('form.maxLength', { max: DOCUMENT_NAME_MAX_CHARS })
        : undefined;
  const tagsError =
    tags.length > DOCUMENT_TAGS_MAX
      ? t('edit.tooManyTags', { max: DOCUMENT_TAGS_MAX })
      : longTag
        ? t('edit.tagTooLong', { tag: longTag, max: DOCUMENT_TAG_MAX_CHARS })
        : undefined;
  const categoryError = inHomeFolder && !category ? t('errors.DOC_HOME_FOLDER_CATEGORY_REQUIRED') : undefined;

  const close = () => {
    if (!saving) onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setTried(true);
    const invalid = nameError ? nameRef : tagsError ? tagsRef : categoryError ? categoryRef : null;
    if (invalid) {
      invalid.current?.focus();
      return;
    }
    const body: UpdateDocumentBody = {};
    if (trimmedName !== document.name) body.name = trimmedName;
    // Tags left as they were are not sent again (a tag holding a comma would be split).
    if (tagsText !== initialTags && !sameTags(tags, document.tags)) body.tags = tags;
    if (inHomeFolder && category && category !== document.homeFolder) body.homeFolder = category;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { document, body },
      {
        onSuccess: () => {
          toast.show(t('edit.saved'), 'success');
          onClose();
        },
      },
    );
  };

  return (
    <Modal title={t('edit.title')} onClose={close} initialFocus={nameRef} className="document-edit">
      <form className="form" onSubmit={submit} noValidate aria-busy={saving || undefined}>
        <TextField
          label={t('edit.name')}
          value={name}
          required
          maxLength={DOCUMENT_NAME_MAX_CHARS}
          autoComplete="off"
          inputRef={nameRef}
          disabled={saving}
          error={tried ? nameError : undefined}
          onChange={setName}
        />
        <TextField
          label={t('edit.tags')}
          value={tagsText}
          autoComplete="off"
          inputRef={tagsRef}
          disabled={saving}
          hint={t('edit.tagsHint', { max: DOCUMENT_TAGS_MAX, chars: DOCUMENT_TAG_MAX_CHARS })}
          error={tried ? tagsError : undefined}
          onChange={setTagsText}
        />
        {inHomeFolder && (
          <SelectField
            label={t('upload.category')}
            value={category}
            required
            selectRef={categoryRef}
            disabled={saving}
            hint={t('upload.categoryHint')}
            error={tried ? categoryError : undefined}
            options={[
              { value: '', label: t('upload.chooseCategory') },
              ...HOME_FOLDER_CATEGORIES.map((key) => ({ value: key, label: t(`categories.${key}`) })),
            ]}
            onChange={(value) => setCategory(value as HomeFolderCategory | '')}
          />
        )}
        {update.isError && (
          <p className="form__alert" role="alert">
            {errorText(update.error)}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" disabled={saving} onClick={close}>
            {tc('actions.cancel')}
          </button>
          <SubmitButton busy={saving} label={t('edit.save')} busyLabel={t('edit.saving')} />
        </div>
      </form>
    </Modal>
  );
}
