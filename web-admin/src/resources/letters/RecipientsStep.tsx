import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  AUDIENCE_SOURCES,
  type AudienceSummary,
  LETTER_ROLE_GROUPS,
  type Letter,
  type LetterRecipientImportResult,
  type LetterRoleGroup,
  zAudienceSummary,
  zLetter,
  zLetterRecipient,
  zLetterRecipientPage,
} from '@porta/contracts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { z } from 'zod';
import { FilePickerButton } from '../../common/FilePickerButton';
import { HiddenText } from '../../common/HiddenText';
import { LANGUAGE_NAMES } from '../../common/languages';
import { bodyOf, useLettersApi, useLettersGet, useProblemText } from './api';
import { Loading, PAGE_SIZE, Pager, ScrollingTable, SearchField, useDebounced } from './shared';

/** A titled part of a step. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, minWidth: 0 }}>
      <Typography id={headingId} variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The wizard's recipient step: the company's role groups, the named recipients (added one by one
 * or from a CSV file, searched, removed), and who the letter would reach now.
 */
export function RecipientsStep({ letter, onLetter }: { letter: Letter; onLetter: (letter: Letter) => void }) {
  const [round, setRound] = useState(0);
  // A change of recipients or groups changes the audience (and the list of named ones).
  const changed = () => setRound((r) => r + 1);
  return (
    <Stack spacing={2}>
      <RoleGroups
        letter={letter}
        onLetter={(next) => {
          onLetter(next);
          changed();
        }}
      />
      <NamedRecipients letterId={letter.id} round={round} onChanged={changed} />
      <Audience letterId={letter.id} round={round} />
    </Stack>
  );
}

function RoleGroups({ letter, onLetter }: { letter: Letter; onLetter: (letter: Letter) => void }) {
  const translate = useTranslate();
  const api = useLettersApi();
  const problemText = useProblemText();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = async (group: LetterRoleGroup, on: boolean) => {
    const roleGroups = LETTER_ROLE_GROUPS.filter((g) => (g === group ? on : letter.roleGroups.includes(g)));
    setBusy(true);
    setProblem(null);
    try {
      onLetter(
        await api.call('PUT', `/letters/${encodeURIComponent(letter.id)}`, {
          body: bodyOf(letter, { roleGroups }),
          schema: zLetter,
        }),
      );
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title={translate('porta.letters.recipients.groups')}>
      <FormControl component="fieldset" variant="standard" disabled={busy}>
        <FormLabel component="legend">{translate('porta.letters.recipients.groups_help')}</FormLabel>
        <FormGroup row>
          {LETTER_ROLE_GROUPS.map((group) => (
            <FormControlLabel
              key={group}
              control={
                <Checkbox
                  checked={letter.roleGroups.includes(group)}
                  onChange={(_, on) => void toggle(group, on)}
                />
              }
              label={translate(`porta.letters.groups.${group}`)}
            />
          ))}
        </FormGroup>
      </FormControl>
      {problem ? (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      ) : null}
    </Section>
  );
}

function NamedRecipients({
  letterId,
  round,
  onChanged,
}: {
  letterId: string;
  round: number;
  onChanged: () => void;
}) {
  const translate = useTranslate();
  const api = useLettersApi();
  const problemText = useProblemText();
  const base = `/letters/${encodeURIComponent(letterId)}/recipients`;
  const [input, setInput] = useState('');
  const q = useDebounced(input);
  const [page, setPage] = useState(0);
  const recipients = useLettersGet(
    base,
    zLetterRecipientPage,
    {
      q: q || undefined,
      offset: String(page * PAGE_SIZE),
      limit: String(PAGE_SIZE),
    },
    round,
  );
  const [removeProblem, setRemoveProblem] = useState<string | null>(null);

  const remove = async (id: string) => {
    setRemoveProblem(null);
    try {
      await api.call('DELETE', `${base}/${encodeURIComponent(id)}`, { schema: z.unknown() });
      onChanged();
    } catch (error) {
      setRemoveProblem(problemText(error));
    }
  };

  const items = recipients.data?.items ?? [];
  return (
    <Section title={translate('porta.letters.recipients.named')}>
      <Stack spacing={2}>
        <AddRecipient path={base} onAdded={onChanged} />
        <CsvImport letterId={letterId} onImported={onChanged} />
        <SearchField
          label={translate('porta.letters.recipients.search')}
          value={input}
          onChange={(value) => {
            setInput(value);
            setPage(0);
          }}
          sx={{ maxWidth: { sm: 320 } }}
        />
        {recipients.isPending ? <Loading /> : null}
        {recipients.error ? <Alert severity="error">{problemText(recipients.error)}</Alert> : null}
        {removeProblem ? (
          <Alert severity="error" role="alert">
            {removeProblem}
          </Alert>
        ) : null}
        {!recipients.isPending && !recipients.error && items.length === 0 ? (
          <Typography color="text.secondary">
            {translate(q ? 'porta.letters.recipients.none_found' : 'porta.letters.recipients.empty')}
          </Typography>
        ) : null}
        {items.length ? (
          <ScrollingTable>
            <Table size="small" aria-label={translate('porta.letters.recipients.named')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('porta.letters.recipients.name')}</TableCell>
                  <TableCell>{translate('porta.letters.recipients.email')}</TableCell>
                  <TableCell>
                    <HiddenText>{translate('porta.common.actions')}</HiddenText>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((recipient) => (
                  <TableRow key={recipient.id}>
                    <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                      {recipient.name}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{recipient.email}</TableCell>
                    <TableCell padding="checkbox">
                      <Tooltip title={translate('ra.action.remove')}>
                        <IconButton
                          size="small"
                          aria-label={translate('porta.letters.recipients.remove', { name: recipient.name })}
                          onClick={() => void remove(recipient.id)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollingTable>
        ) : null}
        <Pager total={recipients.data?.total ?? 0} page={page} onPage={setPage} />
      </Stack>
    </Section>
  );
}

function AddRecipient({ path, onAdded }: { path: string; onAdded: () => void }) {
  const translate = useTranslate();
  const api = useLettersApi();
  const problemText = useProblemText();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setAdded(null);
    setBusy(true);
    try {
      const recipient = await api.call('POST', path, {
        body: { name: name.trim(), email: email.trim() },
        schema: zLetterRecipient,
      });
      setName('');
      setEmail('');
      setAdded(translate('porta.letters.recipients.added', { name: recipient.name }));
      onAdded();
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={translate('porta.letters.recipients.add')}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        useFlexGap
        sx={{ gap: 1, alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          size="small"
          required
          label={translate('porta.letters.recipients.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="off"
        />
        <TextField
          size="small"
          required
          type="email"
          label={translate('porta.letters.recipients.email')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="off"
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={busy || !name.trim() || !email.trim()}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {translate('porta.letters.recipients.add')}
        </Button>
      </Stack>
      {problem ? (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      ) : null}
      {added ? (
        <Alert severity="success" sx={{ mt: 1 }}>
          {added}
        </Alert>
      ) : null}
    </Box>
  );
}

function CsvImport({ letterId, onImported }: { letterId: string; onImported: () => void }) {
  const translate = useTranslate();
  const api = useLettersApi();
  const problemText = useProblemText();
  const helpId = useId();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<LetterRecipientImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = async (file: File) => {
    setBusy(true);
    setProblem(null);
    setResult(null);
    try {
      setResult(await api.importCsv(letterId, file));
      onImported();
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} useFlexGap sx={{ gap: 1, alignItems: { sm: 'center' } }}>
        <FilePickerButton
          accept=".csv,text/csv"
          busy={busy}
          disabled={busy}
          describedBy={helpId}
          inputLabel={translate('porta.letters.csv.file')}
          onFiles={(files) => {
            if (files[0]) void upload(files[0]);
          }}
          sx={{ alignSelf: 'flex-start' }}
        >
          {translate('porta.letters.csv.import')}
        </FilePickerButton>
        <Typography id={helpId} variant="body2" color="text.secondary">
          {translate('porta.letters.csv.help')}
        </Typography>
      </Stack>
      {problem ? (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      ) : null}
      {result ? (
        <Box sx={{ mt: 1 }}>
          <Alert severity={result.failedCount ? 'warning' : 'success'}>
            {translate('porta.letters.csv.added', { smart_count: result.added })}
            {result.failedCount
              ? ` ${translate('porta.letters.csv.failed', { smart_count: result.failedCount })}`
              : ''}
          </Alert>
          {result.failed.length ? (
            <ScrollingTable sx={{ mt: 1 }}>
              <Table size="small" aria-label={translate('porta.letters.csv.failed_rows')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('porta.letters.csv.line')}</TableCell>
                    <TableCell>{translate('porta.letters.csv.problem')}</TableCell>
                    <TableCell>{translate('porta.letters.csv.value')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {result.failed.map((row) => (
                    <TableRow key={`${row.line}-${row.problem}`}>
                      <TableCell component="th" scope="row">
                        {row.line}
                      </TableCell>
                      <TableCell>{translate(`porta.letters.csv.problems.${row.problem}`)}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.value}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollingTable>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}

/** Who the letter would reach if sent now: the total, by source, their languages and those opted out. */
function Audience({ letterId, round }: { letterId: string; round: number }) {
  const translate = useTranslate();
  const problemText = useProblemText();
  const audience = useLettersGet(
    `/letters/${encodeURIComponent(letterId)}/audience`,
    zAudienceSummary,
    undefined,
    round,
  );
  return (
    <Section title={translate('porta.letters.audience.title')}>
      {audience.error ? <Alert severity="error">{problemText(audience.error)}</Alert> : null}
      {audience.data ? <AudienceDetails audience={audience.data} /> : audience.isPending ? <Loading /> : null}
    </Section>
  );
}

export function AudienceDetails({ audience }: { audience: AudienceSummary }) {
  const translate = useTranslate();
  const sources = AUDIENCE_SOURCES.filter((source) => (audience.bySource[source] ?? 0) > 0);
  return (
    <Stack spacing={1}>
      <Typography sx={{ fontWeight: 500 }}>
        {translate('porta.letters.send.total', { smart_count: audience.total })}
      </Typography>
      {sources.length ? (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {sources.map((source) => (
            <li key={source}>
              {translate(`porta.letters.groups.${source}`)}: {audience.bySource[source]}
            </li>
          ))}
        </Box>
      ) : null}
      {audience.languages.length ? (
        <Typography variant="body2">
          {translate('porta.letters.audience.languages')}:{' '}
          {audience.languages.map((language) => LANGUAGE_NAMES[language]).join(', ')}
        </Typography>
      ) : null}
      {audience.optedOutCount ? (
        <Box>
          <Typography variant="subtitle2" component="h4">
            {translate('porta.letters.audience.opted_out', { smart_count: audience.optedOutCount })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('porta.letters.audience.opted_out_help')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {audience.optedOut.map((person) => (
              <li key={person.email}>
                {person.name} ({person.email})
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
    </Stack>
  );
}
