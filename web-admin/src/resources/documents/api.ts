import { type UploadResult, zUploadResult } from '@porta/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { z } from 'zod';
import { parseAnswer } from '../../content/api';
import { type CallMethod, DOCUMENTS_API, type PortaDataProvider, type Query } from '../../data/data-provider';

/**
 * The documents service's calls (/api/documents, ADR 0030): JSON calls checked against their
 * contracts, and uploads of one file that report their progress.
 */
export interface DocumentsApi {
  call<S extends z.ZodType>(
    method: CallMethod,
    path: string,
    options: { query?: Query; body?: unknown; schema: S },
  ): Promise<z.infer<S>>;
  /** POST one file into a folder (`POST /folders/:id/documents`), telling how far it is. */
  upload(
    folderId: string,
    file: File,
    options: { query: Query; onProgress: (share: number) => void; signal?: AbortSignal },
  ): Promise<UploadResult>;
  /** A file the service serves with the token only (a picture's thumbnail address), as bytes. */
  fetchFile(url: string): Promise<Blob>;
}

/** The documents service's calls (stable between renders). */
export function useDocumentsApi(): DocumentsApi {
  const dataProvider = useDataProvider<PortaDataProvider>();
  return useMemo(() => {
    const { call, uploadWithProgress, fetchFile } = dataProvider;
    return {
      async call(
        method: CallMethod,
        path: string,
        options: { query?: Query; body?: unknown; schema: z.ZodType },
      ) {
        const answer = await call(method, path, {
          query: options.query,
          body: options.body,
          api: DOCUMENTS_API,
        });
        return parseAnswer(options.schema, answer);
      },
      async upload(folderId, file, { query, onProgress, signal }) {
        const answer = await uploadWithProgress(`/folders/${encodeURIComponent(folderId)}/documents`, file, {
          query,
          api: DOCUMENTS_API,
          onProgress,
          signal,
        });
        return parseAnswer(zUploadResult, answer);
      },
      fetchFile(url: string) {
        // Only the documents service's own addresses get the token.
        if (!url.startsWith(`${DOCUMENTS_API}/`))
          return Promise.reject(new Error(`Not a documents address: ${url}`));
        return fetchFile(url);
      },
    } as DocumentsApi;
  }, [dataProvider]);
}

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  /** Load again (after a change). */
  reload: () => void;
}

/**
 * GET a path of the documents service (checked by its contract) and keep the answer; `path` null
 * waits. A reload keeps the answer shown until the new one is there; another path or query starts
 * empty, so one company's folders never show under another's name.
 */
export function useDocumentsGet<S extends z.ZodType>(
  path: string | null,
  schema: S,
  query?: Query,
): Loaded<z.infer<S>> {
  const api = useDocumentsApi();
  const queryKey = JSON.stringify(query ?? {});
  const key = path ? `${path}?${queryKey}` : null;
  const [state, setState] = useState<{
    key: string | null;
    data?: z.infer<S>;
    error?: unknown;
    isPending: boolean;
  }>({ key, isPending: !!path });
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` changes to load again on demand
  useEffect(() => {
    if (!path) {
      setState({ key, isPending: false });
      return;
    }
    let current = true;
    setState((s) => (s.key === key ? { ...s, error: undefined, isPending: true } : { key, isPending: true }));
    api.call('GET', path, { query: JSON.parse(queryKey) as Query, schema }).then(
      (data) => current && setState({ key, data, isPending: false }),
      (error: unknown) => current && setState({ key, error, isPending: false }),
    );
    return () => {
      current = false;
    };
  }, [api, key, path, queryKey, schema, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  const mine = state.key === key;
  return {
    data: mine ? state.data : undefined,
    error: mine ? state.error : undefined,
    isPending: mine ? state.isPending : !!path,
    reload,
  };
}

/** Tags typed as one text, separated by commas: trimmed, empty ones and repeats dropped. */
export function tagsOf(text: string): string[] {
  return [...new Set(text.split(',').map((tag) => tag.trim()))].filter((tag) => tag.length > 0);
}
