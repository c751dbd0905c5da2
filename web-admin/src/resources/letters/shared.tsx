import {
  Box,
  Chip,
  type ChipProps,
  LinearProgress,
  Link,
  Stack,
  type SxProps,
  TableContainer,
  TablePagination,
  TextField,
  type Theme,
  Typography,
} from '@mui/material';
import type { AdminHousingCompany, DeliveryStatus, LetterStatus } from '@porta/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { Title, useBasename, useGetOne, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { lettersPaths } from './api';

const LETTER_COLORS: Record<LetterStatus, ChipProps['color']> = {
  draft: 'default',
  sending: 'info',
  sent: 'success',
};

export function LetterStatusChip({ status }: { status: LetterStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={LETTER_COLORS[status]}
      variant={status === 'draft' ? 'outlined' : 'filled'}
      label={translate(`porta.letters.status.${status}`)}
    />
  );
}

const DELIVERY_COLORS: Record<DeliveryStatus, ChipProps['color']> = {
  queued: 'default',
  sent: 'info',
  delivered: 'success',
  failed: 'error',
  skipped: 'warning',
};

export function DeliveryStatusChip({ status }: { status: DeliveryStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={DELIVERY_COLORS[status]}
      label={translate(`porta.letters.delivery.${status}`)}
    />
  );
}

/** A text typed in a search field, once typing has paused. */
export function useDebounced(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export const PAGE_SIZE = 25;

/** Pages of a table in react-admin's words (translated), shown when there is more than one. */
export function Pager({
  total,
  page,
  onPage,
}: {
  total: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const translate = useTranslate();
  if (total <= PAGE_SIZE) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={PAGE_SIZE}
      rowsPerPageOptions={[PAGE_SIZE]}
      onPageChange={(_, next) => onPage(next)}
      labelDisplayedRows={({ from, to, count }) =>
        translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
      }
      getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
    />
  );
}

/**
 * The frame of a company's letter screens: the app bar's title, the heading, and a way back to
 * the company's letters (the company named).
 */
export function LettersFrame({
  housingCompanyId,
  heading,
  back = true,
  actions,
  children,
}: {
  housingCompanyId: string;
  heading: string;
  /** Link back to the company's letters. */
  back?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const basename = useBasename();
  const company = useGetOne<AdminHousingCompany>(
    'housing-companies',
    { id: housingCompanyId },
    { retry: false, staleTime: 60_000 },
  );
  return (
    <Box sx={{ py: 2, minWidth: 0 }}>
      <Title title="porta.letters.title" />
      {back ? (
        <Link component={RouterLink} to={`${basename}${lettersPaths.list(housingCompanyId)}`} variant="body2">
          {translate('porta.letters.back_to_list', { name: company.data?.name ?? '…' })}
        </Link>
      ) : null}
      <Stack
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', my: 1 }}
      >
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {heading}
        </Typography>
        {actions ? (
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
            {actions}
          </Stack>
        ) : null}
      </Stack>
      {children}
    </Box>
  );
}

/** Label and value pairs, in two columns (one on a phone). */
export function Details({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A search field of a list: each change goes to `onChange` (which goes back to the first page). */
export function SearchField({
  label,
  value,
  onChange,
  sx,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx ?? {}}
    />
  );
}

/** A native select (keyboard and screen readers as the platform does them) of labelled values. */
export function ChoiceField<V extends string>({
  label,
  value,
  options,
  onChange,
  sx,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as V)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={sx ?? {}}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

/** The bar of a list or answer that is loading. */
export function Loading({ sx }: { sx?: SxProps<Theme> }) {
  const translate = useTranslate();
  return <LinearProgress aria-label={translate('ra.page.loading')} sx={sx ?? {}} />;
}

/** A table that scrolls sideways inside its box on a narrow screen rather than widening the page. */
export function ScrollingTable({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <TableContainer
      sx={[
        { overflowX: 'auto', contain: 'inline-size', position: 'relative' },
        ...(Array.isArray(sx) ? sx : [sx ?? {}]),
      ]}
    >
      {children}
    </TableContainer>
  );
}
