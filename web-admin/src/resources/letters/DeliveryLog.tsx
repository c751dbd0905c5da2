import SyncIcon from '@mui/icons-material/Sync';
import {
  Alert,
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  type Letter,
  zDeliveryPage,
  zRetrieveLogsResult,
} from '@porta/contracts';
import { useState } from 'react';
import { Button, useNotify, useTranslate } from 'react-admin';
import { CsvDownloadButton } from '../../common/CsvDownloadButton';
import { formatDateTime, useHousingCompanyTimeZone } from '../../common/dates';
import { LANGUAGE_NAMES } from '../../common/languages';
import { useLettersApi, useLettersGet, useProblemText } from './api';
import { SendProgressView, useSendProgress } from './SendProgressView';
import {
  ChoiceField,
  DeliveryStatusChip,
  LettersFrame,
  Loading,
  PAGE_SIZE,
  Pager,
  ScrollingTable,
  SearchField,
  useDebounced,
} from './shared';

/**
 * /email-letters/:hc/message/:id/logs: every recipient of a sent letter and how their mail fared,
 * filtered by state and searched by name or address, a page at a time; the counts on top, and the
 * rows of the filter shown as a CSV file.
 */
export function DeliveryLog({ letter }: { letter: Letter }) {
  const translate = useTranslate();
  const api = useLettersApi();
  const problemText = useProblemText();
  const timeZone = useHousingCompanyTimeZone(letter.housingCompanyId);
  const notify = useNotify();
  const { progress, error: progressError, update } = useSendProgress(letter.id);
  const [retrieving, setRetrieving] = useState(false);
  const [input, setInput] = useState('');
  const q = useDebounced(input);
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [page, setPage] = useState(0);
  const filter = { status: status || undefined, q: q || undefined };
  const deliveries = useLettersGet(`/letters/${encodeURIComponent(letter.id)}/deliveries`, zDeliveryPage, {
    ...filter,
    offset: String(page * PAGE_SIZE),
    limit: String(PAGE_SIZE),
  });
  const items = deliveries.data?.items ?? [];

  // 03 §9: the log follows the mail server's reports every 15 minutes; this asks for them now.
  const retrieve = async () => {
    setRetrieving(true);
    try {
      const result = await api.call('POST', `/letters/${encodeURIComponent(letter.id)}/retrieve-logs`, {
        schema: zRetrieveLogsResult,
      });
      update(result.progress);
      deliveries.reload();
      notify('porta.letters.log.retrieved', { type: 'info', messageArgs: { smart_count: result.changed } });
    } catch (error) {
      const text = problemText(error);
      notify(text, { type: 'error', messageArgs: { _: text } });
    } finally {
      setRetrieving(false);
    }
  };

  return (
    <LettersFrame
      housingCompanyId={letter.housingCompanyId}
      heading={translate('porta.letters.log.title', { title: letter.title })}
      actions={
        <>
          {letter.status === 'draft' ? null : (
            <Button label="porta.letters.log.retrieve" onClick={() => void retrieve()} disabled={retrieving}>
              <SyncIcon />
            </Button>
          )}
          <CsvDownloadButton
            label="porta.service_requests.export"
            downloaded="porta.service_requests.exported"
            download={() => api.downloadLog(letter.id, filter)}
          />
        </>
      }
    >
      {letter.status === 'draft' ? (
        <Typography color="text.secondary">{translate('porta.letters.log.not_sent')}</Typography>
      ) : (
        <Box sx={{ mb: 2 }}>
          <SendProgressView progress={progress} error={progressError} />
        </Box>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} useFlexGap sx={{ gap: 2, my: 2, flexWrap: 'wrap' }}>
        <SearchField
          label={translate('porta.letters.log.search')}
          value={input}
          onChange={(value) => {
            setInput(value);
            setPage(0);
          }}
          sx={{ minWidth: { sm: 260 } }}
        />
        <ChoiceField<DeliveryStatus | ''>
          label={translate('porta.letters.col.status')}
          value={status}
          options={[
            { value: '', label: translate('porta.letters.all') },
            ...DELIVERY_STATUSES.map((s) => ({ value: s, label: translate(`porta.letters.delivery.${s}`) })),
          ]}
          onChange={(value) => {
            setStatus(value);
            setPage(0);
          }}
          sx={{ minWidth: 160 }}
        />
      </Stack>
      {deliveries.isPending ? <Loading sx={{ mb: 1 }} /> : null}
      {deliveries.error ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {problemText(deliveries.error)}
        </Alert>
      ) : null}
      {!deliveries.isPending && !deliveries.error && items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {translate('porta.letters.log.empty')}
        </Typography>
      ) : null}
      {items.length ? (
        <ScrollingTable>
          <Table size="small" aria-label={translate('porta.letters.log.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('porta.letters.recipients.name')}</TableCell>
                <TableCell>{translate('porta.letters.recipients.email')}</TableCell>
                <TableCell>{translate('porta.letters.preview.language')}</TableCell>
                <TableCell>{translate('porta.letters.log.source')}</TableCell>
                <TableCell>{translate('porta.letters.col.status')}</TableCell>
                <TableCell>{translate('porta.letters.log.answer')}</TableCell>
                <TableCell>{translate('porta.letters.log.updated')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((delivery) => (
                <TableRow key={delivery.id}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>
                    {delivery.name}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{delivery.email}</TableCell>
                  <TableCell>{LANGUAGE_NAMES[delivery.language]}</TableCell>
                  <TableCell>{translate(`porta.letters.groups.${delivery.source}`)}</TableCell>
                  <TableCell>
                    <DeliveryStatusChip status={delivery.status} />
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>
                    {delivery.answer === 'opted-out'
                      ? translate('porta.letters.log.opted_out')
                      : (delivery.answer ?? '')}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(delivery.updatedAt, timeZone)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollingTable>
      ) : null}
      <Pager total={deliveries.data?.total ?? 0} page={page} onPage={setPage} />
    </LettersFrame>
  );
}
