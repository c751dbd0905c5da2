import {
  IconButton,
  Stack,
  type SxProps,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type Theme,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useChange, usePortaCalls } from './api';
import { HiddenText } from './HiddenText';

/*
 * The rows related to a record on its page (a user's bans and roles, a company's users or
 * partners, an apartment's scheduled changes): a titled section with its add button, a small
 * table with a button per row, and the removal of a row after confirmation.
 */

/**
 * A titled part of a record's page with an action (e.g. an add button) beside the title;
 * `region` makes it a `section` landmark named by the title.
 */
export function RelatedSection({
  title,
  action,
  region = false,
  sx,
  children,
}: {
  /** Translation key of the title. */
  title: string;
  action?: ReactNode;
  region?: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Stack
      spacing={1}
      sx={sx}
      {...(region ? { component: 'section' as const, 'aria-label': translate(title) } : {})}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          {translate(title)}
        </Typography>
        {action}
      </Stack>
      {children}
    </Stack>
  );
}

/**
 * Related rows in a small table named `label`, or the line `empty` when there are none. The last
 * column holds each row's `actions`; its header is for screen readers only.
 */
export function RelatedTable<T>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  cells,
  actions,
}: {
  /** Translation key of the table's accessible name. */
  label: string;
  /** Translation keys of the column headers before the actions; false leaves one out. */
  columns: readonly (string | false)[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Translation key of the line shown when there are no rows. */
  empty: string;
  /** A row's cells before its actions. */
  cells: (row: T) => ReactNode;
  actions: (row: T) => ReactNode;
}) {
  const translate = useTranslate();
  if (rows.length === 0) return <Typography variant="body2">{translate(empty)}</Typography>;
  return (
    <Table size="small" aria-label={translate(label)}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (column ? <TableCell key={column}>{translate(column)}</TableCell> : null))}
          <TableCell>
            <HiddenText>{translate('porta.common.actions')}</HiddenText>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            {cells(row)}
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {actions(row)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * An icon button of a table row with a tooltip. `label` (with `labelArgs`) names it for screen
 * readers, e.g. "Remove Anna Virtanen"; the tooltip is `tooltip` or else that name.
 */
export function RowAction({
  label,
  labelArgs,
  tooltip,
  icon,
  onClick,
  disabled,
}: {
  /** Translation key of the accessible name. */
  label: string;
  labelArgs?: Record<string, unknown>;
  /** Translation key of the tooltip. */
  tooltip?: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const name = translate(label, labelArgs);
  return (
    <Tooltip title={tooltip ? translate(tooltip) : name}>
      <IconButton aria-label={name} onClick={onClick} disabled={disabled}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/**
 * The removal of a related row after confirmation: `ask` opens the confirmation for a row,
 * confirming sends DELETE `path(row)`, notifies `success` and calls `onDone` when it worked.
 * `confirmProps` wire react-admin's Confirm; `run` and `busy` serve the page's other changes.
 */
export function useRemoval<T>({
  path,
  success,
  onDone,
}: {
  path: (row: T) => string;
  /** Translation key of the success notification. */
  success: string;
  onDone: () => void;
}) {
  const { call } = usePortaCalls();
  const { run, busy } = useChange();
  const [pending, setPending] = useState<T | null>(null);

  const confirm = async () => {
    if (!pending) return;
    const done = await run(() => call('DELETE', path(pending)), { success });
    setPending(null);
    if (done.ok) onDone();
  };

  return {
    /** The row the confirmation asks about. */
    pending,
    ask: (row: T) => setPending(row),
    run,
    busy,
    confirmProps: {
      isOpen: pending !== null,
      loading: busy,
      onConfirm: confirm,
      onClose: () => setPending(null),
    },
  };
}
