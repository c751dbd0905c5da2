import FolderOpenIcon from '@mui/icons-material/FolderOpenOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import { Box, Button, Typography } from '@mui/material';
import type { Folder } from '@porta/contracts';
import { useTranslate } from 'react-admin';
import { HiddenText } from '../../common/HiddenText';
import { childrenByParent } from './tree';

interface FolderTreeProps {
  folders: readonly Folder[];
  selectedId: string | null;
  onSelect: (folder: Folder) => void;
  /** Names the list (the heading above it). */
  labelledBy: string;
}

/**
 * The folder tree as nested lists of buttons: each folder one button (reached with Tab, chosen with
 * Enter or Space), indented under its parent. The chosen folder is marked (aria-current), a hidden
 * folder says so in words and with an icon, and each shows how many files it holds.
 */
export function FolderTree({ folders, selectedId, onSelect, labelledBy }: FolderTreeProps) {
  const children = childrenByParent(folders);
  return (
    <Box component="nav" aria-labelledby={labelledBy}>
      <Branch parent={null} depth={0} branches={children} selectedId={selectedId} onSelect={onSelect} />
    </Box>
  );
}

function Branch({
  parent,
  depth,
  branches,
  selectedId,
  onSelect,
}: {
  parent: string | null;
  depth: number;
  branches: Map<string | null, Folder[]>;
  selectedId: string | null;
  onSelect: (folder: Folder) => void;
}) {
  const translate = useTranslate();
  const folders = branches.get(parent) ?? [];
  if (!folders.length) return null;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {folders.map((folder) => {
        const selected = folder.id === selectedId;
        const Icon = folder.homeFolder ? HomeIcon : selected ? FolderOpenIcon : FolderIcon;
        return (
          <li key={folder.id}>
            <Button
              fullWidth
              color={selected ? 'primary' : 'inherit'}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(folder)}
              startIcon={<Icon fontSize="small" />}
              sx={{
                justifyContent: 'flex-start',
                textAlign: 'left',
                textTransform: 'none',
                fontWeight: selected ? 600 : 400,
                pl: 1 + depth * 2,
                py: 0.5,
                bgcolor: selected ? 'action.selected' : undefined,
                opacity: folder.visible ? 1 : 0.75,
              }}
            >
              <Box component="span" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                {folder.name}
              </Box>
              {folder.visible ? null : (
                <>
                  <Typography
                    component="span"
                    variant="caption"
                    color="text.secondary"
                    aria-hidden
                    sx={{ ml: 1, whiteSpace: 'nowrap' }}
                  >
                    <VisibilityOffIcon fontSize="inherit" sx={{ verticalAlign: 'middle', mr: 0.25 }} />
                    {translate('porta.documents.folder.hidden')}
                  </Typography>
                  <HiddenText>{`, ${translate('porta.documents.folder.hidden')}`}</HiddenText>
                </>
              )}
              <Typography
                component="span"
                variant="caption"
                color="text.secondary"
                sx={{ ml: 1 }}
                aria-hidden
              >
                {folder.documentCount}
              </Typography>
              <HiddenText>
                {`, ${translate('porta.documents.folder.file_count', { smart_count: folder.documentCount })}`}
              </HiddenText>
            </Button>
            <Branch
              parent={folder.id}
              depth={depth + 1}
              branches={branches}
              selectedId={selectedId}
              onSelect={onSelect}
            />
          </li>
        );
      })}
    </Box>
  );
}
