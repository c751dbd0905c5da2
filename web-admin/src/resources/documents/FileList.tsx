import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  IconButton,
  InputAdornment,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  DOCUMENT_PAGE_DEFAULT,
  DOCUMENT_ZIP_FILES_MAX,
  type Document,
  type Folder,
  zDocumentPage,
} from '@porta/contracts';
import { formatFileSize } from '@porta/web-kit';
import { useCallback, useEffect, useId, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { z } from 'zod';
import { formatDateTime, useHousingCompanyTimeZone } from '../../common/dates';
import { HiddenText } from '../../common/HiddenText';
import { useErrorText } from '../../content/api';
import { useDocumentsApi } from './api';
import { DocumentDialog } from './DocumentDialog';
import { useDownload } from './download';

interface FileListProps {
  folder: Folder;
  folders: readonly Folder[];
  housingCompanyId: string;
  /** Bumped by the caller to load the list again (after an upload). */
  round: number;
  /** A file left the folder or came into it (the tree's file counts change). */
  onChanged: () => void;
}

interface Pages {
  items: Document[];
  nextCursor: string | null;
  isPending: boolean;
  loadingMore: boolean;
  error: unknown;
}

/**
 * The folder's files a page at a time, newest first (keyset: "Load more" asks for the page after
 * the last one), filtered by the words typed (name, file name, tags). `remove` and `replace` keep
 * the pages shown in step with a change without loading them again.
 */
function useFolderFiles(folderId: string, q: string, round: number) {
  const api = useDocumentsApi();
  const [pages, setPages] = useState<Pages>({
    items: [],
    nextCursor: null,
    isPending: true,
    loadingMore: false,
    error: undefined,
  });
  const path = `/folders/${encodeURIComponent(folderId)}/documents`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` changes to load again on demand
  useEffect(() => {
    let current = true;
    setPages((p) => ({ ...p, isPending: true, error: undefined }));
    api
      .call('GET', path, {
        query: { q: q || undefined, limit: String(DOCUMENT_PAGE_DEFAULT) },
        schema: zDocumentPage,
      })
      .then(
        (page) =>
          current &&
          setPages({
            items: page.items,
            nextCursor: page.nextCursor,
            isPending: false,
            loadingMore: false,
            error: undefined,
          }),
        (error: unknown) =>
          current && setPages((p) => ({ ...p, items: [], nextCursor: null, isPending: false, error })),
      );
    return () => {
      current = false;
    };
  }, [api, path, q, round]);

  const loadMore = useCallback(async () => {
    if (!pages.nextCursor) return;
    setPages((p) => ({ ...p, loadingMore: true, error: undefined }));
    try {
      const page = await api.call('GET', path, {
        query: { q: q || undefined, after: pages.nextCursor, limit: String(DOCUMENT_PAGE_DEFAULT) },
        schema: zDocumentPage,
      });
      setPages((p) => {
        const known = new Set(p.items.map((item) => item.id));
        return {
          ...p,
          items: [...p.items, ...page.items.filter((item) => !known.has(item.id))],
          nextCursor: page.nextCursor,
          loadingMore: false,
        };
      });
    } catch (error) {
      setPages((p) => ({ ...p, loadingMore: false, error }));
    }
  }, [api, path, q, pages.nextCursor]);

  const remove = useCallback(
    (id: string) => setPages((p) => ({ ...p, items: p.items.filter((item) => item.id !== id) })),
    [],
  );
  const replace = useCallback(
    (doc: Document) =>
      setPages((p) => ({ ...p, items: p.items.map((item) => (item.id === doc.id ? doc : item)) })),
    [],
  );
  return { ...pages, loadMore, remove, replace };
}

/**
 * A picture's medium thumbnail, fetched with the session's token and shown from memory; a file icon
 * for other files, while it loads and when it cannot be fetched. Decorative: the name is beside it.
 */
function FileThumbnail({ doc }: { doc: Document }) {
  const api = useDocumentsApi();
  const url = doc.thumbnails?.medium ?? null;
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url || typeof URL.createObjectURL !== 'function') return;
    let current = true;
    let made: string | null = null;
    api.fetchFile(url).then(
      (blob) => {
        if (!current) return;
        made = URL.createObjectURL(blob);
        setSrc(made);
      },
      () => undefined,
    );
    return () => {
      current = false;
      if (made) URL.revokeObjectURL(made);
      setSrc(null);
    };
  }, [api, url]);
  if (!src) return <FileIcon color="action" sx={{ width: 40 }} />;
  return (
    <Box
      component="img"
      src={src}
      alt=""
      sx={{ display: 'block', width: 40, height: 40, objectFit: 'cover', borderRadius: 1 }}
    />
  );
}

/**
 * The folder's files as a table: a picture's thumbnail (else a file icon), name, size, upload time (in the housing company's time zone),
 * tags and, in the home folder, the category. Each file can be downloaded, and renamed, moved or
 * deleted as its rights say (delete is confirmed first); chosen files download together as a zip.
 * The table scrolls sideways on a narrow screen.
 */
export function FileList({ folder, folders, housingCompanyId, round, onChanged }: FileListProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const api = useDocumentsApi();
  const timeZone = useHousingCompanyTimeZone(housingCompanyId);
  const searchId = useId();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input]);
  const files = useFolderFiles(folder.id, q, round);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const { download, busy: downloading } = useDownload(housingCompanyId);
  const [editing, setEditing] = useState<Document | null>(null);
  const [deleting, setDeleting] = useState<Document | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  // A new list (another search, a reload) starts with nothing chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the query or round changes
  useEffect(() => setChosen(new Set()), [q, round]);

  const toggle = (id: string, on: boolean) =>
    setChosen((all) => {
      const next = new Set(all);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allChosen = files.items.length > 0 && files.items.every((item) => chosen.has(item.id));

  const remove = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await api.call('DELETE', `/documents/${encodeURIComponent(deleting.id)}`, { schema: z.unknown() });
      notify('porta.documents.file.deleted', { type: 'info', messageArgs: { name: deleting.name } });
      files.remove(deleting.id);
      toggle(deleting.id, false);
      onChanged();
    } catch (error) {
      const text = errorText(error);
      notify(text, { type: 'error', messageArgs: { _: text } });
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  };

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, alignItems: { sm: 'center' } }}>
        <TextField
          id={searchId}
          size="small"
          type="search"
          label={translate('porta.documents.file.search')}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ minWidth: { sm: 260 } }}
        />
        <Box sx={{ flex: 1 }} />
        <Button
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={chosen.size === 0 || downloading || chosen.size > DOCUMENT_ZIP_FILES_MAX}
          onClick={() => void download({ ids: [...chosen] })}
        >
          {translate('porta.documents.download.chosen', { smart_count: chosen.size })}
        </Button>
      </Stack>
      {files.isPending ? <LinearProgress aria-label={translate('ra.page.loading')} sx={{ mb: 1 }} /> : null}
      {files.error ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorText(files.error)}
        </Alert>
      ) : null}
      {!files.isPending && !files.error && files.items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {translate(q ? 'porta.documents.file.none_found' : 'porta.documents.file.empty')}
        </Typography>
      ) : null}
      {/* Inline-size containment: the table scrolls in its box, and its width does not widen the
          page (react-admin's layout is at least as wide as its content's narrowest); positioned,
          so that the visually hidden texts in its cells are clipped with it. */}
      {files.items.length ? (
        <TableContainer sx={{ overflowX: 'auto', contain: 'inline-size', position: 'relative' }}>
          <Table size="small" aria-label={translate('porta.documents.file.table', { name: folder.name })}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allChosen}
                    indeterminate={chosen.size > 0 && !allChosen}
                    onChange={(_, on) =>
                      setChosen(on ? new Set(files.items.map((item) => item.id)) : new Set())
                    }
                    slotProps={{ input: { 'aria-label': translate('porta.documents.file.choose_all') } }}
                  />
                </TableCell>
                <TableCell>{translate('porta.documents.file.name')}</TableCell>
                <TableCell>{translate('porta.documents.file.size')}</TableCell>
                <TableCell>{translate('porta.documents.file.uploaded')}</TableCell>
                <TableCell>{translate('porta.documents.file.tags')}</TableCell>
                {folder.homeFolder ? (
                  <TableCell>{translate('porta.documents.file.category')}</TableCell>
                ) : null}
                <TableCell>
                  <HiddenText>{translate('porta.common.actions')}</HiddenText>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {files.items.map((doc) => (
                <TableRow key={doc.id} selected={chosen.has(doc.id)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={chosen.has(doc.id)}
                      onChange={(_, on) => toggle(doc.id, on)}
                      slotProps={{
                        input: { 'aria-label': translate('porta.documents.file.choose', { name: doc.name }) },
                      }}
                    />
                  </TableCell>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                      <Box
                        aria-hidden="true"
                        sx={{ flex: 'none', display: 'flex', justifyContent: 'center' }}
                      >
                        <FileThumbnail doc={doc} />
                      </Box>
                      <Box sx={{ minWidth: 0 }}>
                        {doc.name}
                        {doc.fileName !== doc.name ? (
                          <Typography variant="caption" color="text.secondary" component="div">
                            {doc.fileName}
                          </Typography>
                        ) : null}
                      </Box>
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatFileSize(doc.size)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(doc.created, timeZone)}</TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                      {doc.tags.map((tag) => (
                        <Chip key={tag} size="small" label={tag} />
                      ))}
                    </Stack>
                  </TableCell>
                  {folder.homeFolder ? (
                    <TableCell>
                      {doc.homeFolder ? translate(`porta.documents.categories.${doc.homeFolder}`) : ''}
                    </TableCell>
                  ) : null}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={translate('porta.documents.file.download')}>
                      <IconButton
                        size="small"
                        disabled={downloading}
                        aria-label={translate('porta.documents.file.download_named', { name: doc.name })}
                        onClick={() => void download({ ids: [doc.id] })}
                      >
                        <DownloadIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {doc.canUpdate ? (
                      <Tooltip title={translate('porta.documents.file.edit')}>
                        <IconButton
                          size="small"
                          aria-label={translate('porta.documents.file.edit_named', { name: doc.name })}
                          onClick={() => setEditing(doc)}
                        >
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                    {doc.canDelete ? (
                      <Tooltip title={translate('porta.documents.file.delete')}>
                        <IconButton
                          size="small"
                          color="error"
                          aria-label={translate('porta.documents.file.delete_named', { name: doc.name })}
                          onClick={() => setDeleting(doc)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {files.nextCursor ? (
        <Box sx={{ mt: 1 }}>
          <Button size="small" disabled={files.loadingMore} onClick={() => void files.loadMore()}>
            {translate('porta.documents.file.load_more')}
          </Button>
        </Box>
      ) : null}
      <DocumentDialog
        document={editing}
        folders={folders}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          if (saved.folderId !== folder.id) {
            files.remove(saved.id);
            toggle(saved.id, false);
            onChanged();
          } else files.replace(saved);
        }}
      />
      <Confirm
        isOpen={!!deleting}
        loading={deleteBusy}
        title="porta.documents.file.delete_title"
        content="porta.documents.file.delete_confirm"
        translateOptions={{ name: deleting?.name ?? '' }}
        confirm="porta.documents.file.delete"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
