import { Alert, Button, Stack } from '@mui/material';
import {
  LETTER_PREHEADER_MAX_CHARS,
  LETTER_TEMPLATES,
  LETTER_TITLE_MAX_CHARS,
  type Letter,
  type LetterBody,
  type LetterTemplate,
  zLetter,
} from '@porta/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Form,
  HttpError,
  maxLength,
  ResourceContextProvider,
  required,
  SelectInput,
  TextInput,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { RichTextInput } from '../../content/RichTextInput';
import type { ProblemBody } from '../../data/http-client';
import { useLettersApi, useProblemText } from './api';

interface ContentValues {
  title: string;
  preheader: string;
  template: LetterTemplate;
  signatureId: string | null;
  content: string;
}

const TEMPLATE_CHOICES = LETTER_TEMPLATES.map((id) => ({ id, name: `porta.letters.templates.${id}` }));

/** The one-line explanation of the template chosen. */
function TemplateHelp() {
  const translate = useTranslate();
  const template = useWatch<ContentValues, 'template'>({ name: 'template' });
  return <>{template ? translate(`porta.letters.template_help.${template}`) : ''}</>;
}

/**
 * The wizard's first step: title, preheader, template, signature and the text (the app's
 * rich-text editor, without images: a letter's HTML keeps none). The first save creates the
 * letter, later ones replace its fields; `advance` says whether Next (not Save) was pressed.
 */
export function ContentStep({
  housingCompanyId,
  letter,
  onSaved,
}: {
  housingCompanyId: string;
  letter: Letter | null;
  onSaved: (letter: Letter, advance: boolean) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useLettersApi();
  const problemText = useProblemText();
  const [signatures, setSignatures] = useState<{ id: string; name: string }[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const advance = useRef(false);

  useEffect(() => {
    let current = true;
    // Without signatures (none, or identity did not answer) the letter goes unsigned.
    api.signatures().then(
      (list) => current && setSignatures(list),
      () => current && setSignatures([]),
    );
    return () => {
      current = false;
    };
  }, [api]);

  // The form starts again only when another version of the letter is shown.
  const defaults = useMemo<ContentValues>(
    () => ({
      title: letter?.title ?? '',
      preheader: letter?.preheader ?? '',
      template: letter?.template ?? 'blank',
      signatureId: letter?.signatureId ?? null,
      content: letter?.content ?? '',
    }),
    [letter],
  );

  const save = async (values: Partial<ContentValues>) => {
    const body: LetterBody = {
      title: values.title?.trim() ?? '',
      preheader: values.preheader?.trim() ?? '',
      template: values.template ?? 'blank',
      content: values.content ?? '',
      signatureId: values.signatureId || null,
      linkedContent: letter?.linkedContent ?? null,
      roleGroups: letter?.roleGroups ?? [],
    };
    setBusy(true);
    setProblem(null);
    try {
      const saved = letter
        ? await api.call('PUT', `/letters/${encodeURIComponent(letter.id)}`, { body, schema: zLetter })
        : await api.call('POST', `/housing-companies/${encodeURIComponent(housingCompanyId)}/letters`, {
            body,
            schema: zLetter,
          });
      notify('porta.letters.saved', { type: 'info' });
      onSaved(saved, advance.current);
      return undefined;
    } catch (error) {
      setProblem(problemText(error));
      // Field errors go next to their fields.
      return error instanceof HttpError ? (error.body as ProblemBody | undefined)?.errors : undefined;
    } finally {
      setBusy(false);
    }
  };

  return (
    <ResourceContextProvider value="letters">
      <Form record={defaults} onSubmit={save}>
        <Stack spacing={1}>
          <TextInput
            source="title"
            label="porta.letters.fields.title"
            validate={[required(), maxLength(LETTER_TITLE_MAX_CHARS)]}
            fullWidth
          />
          <TextInput
            source="preheader"
            label="porta.letters.fields.preheader"
            helperText="porta.letters.fields.preheader_help"
            validate={maxLength(LETTER_PREHEADER_MAX_CHARS)}
            fullWidth
          />
          <Stack direction={{ xs: 'column', md: 'row' }} useFlexGap sx={{ gap: { md: 2 } }}>
            <SelectInput
              source="template"
              label="porta.letters.fields.template"
              choices={TEMPLATE_CHOICES}
              validate={required()}
              helperText={<TemplateHelp />}
              sx={{ minWidth: 240 }}
            />
            <SelectInput
              source="signatureId"
              label="porta.letters.fields.signature"
              choices={signatures ?? []}
              translateChoice={false}
              emptyText="porta.letters.no_signature"
              isPending={!signatures}
              helperText={false}
              sx={{ minWidth: 240 }}
            />
          </Stack>
          <RichTextInput source="content" label="porta.letters.fields.content" media={false} />
          {problem ? (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          ) : null}
          <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <Button
              type="submit"
              variant="outlined"
              disabled={busy}
              onClick={() => {
                advance.current = false;
              }}
            >
              {translate('ra.action.save')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              onClick={() => {
                advance.current = true;
              }}
            >
              {translate('porta.wizard.next')}
            </Button>
          </Stack>
        </Stack>
      </Form>
    </ResourceContextProvider>
  );
}
