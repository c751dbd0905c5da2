import { useCallback, useEffect, useMemo, useState } from 'react';
import { HttpError, useDataProvider, useTranslate } from 'react-admin';
import type { z } from 'zod';
import { CONTENT_API, LOAD_FAILED, type PortaDataProvider, type Query } from '../data/data-provider';
import type { ProblemBody } from '../data/http-client';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The content service's calls beyond CRUD; every answer that has a contract is checked against it. */
export interface ContentApi {
  /** A JSON call under /api/content; with a schema the answer is checked (and stripped) by it. */
  call<S extends z.ZodType>(
    method: Method,
    path: string,
    options: { query?: Query; body?: unknown; schema: S },
  ): Promise<z.infer<S>>;
  call(method: Method, path: string, options?: { query?: Query; body?: unknown }): Promise<unknown>;
  download(path: string, fallbackName: string, query?: Query): Promise<string>;
  upload<S extends z.ZodType>(
    path: string,
    file: File,
    options: { query?: Query; schema: S },
  ): Promise<z.infer<S>>;
}

/** The answer checked against its contract; an answer that does not match reads as a failed load. */
export function parseAnswer<S extends z.ZodType>(schema: S, answer: unknown): z.infer<S> {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new HttpError(LOAD_FAILED, 502, { code: 'INVALID_ANSWER' });
  return parsed.data;
}

/** The content service's calls (stable between renders). */
export function useContentApi(): ContentApi {
  const dataProvider = useDataProvider<PortaDataProvider>();
  return useMemo(() => {
    const { call, download, upload } = dataProvider;
    return {
      async call(
        method: Method,
        path: string,
        options: { query?: Query; body?: unknown; schema?: z.ZodType } = {},
      ) {
        const answer = await call(method, path, {
          query: options.query,
          body: options.body,
          api: CONTENT_API,
        });
        return options.schema ? parseAnswer(options.schema, answer) : answer;
      },
      download: (path: string, fallbackName: string, query?: Query) =>
        download(path, fallbackName, query, CONTENT_API),
      async upload(path: string, file: File, options: { query?: Query; schema: z.ZodType }) {
        const answer = await upload(path, file, { query: options.query, api: CONTENT_API });
        return parseAnswer(options.schema, answer);
      },
    } as ContentApi;
  }, [dataProvider]);
}

/** The problem code of an error a call threw, if any. */
export function codeOf(error: unknown): string | undefined {
  if (error instanceof HttpError) {
    const code = (error.body as ProblemBody | undefined)?.code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/**
 * Words for an error: the app's text for its problem code (`porta.errors.<code>`), else the
 * server's message, else 'Content could not be loaded. Please refresh.'
 */
export function useErrorText() {
  const translate = useTranslate();
  return useCallback(
    (error: unknown): string => {
      const fallback =
        error instanceof Error && error.message
          ? translate(error.message, { _: error.message })
          : translate(LOAD_FAILED);
      const code = codeOf(error);
      return code ? translate(`porta.errors.${code}`, { _: fallback }) : fallback;
    },
    [translate],
  );
}

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  reload: () => void;
}

/** GET a content path (checked by its contract) and keep the answer; `path` null waits. */
export function useContentGet<S extends z.ZodType>(
  path: string | null,
  schema: S,
  query?: Query,
): Loaded<z.infer<S>> {
  const api = useContentApi();
  const [state, setState] = useState<{ data?: z.infer<S>; error?: unknown; isPending: boolean }>({
    isPending: !!path,
  });
  const [round, setRound] = useState(0);
  const queryKey = JSON.stringify(query ?? {});

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` changes to load again on demand
  useEffect(() => {
    if (!path) {
      setState({ isPending: false });
      return;
    }
    let current = true;
    setState((s) => ({ ...s, isPending: true }));
    api.call('GET', path, { query: JSON.parse(queryKey) as Query, schema }).then(
      (data) => current && setState({ data, isPending: false }),
      (error: unknown) => current && setState({ error, isPending: false }),
    );
    return () => {
      current = false;
    };
  }, [api, path, queryKey, schema, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data: state.data, error: state.error, isPending: state.isPending, reload };
}

/**
 * The body for a strict request schema: only its fields, without undefined, and without null where
 * the field does not take null (left out: unchanged or the default).
 */
export function pickBody(schema: z.ZodObject, values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(schema.shape)) {
    const value = values[field];
    if (value === undefined) continue;
    if (value === null && !(fieldSchema as z.ZodType).safeParse(null).success) continue;
    body[field] = value;
  }
  return body;
}
