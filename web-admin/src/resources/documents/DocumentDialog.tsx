import { Dialog, TextField } from '@mui/material';
import {
  DOCUMENT_NAME_MAX_CHARS,
  DOCUMENT_TAG_MAX_CHARS,
  DOCUMENT_TAGS_MAX,
  type Document,
  type Folder,
  HOME_FOLDER_CATEGORIES,
  type HomeFolderCategory,
  type UpdateDocumentBody,
  zDocument,
} from '@porta/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useErrorText } from '../../content/api';
import { tagsOf, useDocumentsApi } from './api';
import { DocumentsFormDialog } from './DocumentsFormDialog';
import { flatten } from './tree';

interface DocumentDialogProps {
  /** The file edited; null: closed. */
  document: Document | null;
  folders: readonly Folder[];
  onClose: () => void;
  onSaved: (document: Document) => void;
}

/** Tags within the service's limits, or the text that says what is wrong. */
export function tagsProblem(tags: readonly string[]): string | null {
  if (tags.length > DOCUMENT_TAGS_MAX || tags.some((tag) => tag.length > DOCUMENT_TAG_MAX_CHARS)) {
    return 'porta.documents.tags_limits';
  }
  return null;
}

/**
 * Rename a file, change its tags, or move it to another folder of the same tree (PATCH
 * /documents/:id with what changed). A file in the home folder carries a category, so one is asked
 * for when the file is or goes there. The service's refusal is shown in the dialog, in words.
 */
export function DocumentDialog({ document, folders, onClose, onSaved }: DocumentDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const api = useDocumentsApi();
  const [name, setName] = useState('');
  const [tags, setTags] = useState('');
  const [folderId, setFolderId] = useState('');
  const [category, setCategory] = useState<HomeFolderCategory | ''>('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!document) return;
    setName(document.name);
    setTags(document.tags.join(', '));
    setFolderId(document.folderId);
    setCategory(document.homeFolder ?? '');
    setProblem(null);
  }, [document]);

  if (!document) return <Dialog open={false} />;
  const target = folders.find((folder) => folder.id === folderId);
  const needsCategory = !!target?.homeFolder;
  // Where the file may go: folders the viewer may upload to, and the one it is in.
  const targets = flatten(folders).filter(
    ({ folder }) => folder.canUpload || folder.id === document.folderId,
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const tagList = tagsOf(tags);
    const tagProblem = tagsProblem(tagList);
    if (!name.trim()) return setProblem(translate('ra.validation.required'));
    if (tagProblem)
      return setProblem(translate(tagProblem, { max: DOCUMENT_TAGS_MAX, chars: DOCUMENT_TAG_MAX_CHARS }));
    if (needsCategory && !category)
      return setProblem(translate('porta.errors.DOC_HOME_FOLDER_CATEGORY_REQUIRED'));
    const body: UpdateDocumentBody = {};
    if (name.trim() !== document.name) body.name = name.trim();
    if (tagList.join(',') !== document.tags.join(',')) body.tags = tagList;
    if (folderId !== document.folderId) body.folderId = folderId;
    if (needsCategory && category && (category !== document.homeFolder || body.folderId))
      body.homeFolder = category;
    if (Object.keys(body).length === 0) return onClose();
    setBusy(true);
    setProblem(null);
    try {
      const saved = await api.call('PATCH', `/documents/${encodeURIComponent(document.id)}`, {
        body,
        schema: zDocument,
      });
      notify(body.folderId ? 'porta.documents.file.moved' : 'porta.documents.file.saved', {
        type: 'info',
        messageArgs: { name: saved.name, folder: target?.name ?? '' },
      });
      onSaved(saved);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <DocumentsFormDialog
      title={translate('porta.documents.file.edit_title', { name: document.name })}
      onClose={onClose}
      onSubmit={save}
      busy={busy}
      problem={problem}
      maxWidth="sm"
    >
      <TextField
        label={translate('porta.documents.file.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: DOCUMENT_NAME_MAX_CHARS } }}
      />
      <TextField
        label={translate('porta.documents.file.tags')}
        value={tags}
        onChange={(event) => setTags(event.target.value)}
        helperText={translate('porta.documents.tags_help')}
        fullWidth
      />
      <TextField
        select
        label={translate('porta.documents.file.folder')}
        value={folderId}
        onChange={(event) => setFolderId(event.target.value)}
        fullWidth
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {targets.map(({ folder, depth }) => (
          <option key={folder.id} value={folder.id}>
            {`${'\u00a0\u00a0'.repeat(depth)}${folder.name}`}
          </option>
        ))}
      </TextField>
      {needsCategory ? <CategorySelect value={category} onChange={setCategory} /> : null}
    </DocumentsFormDialog>
  );
}

/** The home folder's category of a file (03 §3), required there. */
export function CategorySelect({
  value,
  onChange,
}: {
  value: HomeFolderCategory | '';
  onChange: (value: HomeFolderCategory | '') => void;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      required
      label={translate('porta.documents.file.category')}
      value={value}
      onChange={(event) => onChange(event.target.value as HomeFolderCategory | '')}
      helperText={translate('porta.documents.category_help')}
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{translate('porta.documents.choose_category')}</option>
      {HOME_FOLDER_CATEGORIES.map((key) => (
        <option key={key} value={key}>
          {translate(`porta.documents.categories.${key}`)}
        </option>
      ))}
    </TextField>
  );
}
