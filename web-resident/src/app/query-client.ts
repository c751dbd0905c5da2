import { RETRY_COUNT, RETRY_DELAY_MS } from '@porta/contracts';
import { ApiError } from '@porta/web-kit';
import { QueryClient } from '@tanstack/react-query';

/** Server trouble (500–504) and lost connections are worth another try; answers about the request are not. */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || (error.status >= 500 && error.status <= 504));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < RETRY_COUNT && isRetryable(error),
        retryDelay: RETRY_DELAY_MS,
        staleTime: 30_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
