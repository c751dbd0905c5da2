import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { type Letter, zLetter } from '@porta/contracts';
import { useState } from 'react';
import { useBasename, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDateTime, useHousingCompanyTimeZone } from '../../common/dates';
import { lettersPaths, useLettersApi, useProblemText } from './api';
import { useSendProgress } from './SendProgressView';
import { SendProgressWithLog } from './SendStep';
import { Details, LetterStatusChip, LettersFrame } from './shared';

/**
 * A sent (or sending) letter: read-only, its details and send progress, the way to its log and
 * preview, and a copy into a new draft, which opens in the wizard.
 */
export function SentLetter({ letter }: { letter: Letter }) {
  const translate = useTranslate();
  const basename = useBasename();
  const navigate = useNavigate();
  const notify = useNotify();
  const api = useLettersApi();
  const problemText = useProblemText();
  const timeZone = useHousingCompanyTimeZone(letter.housingCompanyId);
  const { progress, error } = useSendProgress(letter.id);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const copy = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const draft = await api.call('POST', `/letters/${encodeURIComponent(letter.id)}/copies`, {
        schema: zLetter,
      });
      notify('porta.letters.copied', { type: 'info' });
      navigate(`${basename}${lettersPaths.letter(draft.housingCompanyId, draft.id)}`);
    } catch (failure) {
      setProblem(problemText(failure));
      setBusy(false);
    }
  };

  const groups = letter.roleGroups.map((group) => translate(`porta.letters.groups.${group}`)).join(', ');
  return (
    <LettersFrame
      housingCompanyId={letter.housingCompanyId}
      heading={letter.title}
      actions={
        <>
          <Button
            component={RouterLink}
            to={`${basename}${lettersPaths.preview(letter.housingCompanyId, letter.id)}`}
            startIcon={<VisibilityIcon />}
          >
            {translate('porta.letters.steps.preview')}
          </Button>
          <Button
            variant="contained"
            startIcon={<ContentCopyIcon />}
            disabled={busy}
            onClick={() => void copy()}
          >
            {translate('porta.letters.copy')}
          </Button>
        </>
      }
    >
      {problem ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      ) : null}
      <Stack spacing={2}>
        <Details
          rows={[
            [
              translate('porta.letters.col.status'),
              <LetterStatusChip key="status" status={progress?.status ?? letter.status} />,
            ],
            [translate('porta.letters.fields.preheader'), letter.preheader || '-'],
            [
              translate('porta.letters.fields.template'),
              translate(`porta.letters.templates.${letter.template}`),
            ],
            [translate('porta.letters.recipients.groups'), groups || '-'],
            [translate('porta.letters.recipients.named'), String(letter.recipientCount)],
            [
              translate('porta.letters.status.sent'),
              formatDateTime(progress?.sentAt ?? letter.sentAt, timeZone) || '-',
            ],
          ]}
        />
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('porta.letters.send.progress')}
          </Typography>
          <SendProgressWithLog letter={letter} progress={progress} error={error} />
        </Paper>
      </Stack>
    </LettersFrame>
  );
}
