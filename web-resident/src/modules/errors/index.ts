export { ErrorPage } from './components/ErrorPage';
export { errorCode, serverFieldErrors } from './hooks/field-errors';
export { useErrorText } from './hooks/use-error-text';
