import DeleteIcon from '@mui/icons-material/Delete';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Button, Paper, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import type { Letter } from '@porta/contracts';
import { useState } from 'react';
import { Confirm, useBasename, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { lettersPaths, useLettersApi, useProblemText } from './api';
import { ContentStep } from './ContentStep';
import { PreviewPanel } from './PreviewPanel';
import { RecipientsStep } from './RecipientsStep';
import { SendStep } from './SendStep';
import { LettersFrame } from './shared';

export const STEPS = ['content', 'recipients', 'preview', 'send'] as const;

/**
 * A draft letter's wizard (03 §2 /admin/email-letters/{hc}/message/new and /message/{id}):
 * content, recipients, preview with test mails, and send. The steps after the first need the
 * letter saved; the first save moves to the letter's own address.
 */
export function LetterWizard({
  housingCompanyId,
  letter: initial,
  initialStep = 0,
}: {
  housingCompanyId: string;
  letter: Letter | null;
  initialStep?: number;
}) {
  const translate = useTranslate();
  const basename = useBasename();
  const navigate = useNavigate();
  const notify = useNotify();
  const api = useLettersApi();
  const problemText = useProblemText();
  const [letter, setLetter] = useState(initial);
  const [step, setStep] = useState(initial ? Math.min(Math.max(initialStep, 0), STEPS.length - 1) : 0);
  const [deleting, setDeleting] = useState(false);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const onSaved = (saved: Letter, advance: boolean) => {
    if (!letter) {
      // The new letter has an address of its own now (replacing /new in the history).
      navigate(`${basename}${lettersPaths.letter(housingCompanyId, saved.id)}`, {
        replace: true,
        state: { step: advance ? 1 : 0 },
      });
      return;
    }
    setLetter(saved);
    if (advance) setStep(1);
  };

  const remove = async () => {
    if (!letter) return;
    setDeleteBusy(true);
    setProblem(null);
    try {
      await api.call('DELETE', `/letters/${encodeURIComponent(letter.id)}`, { schema: z.unknown() });
      notify('porta.letters.deleted', { type: 'info', messageArgs: { title: letter.title } });
      navigate(`${basename}${lettersPaths.list(housingCompanyId)}`);
    } catch (error) {
      setProblem(problemText(error));
      setDeleteBusy(false);
      setDeleting(false);
    }
  };

  const draft = letter?.status === 'draft';
  return (
    <LettersFrame
      housingCompanyId={housingCompanyId}
      heading={letter ? letter.title : translate('porta.letters.new')}
      actions={
        letter ? (
          <>
            <Button
              component={RouterLink}
              to={`${basename}${lettersPaths.preview(housingCompanyId, letter.id)}`}
              startIcon={<VisibilityIcon />}
            >
              {translate('porta.letters.steps.preview')}
            </Button>
            {draft ? (
              <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)}>
                {translate('ra.action.delete')}
              </Button>
            ) : null}
          </>
        ) : null
      }
    >
      {problem ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stepper
          activeStep={step}
          alternativeLabel
          aria-label={translate('porta.letters.steps.label')}
          sx={{ mb: 2, '& .MuiStepLabel-label': { overflowWrap: 'anywhere' } }}
        >
          {STEPS.map((key, index) => (
            <Step key={key} completed={index < step}>
              <StepLabel>{translate(`porta.letters.steps.${key}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('porta.wizard.step_of', { step: step + 1, total: STEPS.length })}:{' '}
          {translate(`porta.letters.steps.${STEPS[step]}`)}
        </Typography>
        {step === 0 ? (
          <ContentStep housingCompanyId={housingCompanyId} letter={letter} onSaved={onSaved} />
        ) : letter ? (
          <>
            {step === 1 ? <RecipientsStep letter={letter} onLetter={setLetter} /> : null}
            {step === 2 ? <PreviewPanel letterId={letter.id} testMail /> : null}
            {step === 3 ? <SendStep letter={letter} onLetter={setLetter} /> : null}
            <Stack
              direction="row"
              useFlexGap
              sx={{ mt: 3, gap: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}
            >
              <Button variant="outlined" onClick={() => setStep(step - 1)} disabled={!draft}>
                {translate('porta.wizard.back')}
              </Button>
              {step < STEPS.length - 1 ? (
                <Button variant="contained" onClick={() => setStep(step + 1)}>
                  {translate('porta.wizard.next')}
                </Button>
              ) : null}
            </Stack>
          </>
        ) : null}
      </Paper>
      <Confirm
        isOpen={deleting}
        loading={deleteBusy}
        title="porta.letters.delete_title"
        content="porta.letters.delete_confirm"
        translateOptions={{ title: letter?.title ?? '' }}
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setDeleting(false)}
      />
    </LettersFrame>
  );
}
