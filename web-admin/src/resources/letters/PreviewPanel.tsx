import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import {
  type Language,
  type Letter,
  zAudienceSummary,
  zLetterPreview,
  zTestMailResult,
} from '@porta/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { LANGUAGE_NAMES } from '../../common/languages';
import { useLettersApi, useLettersGet, useProblemText } from './api';
import { ChoiceField, LettersFrame, Loading } from './shared';

/**
 * The mail as a recipient would get it, in each language among the recipients (the first at
 * first): the HTML in a sandboxed frame (no scripts, no same origin), or its plain-text part.
 * With `testMail` a form sends it to test addresses in the language shown.
 */
export function PreviewPanel({ letterId, testMail = false }: { letterId: string; testMail?: boolean }) {
  const translate = useTranslate();
  const problemText = useProblemText();
  const tabsId = useId();
  const base = `/letters/${encodeURIComponent(letterId)}`;
  const audience = useLettersGet(`${base}/audience`, zAudienceSummary);
  const languages = audience.data?.languages ?? [];
  const [chosen, setChosen] = useState<Language | null>(null);
  const language = chosen ?? languages[0] ?? null;
  // The default language comes from the audience: the preview waits for it (or its failure).
  const ready = !!audience.data || !!audience.error;
  const preview = useLettersGet(
    ready ? `${base}/preview` : null,
    zLetterPreview,
    language ? { language } : undefined,
  );
  const [view, setView] = useState<'html' | 'text'>('html');

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {languages.length ? (
        <ChoiceField<Language>
          label={translate('porta.letters.preview.language')}
          value={language ?? languages[0]!}
          options={languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          onChange={setChosen}
          sx={{ maxWidth: 240 }}
        />
      ) : null}
      {preview.error ? <Alert severity="error">{problemText(preview.error)}</Alert> : null}
      {preview.isPending || !ready ? <Loading /> : null}
      {preview.data ? (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {translate('porta.letters.preview.subject')}:
            </Box>{' '}
            {preview.data.subject}
          </Typography>
          <Tabs
            value={view}
            onChange={(_, next: 'html' | 'text') => setView(next)}
            aria-label={translate('porta.letters.preview.view')}
            sx={{ mb: 1 }}
          >
            <Tab
              value="html"
              label={translate('porta.letters.preview.html')}
              id={`${tabsId}-html`}
              aria-controls={`${tabsId}-panel`}
            />
            <Tab
              value="text"
              label={translate('porta.letters.preview.text')}
              id={`${tabsId}-text`}
              aria-controls={`${tabsId}-panel`}
            />
          </Tabs>
          <Box role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${view}`}>
            {view === 'html' ? (
              <Box
                component="iframe"
                title={translate('porta.letters.preview.frame', { subject: preview.data.subject })}
                sandbox=""
                srcDoc={preview.data.html}
                sx={{
                  display: 'block',
                  width: '100%',
                  height: { xs: 480, md: 640 },
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  bgcolor: '#fff',
                }}
              />
            ) : (
              <Box
                component="pre"
                sx={{
                  m: 0,
                  p: 2,
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  fontFamily: 'monospace',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                }}
              >
                {preview.data.text}
              </Box>
            )}
          </Box>
        </Box>
      ) : null}
      {testMail ? <TestMailForm letterId={letterId} language={language} /> : null}
    </Stack>
  );
}

/** 03 §5: test mails to addresses separated by commas, as the letter stands now. */
function TestMailForm({ letterId, language }: { letterId: string; language: Language | null }) {
  const translate = useTranslate();
  const api = useLettersApi();
  const problemText = useProblemText();
  const headingId = useId();
  const [addresses, setAddresses] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string[] | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    setSent(null);
    try {
      const result = await api.call('POST', `/letters/${encodeURIComponent(letterId)}/test-mails`, {
        body: { addresses: addresses.trim(), ...(language ? { language } : {}) },
        schema: zTestMailResult,
      });
      setSent(result.sent);
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h3" gutterBottom>
        {translate('porta.letters.test.title')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        useFlexGap
        sx={{ gap: 1, alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          size="small"
          required
          label={translate('porta.letters.test.addresses')}
          helperText={translate('porta.letters.test.help')}
          value={addresses}
          onChange={(event) => setAddresses(event.target.value)}
          sx={{ flex: 1, maxWidth: { sm: 480 } }}
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<SendIcon />}
          disabled={busy || !addresses.trim()}
          sx={{ alignSelf: 'flex-start', mt: { sm: 0.25 } }}
        >
          {translate('porta.letters.test.send')}
        </Button>
      </Stack>
      {problem ? (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      ) : null}
      {sent ? (
        <Alert severity="success" sx={{ mt: 1 }}>
          {translate('porta.letters.test.sent', { list: sent.join(', ') })}
        </Alert>
      ) : null}
    </Box>
  );
}

/** /email-letters/:hc/preview/:id: the preview alone. */
export function LetterPreviewPage({ letter }: { letter: Letter }) {
  const translate = useTranslate();
  return (
    <LettersFrame
      housingCompanyId={letter.housingCompanyId}
      heading={`${translate('porta.letters.steps.preview')}: ${letter.title}`}
    >
      <PreviewPanel letterId={letter.id} />
    </LettersFrame>
  );
}
