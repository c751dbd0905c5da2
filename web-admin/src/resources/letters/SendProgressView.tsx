import { Alert, Box, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { DELIVERY_STATUSES, type SendProgress, zSendProgress } from '@porta/contracts';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLettersApi, useProblemText } from './api';
import { Loading } from './shared';

/** How often a send's progress is asked while it runs. */
export const PROGRESS_POLL_MS = 1000;

/** The share of recipients whose turn has come (sent, delivered, failed or skipped), 0–100. */
export function progressPercent(progress: SendProgress): number {
  if (progress.status === 'sent' || progress.total === 0) return 100;
  const queued = progress.counts.queued ?? 0;
  return Math.min(100, Math.round((100 * (progress.total - queued)) / progress.total));
}

/**
 * A letter's send progress. Asked again every second while the letter is sending, until it is
 * sent; `initial` (the send's own answer) saves the first request.
 */
export function useSendProgress(letterId: string, initial: SendProgress | null = null) {
  const api = useLettersApi();
  const [progress, setProgress] = useState<SendProgress | null>(initial);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);
  const running = !progress || progress.status === 'sending';

  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer (or failure) schedules the next ask
  useEffect(() => {
    if (!running) return;
    let current = true;
    const ask = () =>
      api.call('GET', `/letters/${encodeURIComponent(letterId)}/progress`, { schema: zSendProgress }).then(
        (next) => {
          if (!current) return;
          setError(null);
          setProgress(next);
          setRound((r) => r + 1);
        },
        (failure: unknown) => {
          if (!current) return;
          setError(failure);
          setRound((r) => r + 1);
        },
      );
    // The first answer is asked at once; later ones (and retries after a failure) a second apart.
    const timer = setTimeout(ask, progress || round > 0 ? PROGRESS_POLL_MS : 0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, letterId, running, round]);

  // `update` takes a progress learnt otherwise (the log retrieval's answer).
  return { progress, error, update: setProgress };
}

/** The bar and the counts by state. */
export function SendProgressView({ progress, error }: { progress: SendProgress | null; error?: unknown }) {
  const translate = useTranslate();
  const problemText = useProblemText();
  if (!progress) {
    return error ? <Alert severity="error">{problemText(error)}</Alert> : <Loading />;
  }
  const percent = progressPercent(progress);
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={translate('porta.letters.send.progress')}
          sx={{ flex: 1, height: 8, borderRadius: 1 }}
        />
        <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }}>
          {percent} %
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {translate('porta.letters.send.total', { smart_count: progress.total })}
      </Typography>
      <Stack
        component="ul"
        direction="row"
        useFlexGap
        aria-label={translate('porta.letters.send.counts')}
        sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 1 }}
      >
        {DELIVERY_STATUSES.map((status) => (
          <li key={status}>
            <Chip
              size="small"
              variant="outlined"
              label={`${translate(`porta.letters.delivery.${status}`)}: ${progress.counts[status] ?? 0}`}
            />
          </li>
        ))}
      </Stack>
      {error ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {problemText(error)}
        </Alert>
      ) : null}
    </Box>
  );
}
