import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  FOLDER_RULE_GROUPS,
  type Folder,
  type FolderRule,
  type FolderRuleGroup,
  type FolderRulesBody,
  zFolder,
} from '@porta/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useErrorText } from '../../content/api';
import { useDocumentsApi } from './api';
import { useFullScreenDialog } from './phone';

/** The rights of a rule, in the table's column order (create is "upload"). */
const RIGHTS = ['read', 'create', 'update', 'delete'] as const;
type Right = (typeof RIGHTS)[number];
type Grid = Record<FolderRuleGroup, Record<Right, boolean>>;

function gridOf(rules: readonly FolderRule[] | null): Grid {
  const grid = {} as Grid;
  for (const group of FOLDER_RULE_GROUPS) {
    const rule = rules?.find((r) => r.group === group);
    grid[group] = {
      read: !!rule?.read,
      create: !!rule?.create,
      update: !!rule?.update,
      delete: !!rule?.delete,
    };
  }
  return grid;
}

/** The grid as rules: one per group that is given something, in the groups' order. */
export function rulesOf(grid: Grid): FolderRule[] {
  return FOLDER_RULE_GROUPS.filter((group) => RIGHTS.some((right) => grid[group][right])).map((group) => ({
    group,
    ...grid[group],
  }));
}

interface FolderRulesDialogProps {
  /** The folder whose rules are edited; null: closed. */
  folder: Folder | null;
  onClose: () => void;
  onSaved: (folder: Folder) => void;
}

/**
 * A folder's permission rules (03 §3, PUT /folders/:id/rules): which rule groups may read, upload,
 * change and delete in it. The folder has rules of its own, or inherits its parent's (rules null);
 * while it inherits, the table shows the rules in force, greyed. "Copy to descendants" gives every
 * folder below the same rules. Starting own rules from inherited ones starts from those in force.
 */
export function FolderRulesDialog({ folder, onClose, onSaved }: FolderRulesDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const api = useDocumentsApi();
  const [locale] = useLocaleState();
  const titleId = useId();
  const fullScreen = useFullScreenDialog();
  const [inherit, setInherit] = useState(false);
  const [grid, setGrid] = useState<Grid>(() => gridOf(null));
  const [copyToDescendants, setCopyToDescendants] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!folder) return;
    setInherit(folder.inherited);
    setGrid(gridOf(folder.rules));
    setCopyToDescendants(false);
    setProblem(null);
  }, [folder]);

  if (!folder) return <Dialog open={false} />;
  const isTop = folder.parentId === null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body: FolderRulesBody = { rules: inherit ? null : rulesOf(grid), copyToDescendants };
    setBusy(true);
    setProblem(null);
    try {
      const saved = await api.call('PUT', `/folders/${encodeURIComponent(folder.id)}/rules`, {
        query: { lang: locale },
        body,
        schema: zFolder,
      });
      notify('porta.documents.rules.saved', { type: 'info', messageArgs: { name: saved.name } });
      onSaved(saved);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const groupName = (group: FolderRuleGroup) => translate(`porta.documents.groups.${group}`);
  const rightName = (right: Right) => translate(`porta.documents.rights.${right}`);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullScreen={fullScreen} fullWidth maxWidth="md">
      <form onSubmit={save} noValidate>
        <DialogTitle id={titleId}>
          {translate('porta.documents.rules.title', { name: folder.name })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {problem ? (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            ) : null}
            <RadioGroup
              aria-label={translate('porta.documents.rules.source')}
              value={inherit ? 'inherit' : 'own'}
              onChange={(_, value) => setInherit(value === 'inherit')}
            >
              <FormControlLabel
                value="own"
                control={<Radio />}
                label={translate('porta.documents.rules.own')}
              />
              <FormControlLabel
                value="inherit"
                control={<Radio />}
                label={translate(
                  isTop ? 'porta.documents.rules.inherit_top' : 'porta.documents.rules.inherit',
                )}
              />
            </RadioGroup>
            {inherit ? (
              <Typography variant="body2" color="text.secondary">
                {translate(
                  isTop ? 'porta.documents.rules.inherit_top_help' : 'porta.documents.rules.inherit_help',
                )}
              </Typography>
            ) : null}
            <TableContainer sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={translate('porta.documents.rules.table')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('porta.documents.rules.group')}</TableCell>
                    {RIGHTS.map((right) => (
                      <TableCell key={right} align="center">
                        {rightName(right)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {FOLDER_RULE_GROUPS.map((group) => (
                    <TableRow key={group}>
                      <TableCell component="th" scope="row">
                        {groupName(group)}
                      </TableCell>
                      {RIGHTS.map((right) => (
                        <TableCell key={right} align="center" padding="checkbox">
                          <Checkbox
                            checked={grid[group][right]}
                            disabled={inherit}
                            onChange={(_, on) =>
                              setGrid((all) => ({ ...all, [group]: { ...all[group], [right]: on } }))
                            }
                            slotProps={{
                              input: {
                                'aria-label': translate('porta.documents.rules.cell', {
                                  right: rightName(right),
                                  group: groupName(group),
                                }),
                              },
                            }}
                          />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <FormControlLabel
              control={
                <Checkbox checked={copyToDescendants} onChange={(_, on) => setCopyToDescendants(on)} />
              }
              label={translate('porta.documents.rules.copy_to_descendants')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
