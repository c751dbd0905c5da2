export { SessionExpiredModal } from './components/SessionExpiredModal';
export { useSessionState } from './hooks/use-session-state';
export { MIN_REFRESH_INTERVAL_MS, startSilentRefresh, useSilentRefresh } from './hooks/use-silent-refresh';
