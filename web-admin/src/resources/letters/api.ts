import {
  type Letter,
  type LetterBody,
  type LetterRecipientImportResult,
  zLetterRecipientImportResult,
  zSignature,
} from '@porta/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { HttpError, useDataProvider } from 'react-admin';
import { z } from 'zod';
import { parseAnswer, useErrorText } from '../../content/api';
import {
  type CallMethod,
  IDENTITY_API,
  LETTERS_API,
  type PortaDataProvider,
  type Query,
} from '../../data/data-provider';
import type { ProblemBody } from '../../data/http-client';

/** The sender's signatures (identity answers more fields; only these are needed). */
export const zSignatureChoices = z.array(zSignature.pick({ id: true, name: true, content: true }));

/** The letters service's calls (/api/letters, ADR 0032), answers checked against their contracts. */
export interface LettersApi {
  call<S extends z.ZodType>(
    method: CallMethod,
    path: string,
    options: { query?: Query; body?: unknown; schema: S },
  ): Promise<z.infer<S>>;
  /** POST a CSV file of recipients as it is (`content-type: text/csv`). */
  importCsv(letterId: string, file: File): Promise<LetterRecipientImportResult>;
  /** Download a letter's log as CSV with the filter shown; resolves to the file's name. */
  downloadLog(letterId: string, query: Query): Promise<string>;
  /** The signed-in sender's signatures (identity). */
  signatures(): Promise<z.infer<typeof zSignatureChoices>>;
}

export function useLettersApi(): LettersApi {
  const dataProvider = useDataProvider<PortaDataProvider>();
  return useMemo(() => {
    const { call, sendRaw, download } = dataProvider;
    return {
      async call(
        method: CallMethod,
        path: string,
        options: { query?: Query; body?: unknown; schema: z.ZodType },
      ) {
        const answer = await call(method, path, {
          query: options.query,
          body: options.body,
          api: LETTERS_API,
        });
        return parseAnswer(options.schema, answer);
      },
      async importCsv(letterId: string, file: File) {
        const answer = await sendRaw(
          'POST',
          `/letters/${encodeURIComponent(letterId)}/recipients/csv`,
          file,
          {
            contentType: 'text/csv',
            api: LETTERS_API,
          },
        );
        return parseAnswer(zLetterRecipientImportResult, answer);
      },
      downloadLog: (letterId: string, query: Query) =>
        download(
          `/letters/${encodeURIComponent(letterId)}/deliveries.csv`,
          'letter-log.csv',
          query,
          LETTERS_API,
        ),
      async signatures() {
        return parseAnswer(zSignatureChoices, await call('GET', '/me/signatures', { api: IDENTITY_API }));
      },
    } as LettersApi;
  }, [dataProvider]);
}

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  reload: () => void;
}

/**
 * GET a path of the letters service (checked by its contract) and keep the answer; `path` null
 * waits; another `refresh` number loads it again (after a change elsewhere). A reload keeps the answer shown until the new one is there; another path or query starts
 * empty, so one letter's rows never show under another's.
 */
export function useLettersGet<S extends z.ZodType>(
  path: string | null,
  schema: S,
  query?: Query,
  refresh = 0,
): Loaded<z.infer<S>> {
  const api = useLettersApi();
  const queryKey = JSON.stringify(query ?? {});
  const key = path ? `${path}?${queryKey}` : null;
  const [state, setState] = useState<{
    key: string | null;
    data?: z.infer<S>;
    error?: unknown;
    pending: boolean;
  }>({
    key,
    pending: !!path,
  });
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` and `refresh` change to load again on demand
  useEffect(() => {
    if (!path) return;
    let current = true;
    setState((s) => (s.key === key ? { ...s, error: undefined, pending: true } : { key, pending: true }));
    api.call('GET', path, { query: JSON.parse(queryKey) as Query, schema }).then(
      (data) => current && setState({ key, data, pending: false }),
      (error: unknown) =>
        current &&
        setState((s) => ({ key, data: s.key === key ? s.data : undefined, error, pending: false })),
    );
    return () => {
      current = false;
    };
  }, [api, key, path, queryKey, schema, round, refresh]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  const mine = state.key === key;
  return {
    data: mine ? state.data : undefined,
    error: mine ? state.error : undefined,
    isPending: mine ? state.pending : !!path,
    reload,
  };
}

/**
 * Words for an error: the app's text for its code, then the server's detail when it says more
 * (which line of the CSV, which test address).
 */
export function useProblemText() {
  const errorText = useErrorText();
  return useCallback(
    (error: unknown): string => {
      const text = errorText(error);
      const body = error instanceof HttpError ? (error.body as ProblemBody | undefined) : undefined;
      const detail = body?.detail && body.detail !== body.title ? body.detail : '';
      return detail && !text.includes(detail) ? `${text} ${detail}` : text;
    },
    [errorText],
  );
}

/** A letter's editable fields as the API takes them back (PUT replaces every field). */
export function bodyOf(letter: Letter, changes: Partial<LetterBody> = {}): LetterBody {
  return {
    title: letter.title,
    preheader: letter.preheader,
    template: letter.template,
    content: letter.content,
    signatureId: letter.signatureId,
    linkedContent: letter.linkedContent,
    roleGroups: letter.roleGroups,
    ...changes,
  };
}

const enc = encodeURIComponent;

/** The screens' addresses in the app (03 §2: /admin/email-letters/{hc}/…). */
export const lettersPaths = {
  root: '/email-letters',
  list: (hc: string) => `/email-letters/${enc(hc)}/messages`,
  create: (hc: string) => `/email-letters/${enc(hc)}/message/new`,
  letter: (hc: string, id: string) => `/email-letters/${enc(hc)}/message/${enc(id)}`,
  logs: (hc: string, id: string) => `/email-letters/${enc(hc)}/message/${enc(id)}/logs`,
  preview: (hc: string, id: string) => `/email-letters/${enc(hc)}/preview/${enc(id)}`,
};

export const isUuid = (value: string | undefined): value is string =>
  !!value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
