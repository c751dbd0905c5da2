import SendIcon from '@mui/icons-material/Send';
import { Alert, Button, Stack } from '@mui/material';
import { type Letter, type SendProgress, zAudienceSummary, zSendProgress } from '@porta/contracts';
import { useState } from 'react';
import { Confirm, useBasename, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { lettersPaths, useLettersApi, useLettersGet, useProblemText } from './api';
import { SendProgressView, useSendProgress } from './SendProgressView';
import { Details, Loading } from './shared';

/**
 * The wizard's last step: what goes out to how many, a Send that is confirmed first, then the
 * send's progress until every recipient has had their turn, and the way to the log.
 */
export function SendStep({ letter, onLetter }: { letter: Letter; onLetter: (letter: Letter) => void }) {
  const translate = useTranslate();
  const api = useLettersApi();
  const problemText = useProblemText();
  const audience = useLettersGet(`/letters/${encodeURIComponent(letter.id)}/audience`, zAudienceSummary);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [started, setStarted] = useState<SendProgress | null>(null);

  const send = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const progress = await api.call('POST', `/letters/${encodeURIComponent(letter.id)}/send`, {
        schema: zSendProgress,
      });
      setStarted(progress);
      onLetter({ ...letter, status: progress.status, sentAt: progress.sentAt });
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const total = audience.data?.total;
  return (
    <Stack spacing={2}>
      <Details
        rows={[
          [translate('porta.letters.fields.title'), letter.title],
          [
            translate('porta.letters.steps.recipients'),
            total === undefined ? '…' : translate('porta.letters.send.total', { smart_count: total }),
          ],
        ]}
      />
      {audience.isPending ? <Loading /> : null}
      {audience.error ? <Alert severity="error">{problemText(audience.error)}</Alert> : null}
      {started ? (
        <Sending letter={letter} initial={started} />
      ) : (
        <>
          {total === 0 ? (
            <Alert severity="warning">{translate('porta.errors.LETTER_NO_RECIPIENTS')}</Alert>
          ) : null}
          <Button
            variant="contained"
            startIcon={<SendIcon />}
            disabled={busy || letter.status !== 'draft'}
            onClick={() => setConfirming(true)}
            sx={{ alignSelf: 'flex-start' }}
          >
            {translate('porta.letters.send.send')}
          </Button>
          {problem ? (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          ) : null}
        </>
      )}
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="porta.letters.send.confirm_title"
        content="porta.letters.send.confirm"
        translateOptions={{ title: letter.title, smart_count: total ?? 0 }}
        confirm="porta.letters.send.send"
        onConfirm={send}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

function Sending({ letter, initial }: { letter: Letter; initial: SendProgress }) {
  const { progress, error } = useSendProgress(letter.id, initial);
  return <SendProgressWithLog letter={letter} progress={progress} error={error} />;
}

/** The progress, and once everyone has had their turn, the way to the log. */
export function SendProgressWithLog({
  letter,
  progress,
  error,
}: {
  letter: Letter;
  progress: SendProgress | null;
  error: unknown;
}) {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Stack spacing={1}>
      {progress?.status === 'sent' ? (
        <Alert severity="success">{translate('porta.letters.send.done')}</Alert>
      ) : null}
      <SendProgressView progress={progress} error={error} />
      <Button
        component={RouterLink}
        to={`${basename}${lettersPaths.logs(letter.housingCompanyId, letter.id)}`}
        variant={progress?.status === 'sent' ? 'contained' : 'outlined'}
        sx={{ alignSelf: 'flex-start' }}
      >
        {translate('porta.letters.log.open')}
      </Button>
    </Stack>
  );
}
