export { ErrorPage } from './components/ErrorPage';
export { NotFoundPage } from './components/NotFoundPage';
export { useErrorText } from './hooks/use-error-text';
