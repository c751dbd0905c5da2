import type { SessionClient } from '@porta/web-kit';
import { render } from '@testing-library/react';
import { memoryStore } from 'react-admin';
import { App } from '../App';

/** Render the whole staff app at a browser address, with a fresh react-admin store. */
export function renderAppAt(path: string, session: SessionClient) {
  window.history.replaceState(null, '', path);
  const store = memoryStore();
  return { store, ...render(<App session={session} store={store} />) };
}
