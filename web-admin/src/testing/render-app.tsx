import type { SessionClient } from '@porta/web-kit';
import { memoryStore } from 'react-admin';
import { App } from '../App';
import { renderStyled } from './styles';

/** Render the whole staff app at a browser address, with a fresh react-admin store. */
export function renderAppAt(path: string, session: SessionClient) {
  window.history.replaceState(null, '', path);
  const store = memoryStore();
  return { store, ...renderStyled(<App session={session} store={store} />) };
}

/** Type a whole value into a field at once (typing key by key is slow under react-admin). */
export async function fill(
  user: { click: (e: Element) => Promise<void>; paste: (text: string) => Promise<void> },
  field: Element,
  value: string,
) {
  await user.click(field);
  await user.paste(value);
}
