import { Box, Checkbox, Dialog, FormControlLabel, TextField, Typography } from '@mui/material';
import {
  type CreateFolderBody,
  DOCUMENT_NAME_MAX_CHARS,
  type Folder,
  type UpdateFolderBody,
  zFolder,
} from '@porta/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useErrorText } from '../../content/api';
import { useDocumentsApi } from './api';
import { DocumentsFormDialog } from './DocumentsFormDialog';
import { namedTranslations, type Translations, TranslationsFieldset } from './TranslatedNames';
import { flatten, withDescendants } from './tree';

/** What the folder dialog does: make a folder under `parentId` (null: at the top), or edit one. */
export type FolderDialogMode = { mode: 'create'; parentId: string | null } | { mode: 'edit'; folder: Folder };

interface FolderDialogProps {
  /** Null: closed. */
  mode: FolderDialogMode | null;
  folders: readonly Folder[];
  housingCompanyId: string;
  /** The apartment whose tree it is; null: the housing company's. */
  apartmentId: string | null;
  onClose: () => void;
  onSaved: (folder: Folder) => void;
}

const TOP = '';

/**
 * Make or edit a folder (those who run the company's documents): its name, the name in each of the
 * nine languages (a language left empty shows the folder's own name), whether residents see it,
 * and the folder it is under (moving it takes the folders below along). A folder cannot go under
 * itself or below itself, so those are not offered; the service's refusals (too deep, …) are
 * shown in the dialog, in words.
 */
export function FolderDialog({
  mode,
  folders,
  housingCompanyId,
  apartmentId,
  onClose,
  onSaved,
}: FolderDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const api = useDocumentsApi();
  const [locale] = useLocaleState();
  const [name, setName] = useState('');
  const [translations, setTranslations] = useState<Translations>({});
  const [visible, setVisible] = useState(true);
  const [parentId, setParentId] = useState(TOP);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!mode) return;
    setProblem(null);
    if (mode.mode === 'edit') {
      const names = mode.folder.names;
      setName(names?.name ?? mode.folder.name);
      setTranslations({ ...(names?.translations ?? {}) });
      setVisible(mode.folder.visible);
      setParentId(mode.folder.parentId ?? TOP);
    } else {
      setName('');
      setTranslations({});
      setVisible(true);
      setParentId(mode.parentId ?? TOP);
    }
  }, [mode]);

  if (!mode) return <Dialog open={false} />;
  const editing = mode.mode === 'edit' ? mode.folder : null;
  const excluded = editing ? withDescendants(folders, editing.id) : new Set<string>();
  const parents = flatten(folders).filter(({ folder }) => !excluded.has(folder.id));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem(translate('porta.documents.folder.name_required'));
      return;
    }
    const named = namedTranslations(translations);
    setBusy(true);
    setProblem(null);
    try {
      let saved: Folder;
      if (editing) {
        const body: UpdateFolderBody = { name: name.trim(), translations: named, visible };
        if ((editing.parentId ?? TOP) !== parentId) body.parentId = parentId || null;
        saved = await api.call('PATCH', `/folders/${encodeURIComponent(editing.id)}`, {
          query: { lang: locale },
          body,
          schema: zFolder,
        });
      } else {
        const body: CreateFolderBody = {
          parentId: parentId || null,
          name: name.trim(),
          translations: named,
          visible,
          ...(apartmentId ? { apartmentId } : {}),
        };
        saved = await api.call('POST', `/housing-companies/${encodeURIComponent(housingCompanyId)}/folders`, {
          query: { lang: locale },
          body,
          schema: zFolder,
        });
      }
      notify(editing ? 'porta.documents.folder.saved' : 'porta.documents.folder.created', {
        type: 'info',
        messageArgs: { name: saved.name },
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
      title={
        editing
          ? translate('porta.documents.folder.edit_title', { name: editing.name })
          : translate(parentId ? 'porta.documents.folder.new_sub' : 'porta.documents.folder.new_top')
      }
      onClose={onClose}
      onSubmit={save}
      busy={busy}
      problem={problem}
      maxWidth="md"
    >
      <TextField
        label={translate('porta.documents.folder.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        fullWidth
        autoFocus
        slotProps={{ htmlInput: { maxLength: DOCUMENT_NAME_MAX_CHARS } }}
      />
      <TranslationsFieldset
        legend="porta.documents.folder.translations"
        help="porta.documents.folder.translations_help"
        value={translations}
        onChange={setTranslations}
        maxLength={DOCUMENT_NAME_MAX_CHARS}
      />
      <TextField
        select
        label={translate('porta.documents.folder.parent')}
        value={parentId}
        onChange={(event) => setParentId(event.target.value)}
        fullWidth
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value={TOP}>{translate('porta.documents.folder.top_level')}</option>
        {parents.map(({ folder, depth }) => (
          <option key={folder.id} value={folder.id}>
            {`${'\u00a0\u00a0'.repeat(depth + 1)}${folder.name}`}
          </option>
        ))}
      </TextField>
      <Box>
        <FormControlLabel
          control={<Checkbox checked={visible} onChange={(_, on) => setVisible(on)} />}
          label={translate('porta.documents.folder.visible')}
        />
        <Typography variant="body2" color="text.secondary">
          {translate('porta.documents.folder.visible_help')}
        </Typography>
      </Box>
    </DocumentsFormDialog>
  );
}
