import { Dialog, Stack, TextField } from '@mui/material';
import {
  type Folder,
  VIDEO_POSITION_MAX,
  VIDEO_SOURCES,
  VIDEO_TITLE_MAX_CHARS,
  VIDEO_URL_MAX_CHARS,
  type Video,
  type VideoBody,
  type VideoSource,
  videoIdentifierFrom,
  videoIdentifierProblem,
  zVideo,
} from '@porta/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useErrorText } from '../../content/api';
import { useDocumentsApi } from './api';
import { DocumentsFormDialog } from './DocumentsFormDialog';
import { namedTranslations, type Translations, TranslationsFieldset } from './TranslatedNames';
import { flatten } from './tree';

/** What the video dialog does: add a video to the company, or change one. */
export type VideoDialogMode = { mode: 'create' } | { mode: 'edit'; video: Video };

interface VideoDialogProps {
  /** Null: closed. */
  mode: VideoDialogMode | null;
  housingCompanyId: string;
  /** The company's folders, one of which the video may be shown beside. */
  folders: readonly Folder[];
  onClose: () => void;
  onSaved: (video: Video) => void;
}

const NO_FOLDER = '';

/** The value a folder is named by in a video's documentFolderKey: its standard key, else its id. */
export function folderKeyOf(folder: Folder): string {
  return folder.key ?? folder.id;
}

/**
 * Add or change an introduction video (03 §7 POST /video, PUT /video/{id}): its title and the
 * title in each of the nine languages, where it is (YouTube or Vimeo by the video's id, which a
 * pasted address of the video gives, or an https address), the folder it is shown beside and its
 * place in the list. The identifier is checked as the service checks it before it is sent; the
 * service's refusals (the same video twice, …) show in the dialog, in words.
 */
export function VideoDialog({ mode, housingCompanyId, folders, onClose, onSaved }: VideoDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const api = useDocumentsApi();
  const [locale] = useLocaleState();
  const [title, setTitle] = useState('');
  const [translations, setTranslations] = useState<Translations>({});
  const [source, setSource] = useState<VideoSource>('youtube');
  const [identifier, setIdentifier] = useState('');
  const [folderKey, setFolderKey] = useState(NO_FOLDER);
  const [position, setPosition] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [identifierWrong, setIdentifierWrong] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!mode) return;
    setProblem(null);
    setIdentifierWrong(false);
    const video = mode.mode === 'edit' ? mode.video : null;
    setTitle(video?.titles.title ?? '');
    setTranslations({ ...(video?.titles.translations ?? {}) });
    setSource(video?.source ?? 'youtube');
    setIdentifier(video?.identifier ?? '');
    setFolderKey(video?.documentFolderKey ?? NO_FOLDER);
    setPosition(video ? String(video.position) : '');
  }, [mode]);

  if (!mode) return <Dialog open={false} />;
  const editing = mode.mode === 'edit' ? mode.video : null;
  const known = new Set(folders.map(folderKeyOf));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setProblem(translate('porta.documents.videos.title_required'));
      return;
    }
    const id = videoIdentifierFrom(source, identifier);
    setIdentifier(id);
    // The service's checks, said by the field's hint in the viewer's language.
    const wrong = videoIdentifierProblem(source, id) !== null;
    setIdentifierWrong(wrong);
    if (wrong) return;
    const at = Number(position);
    const body: VideoBody = {
      title: title.trim(),
      translations: namedTranslations(translations),
      source,
      identifier: id,
      documentFolderKey: folderKey || null,
      ...(position.trim() && Number.isFinite(at)
        ? { position: Math.min(VIDEO_POSITION_MAX, Math.max(0, Math.trunc(at))) }
        : {}),
    };
    setBusy(true);
    setProblem(null);
    try {
      const saved = editing
        ? await api.call('PUT', `/videos/${encodeURIComponent(editing.id)}`, {
            query: { lang: locale },
            body,
            schema: zVideo,
          })
        : await api.call('POST', `/housing-companies/${encodeURIComponent(housingCompanyId)}/videos`, {
            query: { lang: locale },
            body,
            schema: zVideo,
          });
      notify(editing ? 'porta.documents.videos.saved' : 'porta.documents.videos.created', {
        type: 'info',
        messageArgs: { name: saved.title },
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
          ? translate('porta.documents.videos.edit_title', { name: editing.title })
          : translate('porta.documents.videos.add_title')
      }
      onClose={onClose}
      onSubmit={save}
      busy={busy}
      problem={problem}
      maxWidth="md"
    >
      <TextField
        label={translate('porta.documents.videos.video_title')}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        required
        fullWidth
        autoFocus
        slotProps={{ htmlInput: { maxLength: VIDEO_TITLE_MAX_CHARS } }}
      />
      <TranslationsFieldset
        legend="porta.documents.videos.translations"
        help="porta.documents.videos.translations_help"
        value={translations}
        onChange={setTranslations}
        maxLength={VIDEO_TITLE_MAX_CHARS}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={translate('porta.documents.videos.source')}
          value={source}
          onChange={(event) => {
            setSource(event.target.value as VideoSource);
            setIdentifierWrong(false);
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 180 }}
        >
          {VIDEO_SOURCES.map((option) => (
            <option key={option} value={option}>
              {translate(`porta.documents.videos.sources.${option}`)}
            </option>
          ))}
        </TextField>
        <TextField
          label={translate('porta.documents.videos.identifier')}
          value={identifier}
          onChange={(event) => {
            setIdentifier(event.target.value);
            setIdentifierWrong(false);
          }}
          onBlur={() => setIdentifier((typed) => videoIdentifierFrom(source, typed))}
          required
          fullWidth
          error={identifierWrong}
          helperText={translate(`porta.documents.videos.identifier_help.${source}`)}
          slotProps={{ htmlInput: { maxLength: VIDEO_URL_MAX_CHARS, spellCheck: false } }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={translate('porta.documents.videos.folder')}
          value={folderKey}
          onChange={(event) => setFolderKey(event.target.value)}
          fullWidth
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value={NO_FOLDER}>{translate('porta.documents.videos.no_folder')}</option>
          {folderKey && !known.has(folderKey) ? (
            <option value={folderKey}>
              {translate('porta.documents.videos.missing_folder', { key: folderKey })}
            </option>
          ) : null}
          {flatten(folders).map(({ folder, depth }) => (
            <option key={folder.id} value={folderKeyOf(folder)}>
              {`${'\u00a0\u00a0'.repeat(depth)}${folder.name}`}
            </option>
          ))}
        </TextField>
        <TextField
          type="number"
          label={translate('porta.documents.videos.position')}
          value={position}
          onChange={(event) => setPosition(event.target.value)}
          helperText={translate('porta.documents.videos.position_help')}
          slotProps={{ htmlInput: { min: 0, max: VIDEO_POSITION_MAX, step: 1 } }}
          sx={{ minWidth: 180 }}
        />
      </Stack>
    </DocumentsFormDialog>
  );
}
