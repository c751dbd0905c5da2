import type { ConversationType } from '@porta/contracts';

/** The staff app's page of a user, where moderators ban them (03 §4). */
export function staffUserPath(userId: string): string {
  return `/admin/users/${encodeURIComponent(userId)}/show`;
}

/**
 * The address a report points at (01 §7): the page's address in this app (and the reported
 * element's anchor) with `_hc=` the housing company's hcExt, which the service checks against the
 * reporter's company.
 */
export function reportHref(hcExt: string, page: string, anchor?: string): string {
  return `${page}?_hc=${encodeURIComponent(hcExt)}${anchor ? `#${anchor}` : ''}`;
}

export const PUBLIC_DISCUSSIONS_PATH = '/community/public-discussions';

export const PRIVATE_MESSAGES_PATH = '/community/private-messages';
export const AREA_DISCUSSIONS_PATH = '/community/area-discussions';

/** The list of each kind of conversation (its own address: conversationUrl). */
export const CONVERSATIONS_PATH: Record<ConversationType, string> = {
  private: PRIVATE_MESSAGES_PATH,
  area: AREA_DISCUSSIONS_PATH,
};

/** The section name of each kind of conversation (resident's `sections.*`). */
export const CONVERSATION_SECTIONS = { private: 'privateMessages', area: 'areaDiscussions' } as const;

/** The form of a new private message, with a recipient chosen (`?to=`) when given. */
export function newMessageUrl(to?: string): string {
  const path = `${PRIVATE_MESSAGES_PATH}/new`;
  return to ? `${path}?to=${encodeURIComponent(to)}` : path;
}
