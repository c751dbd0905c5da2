import type {
  Comment,
  CommunityAuthor,
  Conversation,
  Discussion,
  LikesSummary,
  Message,
  NeighbourList,
  Recipient,
} from '@porta/contracts';
import { act, fireEvent, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { IDS } from '../../../testing/fixtures';
import type { Page } from '../utils/pages';

/** Test data of the community service's answers (valid against the contracts). */

export function communityId(n: number): string {
  return `5c0e0a1b-2c3d-4e5f-8a6b-${String(n).padStart(12, '0')}`;
}

export const NEIGHBOUR_ID = communityId(900);

export const DISCUSSION_ID = communityId(1);

export function author(overrides: Partial<CommunityAuthor> = {}): CommunityAuthor {
  return {
    id: NEIGHBOUR_ID,
    firstName: 'Nina',
    label: { kind: 'apartment', role: null, apartment: 'B 12' },
    ...overrides,
  };
}

/** The signed-in user of the fixtures (Olivia, IDS.user) as a writer. */
export const me = author({
  id: IDS.user,
  firstName: 'Olivia',
  label: { kind: 'apartment', role: null, apartment: 'A 1' },
});

export function likes(overrides: Partial<LikesSummary> = {}): LikesSummary {
  return { count: 0, likedByMe: false, names: [], remainder: 0, ...overrides };
}

const rights = { isOwn: false, canEdit: false, canDelete: false, canBan: false };
const ownRights = { isOwn: true, canEdit: true, canDelete: true, canBan: false };

export function discussion(overrides: Partial<Discussion> = {}): Discussion {
  return {
    id: DISCUSSION_ID,
    housingCompanyId: IDS.demoHc,
    title: 'Bicycle storage',
    body: '<p>Who has the key to the bicycle storage?</p>',
    author: author(),
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-01T08:00:00.000Z',
    edited: false,
    lastActivityAt: '2026-03-02T08:00:00.000Z',
    commentCount: 0,
    likes: likes(),
    subscribed: false,
    ...rights,
    ...overrides,
  };
}

export function comment(n: number, overrides: Partial<Comment> = {}): Comment {
  return {
    id: communityId(100 + n),
    discussionId: DISCUSSION_ID,
    referenceType: null,
    referenceId: null,
    housingCompanyId: IDS.demoHc,
    parentId: null,
    body: `<p>Comment number ${n}</p>`,
    images: [],
    author: author(),
    createdAt: '2026-03-02T08:00:00.000Z',
    updatedAt: '2026-03-02T08:00:00.000Z',
    edited: false,
    isDeleted: false,
    childMessageCount: 0,
    likes: likes(),
    ...rights,
    ...overrides,
  };
}

/** A comment of the signed-in user (edit and delete allowed). */
export function ownComment(n: number, overrides: Partial<Comment> = {}): Comment {
  return comment(n, { author: me, ...ownRights, ...overrides });
}

export const CONVERSATION_ID = communityId(2);
export const AREA = { id: communityId(950), name: 'Demo Bay' };

/** A private conversation Nina started with the signed-in user (Olivia), one message in it. */
export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: CONVERSATION_ID,
    type: 'private',
    housingCompanyId: IDS.demoHc,
    area: null,
    title: null,
    author: author(),
    participants: [
      { id: NEIGHBOUR_ID, firstName: 'Nina' },
      { id: IDS.user, firstName: 'Olivia' },
    ],
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-01T08:00:00.000Z',
    edited: false,
    lastMessageAt: '2026-03-01T08:00:00.000Z',
    messageCount: 1,
    newestMessage: {
      id: communityId(300),
      body: '<p>Hi Olivia, is the sauna free on Friday?</p>',
      author: author(),
      createdAt: '2026-03-01T08:00:00.000Z',
      isDeleted: false,
    },
    ...rights,
    ...overrides,
  };
}

/** An area discussion (writers labelled by the area's name). */
export function areaConversation(overrides: Partial<Conversation> = {}): Conversation {
  const areaAuthor = author({ label: { kind: 'area', role: null, apartment: null, area: AREA.name } });
  return conversation({
    type: 'area',
    area: AREA,
    title: 'Street works in the spring',
    author: areaAuthor,
    participants: [],
    newestMessage: { ...conversation().newestMessage!, author: areaAuthor },
    ...overrides,
  });
}

export function message(n: number, overrides: Partial<Message> = {}): Message {
  return {
    id: communityId(300 + n),
    conversationId: CONVERSATION_ID,
    housingCompanyId: IDS.demoHc,
    body: `<p>Message number ${n}</p>`,
    author: author(),
    createdAt: '2026-03-02T08:00:00.000Z',
    updatedAt: '2026-03-02T08:00:00.000Z',
    edited: false,
    isDeleted: false,
    ...rights,
    ...overrides,
  };
}

/** A message of the signed-in user (edit and delete allowed). */
export function ownMessage(n: number, overrides: Partial<Message> = {}): Message {
  return message(n, { author: me, ...ownRights, ...overrides });
}

export function recipient(n: number, firstName: string, apartments: string[] = []): Recipient {
  return { id: communityId(900 + n), firstName, apartments };
}

export function neighbourList(apartments: NeighbourList['apartments']): NeighbourList {
  return { housingCompanyId: IDS.demoHc, apartments };
}

export function page<T>(items: T[], { total = items.length, skip = 0, limit = 25 } = {}): Page<T> {
  return { items, total, skip, limit };
}

/** The app's toast region (a polite live region, always in the page). */
export function toasts(): HTMLElement {
  const region = document.querySelector<HTMLElement>('.toasts[aria-live="polite"]');
  if (!region) throw new Error('No toast region');
  return region;
}

/**
 * Save the edit form open in `element` while the service fails: the error-saving message shows
 * for 2 seconds (01 §8), then goes; the form stays for another try.
 */
export async function expectSavingErrorFor2Seconds(element: HTMLElement): Promise<void> {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    fireEvent.click(within(element).getByRole('button', { name: 'Save' }));
    const text = 'The comment could not be saved. Please try again.';
    expect((await within(element).findByRole('alert')).textContent).toBe(text);
    act(() => vi.advanceTimersByTime(1000));
    expect(within(element).queryByText(text)).not.toBeNull();
    act(() => vi.advanceTimersByTime(1100));
    expect(within(element).queryByText(text)).toBeNull();
  } finally {
    vi.useRealTimers();
  }
}
