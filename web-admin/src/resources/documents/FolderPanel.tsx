import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import type { Folder } from '@porta/contracts';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { z } from 'zod';
import { useErrorText } from '../../content/api';
import { useDocumentsApi } from './api';
import { useDownload } from './download';
import { FileList } from './FileList';
import { UploadDialog } from './UploadDialog';

interface FolderPanelProps {
  folder: Folder;
  /** Every folder of the tree (where a file may be moved). */
  folders: readonly Folder[];
  /** The viewer runs the company's documents: folders may be made, edited, re-ruled and deleted. */
  manages: boolean;
  housingCompanyId: string;
  /** A change that alters the tree (file counts, a folder gone). */
  onFoldersChanged: () => void;
  onCreateSub: () => void;
  onEdit: () => void;
  onRules: () => void;
  onDeleted: () => void;
}

/**
 * The chosen folder: its name and state, the folder's actions (for those who run the documents:
 * a sub-folder, edit, permissions, delete an empty folder staff made), upload, a zip of the whole
 * folder, and its files.
 */
export function FolderPanel({
  folder,
  folders,
  manages,
  housingCompanyId,
  onFoldersChanged,
  onCreateSub,
  onEdit,
  onRules,
  onDeleted,
}: FolderPanelProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const api = useDocumentsApi();
  const { download, busy: downloading } = useDownload(housingCompanyId);
  const [uploading, setUploading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Bumped after an upload: the file list loads again.
  const [round, setRound] = useState(0);

  const remove = async () => {
    setDeleting(true);
    try {
      await api.call('DELETE', `/folders/${encodeURIComponent(folder.id)}`, { schema: z.unknown() });
      notify('porta.documents.folder.deleted', { type: 'info', messageArgs: { name: folder.name } });
      setConfirming(false);
      onDeleted();
    } catch (error) {
      const text = errorText(error);
      notify(text, { type: 'error', messageArgs: { _: text } });
      setConfirming(false);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`folder-${folder.id}`}
      sx={{ p: 1.5, minWidth: 0 }}
    >
      <Typography id={`folder-${folder.id}`} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {folder.path || folder.name}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, my: 1 }}>
        {folder.visible ? null : <Chip size="small" label={translate('porta.documents.folder.hidden')} />}
        {folder.homeFolder ? <Chip size="small" label={translate('porta.documents.folder.home')} /> : null}
        {folder.key ? (
          <Chip size="small" variant="outlined" label={translate('porta.documents.folder.standard')} />
        ) : null}
        {manages ? (
          <Chip
            size="small"
            variant="outlined"
            label={translate(
              folder.inherited ? 'porta.documents.rules.inherited_state' : 'porta.documents.rules.own_state',
            )}
          />
        ) : null}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {folder.canUpload ? (
          <Button
            variant="contained"
            size="small"
            startIcon={<UploadFileIcon />}
            onClick={() => setUploading(true)}
          >
            {translate('porta.documents.upload.open')}
          </Button>
        ) : null}
        {folder.documentCount > 0 ? (
          <Button
            size="small"
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={downloading}
            onClick={() => void download({ folderId: folder.id })}
          >
            {translate('porta.documents.download.folder')}
          </Button>
        ) : null}
        {manages ? (
          <>
            <Button size="small" startIcon={<CreateNewFolderIcon />} onClick={onCreateSub}>
              {translate('porta.documents.folder.new_sub')}
            </Button>
            <Button size="small" startIcon={<EditIcon />} onClick={onEdit}>
              {translate('porta.documents.folder.edit')}
            </Button>
            <Button size="small" startIcon={<LockIcon />} onClick={onRules}>
              {translate('porta.documents.rules.open')}
            </Button>
            {folder.key === null ? (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => setConfirming(true)}
              >
                {translate('porta.documents.folder.delete')}
              </Button>
            ) : null}
          </>
        ) : null}
      </Stack>
      <Box>
        <FileList
          folder={folder}
          folders={folders}
          housingCompanyId={housingCompanyId}
          round={round}
          onChanged={onFoldersChanged}
        />
      </Box>
      <UploadDialog
        open={uploading}
        folder={folder}
        housingCompanyId={housingCompanyId}
        onClose={(changed) => {
          setUploading(false);
          if (changed) {
            setRound((r) => r + 1);
            onFoldersChanged();
          }
        }}
      />
      <Confirm
        isOpen={confirming}
        loading={deleting}
        title="porta.documents.folder.delete_title"
        content="porta.documents.folder.delete_confirm"
        translateOptions={{ name: folder.name }}
        confirm="porta.documents.folder.delete"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
