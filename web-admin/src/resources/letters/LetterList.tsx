import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  IconButton,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  type AdminHousingCompany,
  LETTER_STATUSES,
  type LetterStatus,
  type LetterSummary,
  zLetterPage,
} from '@porta/contracts';
import { useState } from 'react';
import { Confirm, useBasename, useGetOne, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { formatDateTime, useHousingCompanyTimeZone } from '../../common/dates';
import { HiddenText } from '../../common/HiddenText';
import { HousingCompanyPicker } from '../../content/HousingCompanyPicker';
import { lettersPaths, useLettersApi, useLettersGet, useProblemText } from './api';
import {
  ChoiceField,
  LetterStatusChip,
  LettersFrame,
  Loading,
  PAGE_SIZE,
  Pager,
  ScrollingTable,
  SearchField,
  useDebounced,
} from './shared';

/**
 * /email-letters/:hc/messages: the company's letters, last changed first, searched by title and
 * filtered by status, a page at a time. A row opens the letter; a draft can be deleted.
 */
export function LetterList({ housingCompanyId }: { housingCompanyId: string }) {
  const translate = useTranslate();
  const basename = useBasename();
  const navigate = useNavigate();
  const notify = useNotify();
  const api = useLettersApi();
  const problemText = useProblemText();
  const timeZone = useHousingCompanyTimeZone(housingCompanyId);
  const company = useGetOne<AdminHousingCompany>(
    'housing-companies',
    { id: housingCompanyId },
    { retry: false },
  );
  const [input, setInput] = useState('');
  const q = useDebounced(input);
  const [status, setStatus] = useState<LetterStatus | ''>('');
  const [page, setPage] = useState(0);
  const letters = useLettersGet(
    `/housing-companies/${encodeURIComponent(housingCompanyId)}/letters`,
    zLetterPage,
    {
      q: q || undefined,
      status: status || undefined,
      offset: String(page * PAGE_SIZE),
      limit: String(PAGE_SIZE),
    },
  );
  const [deleting, setDeleting] = useState<LetterSummary | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  const remove = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await api.call('DELETE', `/letters/${encodeURIComponent(deleting.id)}`, { schema: z.unknown() });
      notify('porta.letters.deleted', { type: 'info', messageArgs: { title: deleting.title } });
      letters.reload();
    } catch (error) {
      const text = problemText(error);
      notify(text, { type: 'error', messageArgs: { _: text } });
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  };

  const items = letters.data?.items ?? [];
  const filtered = !!q || !!status;
  return (
    <LettersFrame
      housingCompanyId={housingCompanyId}
      heading={translate('porta.letters.title')}
      back={false}
      actions={
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          component={RouterLink}
          to={`${basename}${lettersPaths.create(housingCompanyId)}`}
        >
          {translate('porta.letters.new')}
        </Button>
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} useFlexGap sx={{ gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <HousingCompanyPicker
          value={company.data ?? null}
          onChange={(next) => {
            if (next) navigate(`${basename}${lettersPaths.list(next.id)}`);
          }}
        />
        <SearchField
          label={translate('porta.letters.search')}
          value={input}
          onChange={(value) => {
            setInput(value);
            setPage(0);
          }}
          sx={{ minWidth: { sm: 240 } }}
        />
        <ChoiceField<LetterStatus | ''>
          label={translate('porta.letters.col.status')}
          value={status}
          options={[
            { value: '', label: translate('porta.letters.all') },
            ...LETTER_STATUSES.map((s) => ({ value: s, label: translate(`porta.letters.status.${s}`) })),
          ]}
          onChange={(value) => {
            setStatus(value);
            setPage(0);
          }}
          sx={{ minWidth: 160 }}
        />
      </Stack>
      {letters.isPending ? <Loading sx={{ mb: 1 }} /> : null}
      {letters.error ? (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={letters.reload}>
              {translate('porta.letters.retry')}
            </Button>
          }
        >
          {problemText(letters.error)}
        </Alert>
      ) : null}
      {!letters.isPending && !letters.error && items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {translate(filtered ? 'porta.letters.none_found' : 'porta.letters.empty')}
        </Typography>
      ) : null}
      {items.length ? (
        <ScrollingTable>
          <Table size="small" aria-label={translate('porta.letters.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('porta.letters.col.title')}</TableCell>
                <TableCell>{translate('porta.letters.col.status')}</TableCell>
                <TableCell>{translate('porta.letters.col.recipients')}</TableCell>
                <TableCell>{translate('porta.letters.col.date')}</TableCell>
                <TableCell>
                  <HiddenText>{translate('porta.common.actions')}</HiddenText>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((letter) => (
                <TableRow key={letter.id} hover>
                  <TableCell component="th" scope="row" sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>
                    <Link
                      component={RouterLink}
                      to={`${basename}${lettersPaths.letter(housingCompanyId, letter.id)}`}
                    >
                      {letter.title}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <LetterStatusChip status={letter.status} />
                  </TableCell>
                  <TableCell>
                    {letter.recipientCount}
                    {letter.roleGroups.length ? (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {letter.roleGroups
                          .map((group) => translate(`porta.letters.groups.${group}`))
                          .join(', ')}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(letter.sentAt ?? letter.updatedAt, timeZone)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {letter.status === 'draft' ? (
                      <Tooltip title={translate('ra.action.delete')}>
                        <IconButton
                          size="small"
                          color="error"
                          aria-label={translate('porta.letters.delete_named', { title: letter.title })}
                          onClick={() => setDeleting(letter)}
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
        </ScrollingTable>
      ) : null}
      <Box>
        <Pager total={letters.data?.total ?? 0} page={page} onPage={setPage} />
      </Box>
      <Confirm
        isOpen={!!deleting}
        loading={deleteBusy}
        title="porta.letters.delete_title"
        content="porta.letters.delete_confirm"
        translateOptions={{ title: deleting?.title ?? '' }}
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </LettersFrame>
  );
}
