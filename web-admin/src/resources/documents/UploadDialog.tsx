import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import CloseIcon from '@mui/icons-material/Close';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  DOCUMENT_ARCHIVE_EXTENSIONS,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_TAG_MAX_CHARS,
  DOCUMENT_TAGS_MAX,
  type Folder,
  type HomeFolderCategory,
  zDeletedCount,
} from '@porta/contracts';
import { formatFileSize } from '@porta/web-kit';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { FilePickerButton } from '../../common/FilePickerButton';
import { useErrorText } from '../../content/api';
import { tagsOf, useDocumentsApi } from './api';
import { CategorySelect, tagsProblem } from './DocumentDialog';
import { useFullScreenDialog } from './phone';

/**
 * The file types the picker offers (03 §9; archives are the developer's staff's only, which the
 * service checks). A dropped file is not filtered: the service decides and says why at the file.
 */
const ACCEPT = [...DOCUMENT_EXTENSIONS, ...DOCUMENT_ARCHIVE_EXTENSIONS].map((ext) => `.${ext}`).join(',');

type Status = 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';

interface Item {
  key: number;
  file: File;
  status: Status;
  /** The share of the file sent, 0 to 1. */
  progress: number;
  /** Why it failed, in words. */
  error?: string;
}

interface UploadDialogProps {
  open: boolean;
  folder: Folder;
  housingCompanyId: string;
  /** `changed`: files were stored or removed (the list loads again). */
  onClose: (changed: boolean) => void;
}

/**
 * Upload many files into a folder (02 §7 addFileMultipart): files chosen or dropped, optional tags,
 * the category in the home folder, and whether to notify those who may read the folder. Each file
 * is its own request, so each has its own progress bar and its own answer: the first answer's
 * upload batch id goes with the ones after it, which makes them one upload (one notice to the
 * readers, one batch to undo). A refusal is shown at its file, in words, and the others go on;
 * afterwards a summary says how it went, and "Undo this upload" deletes the batch.
 */
export function UploadDialog({ open, folder, housingCompanyId, onClose }: UploadDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const api = useDocumentsApi();
  const [locale] = useLocaleState();
  const titleId = useId();
  const fullScreen = useFullScreenDialog();
  const [items, setItems] = useState<Item[]>([]);
  const [tags, setTags] = useState('');
  const [category, setCategory] = useState<HomeFolderCategory | ''>('');
  const [notifyUsers, setNotifyUsers] = useState(false);
  const [phase, setPhase] = useState<'choose' | 'uploading' | 'done'>('choose');
  const [batchId, setBatchId] = useState<string | null>(null);
  const [undone, setUndone] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(0);
  const controller = useRef<AbortController | null>(null);

  // Each opening starts afresh.
  useEffect(() => {
    if (!open) return;
    setItems([]);
    setTags('');
    setCategory('');
    setNotifyUsers(false);
    setPhase('choose');
    setBatchId(null);
    setUndone(false);
    setProblem(null);
  }, [open]);

  const add = (files: readonly File[]) => {
    setProblem(null);
    setItems((all) => [
      ...all,
      ...files.map((file) => ({ key: nextKey.current++, file, status: 'waiting' as const, progress: 0 })),
    ]);
  };
  const update = (key: number, change: Partial<Item>) =>
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const start = async () => {
    const tagList = tagsOf(tags);
    const tagProblem = tagsProblem(tagList);
    if (tagProblem) {
      setProblem(translate(tagProblem, { max: DOCUMENT_TAGS_MAX, chars: DOCUMENT_TAG_MAX_CHARS }));
      return;
    }
    if (folder.homeFolder && !category) {
      setProblem(translate('porta.errors.DOC_HOME_FOLDER_CATEGORY_REQUIRED'));
      return;
    }
    setProblem(null);
    setPhase('uploading');
    const abort = new AbortController();
    controller.current = abort;
    let batch: string | null = null;
    for (const item of items) {
      if (abort.signal.aborted) {
        update(item.key, { status: 'cancelled' });
        continue;
      }
      update(item.key, { status: 'uploading', progress: 0, error: undefined });
      try {
        const result = await api.upload(folder.id, item.file, {
          query: {
            uploadBatchId: batch ?? undefined,
            tags: tagList.length ? tagList.join(',') : undefined,
            homeFolder: folder.homeFolder ? category : undefined,
            notifyUsers: notifyUsers ? 'true' : 'false',
            lang: locale,
          },
          onProgress: (share) => update(item.key, { progress: share }),
          signal: abort.signal,
        });
        batch ??= result.uploadBatchId;
        setBatchId(batch);
        update(item.key, { status: 'done', progress: 1 });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') {
          update(item.key, { status: 'cancelled' });
        } else {
          update(item.key, { status: 'failed', error: errorText(error) });
        }
      }
    }
    controller.current = null;
    setPhase('done');
  };

  const undo = async () => {
    if (!batchId) return;
    setUndoing(true);
    try {
      const answer = await api.call(
        'DELETE',
        `/housing-companies/${encodeURIComponent(housingCompanyId)}/batches/${encodeURIComponent(batchId)}`,
        { schema: zDeletedCount },
      );
      setUndone(true);
      notify('porta.documents.upload.undone', { type: 'info', messageArgs: { smart_count: answer.deleted } });
    } catch (error) {
      const text = errorText(error);
      notify(text, { type: 'error', messageArgs: { _: text } });
    } finally {
      setUndoing(false);
    }
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (phase !== 'choose') return;
    const files = [...(event.dataTransfer?.files ?? [])];
    if (files.length) add(files);
  };

  const done = items.filter((item) => item.status === 'done').length;
  const failed = items.filter((item) => item.status === 'failed').length;
  const cancelled = items.filter((item) => item.status === 'cancelled').length;
  const changed = done > 0;
  const close = () => {
    if (phase === 'uploading') return;
    onClose(changed);
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id={titleId}>
        {translate('porta.documents.upload.title', { name: folder.name })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {problem ? (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          ) : null}
          {phase === 'choose' ? (
            <>
              <Box
                onDragOver={(event) => {
                  event.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={drop}
                sx={{
                  border: 2,
                  borderStyle: 'dashed',
                  borderColor: dragging ? 'primary.main' : 'divider',
                  borderRadius: 1,
                  p: 3,
                  textAlign: 'center',
                  bgcolor: dragging ? 'action.hover' : undefined,
                }}
              >
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {translate('porta.documents.upload.drop')}
                </Typography>
                <FilePickerButton
                  accept={ACCEPT}
                  multiple
                  inputLabel={translate('porta.documents.upload.choose')}
                  onFiles={add}
                >
                  {translate('porta.documents.upload.choose')}
                </FilePickerButton>
              </Box>
              <TextField
                label={translate('porta.documents.file.tags')}
                value={tags}
                onChange={(event) => setTags(event.target.value)}
                helperText={translate('porta.documents.tags_help')}
                fullWidth
              />
              {folder.homeFolder ? <CategorySelect value={category} onChange={setCategory} /> : null}
              <FormControlLabel
                control={<Checkbox checked={notifyUsers} onChange={(_, on) => setNotifyUsers(on)} />}
                label={translate('porta.documents.upload.notify_users')}
              />
            </>
          ) : null}
          {items.length ? (
            <Box
              component="ul"
              aria-label={translate('porta.documents.upload.files')}
              sx={{ listStyle: 'none', m: 0, p: 0 }}
            >
              {items.map((item) => (
                <FileRow
                  key={item.key}
                  item={item}
                  onRemove={
                    phase === 'choose'
                      ? () => setItems((all) => all.filter((o) => o.key !== item.key))
                      : undefined
                  }
                />
              ))}
            </Box>
          ) : null}
          {phase === 'done' ? (
            <Alert severity={failed || cancelled ? 'warning' : 'success'} role="status">
              {translate('porta.documents.upload.summary', { done, total: items.length })}
              {failed
                ? ` ${translate('porta.documents.upload.summary_failed', { smart_count: failed })}`
                : ''}
              {cancelled
                ? ` ${translate('porta.documents.upload.summary_cancelled', { smart_count: cancelled })}`
                : ''}
              {undone ? ` ${translate('porta.documents.upload.summary_undone')}` : ''}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {phase === 'choose' ? (
          <>
            <Button onClick={close}>{translate('ra.action.cancel')}</Button>
            <Button variant="contained" disabled={items.length === 0} onClick={() => void start()}>
              {translate('porta.documents.upload.start', { smart_count: items.length })}
            </Button>
          </>
        ) : phase === 'uploading' ? (
          <Button onClick={() => controller.current?.abort()}>
            {translate('porta.documents.upload.stop')}
          </Button>
        ) : (
          <>
            {batchId && done > 0 && !undone ? (
              <Button color="warning" disabled={undoing} onClick={() => void undo()}>
                {translate('porta.documents.upload.undo')}
              </Button>
            ) : null}
            <Button variant="contained" onClick={() => onClose(changed)}>
              {translate('ra.action.close')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** One file of the upload: its name and size, a progress bar named after it, and how it went. */
function FileRow({ item, onRemove }: { item: Item; onRemove?: () => void }) {
  const translate = useTranslate();
  const nameId = useId();
  const statusText =
    item.status === 'uploading'
      ? translate('porta.documents.upload.status.uploading', { percent: Math.round(item.progress * 100) })
      : item.status === 'failed'
        ? (item.error ?? '')
        : translate(`porta.documents.upload.status.${item.status}`);
  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {item.status === 'done' ? <CheckCircleIcon color="success" fontSize="small" aria-hidden /> : null}
        {item.status === 'failed' ? <ErrorIcon color="error" fontSize="small" aria-hidden /> : null}
        <Typography id={nameId} variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
          {item.file.name}{' '}
          <Typography component="span" variant="caption" color="text.secondary">
            ({formatFileSize(item.file.size)})
          </Typography>
        </Typography>
        {onRemove ? (
          <IconButton
            size="small"
            aria-label={translate('porta.documents.upload.remove', { name: item.file.name })}
            onClick={onRemove}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        ) : null}
      </Stack>
      {item.status !== 'waiting' || !onRemove ? (
        <>
          <LinearProgress
            variant="determinate"
            value={Math.round(item.progress * 100)}
            color={item.status === 'failed' ? 'error' : item.status === 'done' ? 'success' : 'primary'}
            aria-labelledby={nameId}
            sx={{ my: 0.5 }}
          />
          <Typography
            variant="caption"
            color={item.status === 'failed' ? 'error' : 'text.secondary'}
            data-status={item.status}
          >
            {statusText}
          </Typography>
        </>
      ) : null}
    </Box>
  );
}
