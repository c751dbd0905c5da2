import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-mock';
import { startSignedIn } from '../../../testing/signed-in';
import { notificationId } from '../testing/notification-fixtures';

const readOne = (id: string) => `POST /api/notifications/inbox/${id}/read`;

describe('notification_id in the address (01 §4)', () => {
  it('marks the notification read on load, then leaves the address, keeping the rest of it', async () => {
    const id = notificationId(41);
    const app = startSignedIn(`/my-settings?tab=email&notification_id=${id}#password`, {
      routes: { [readOne(id)]: json({ unreadCount: 4 }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'My settings' });
    await waitFor(() => expect(app.path()).toBe('/my-settings?tab=email'));
    await waitFor(() => expect(app.calls()).toContain(readOne(id)));
    expect(app.calls().filter((c) => c.startsWith('POST /api/notifications'))).toEqual([readOne(id)]);
  });

  it('works on any signed-in page, and a failure changes nothing else', async () => {
    const id = notificationId(42);
    const app = startSignedIn(`/support/contact-book?notification_id=${id}`);
    await waitFor(() => expect(app.path()).toBe('/support/contact-book'));
    await waitFor(() => expect(app.calls()).toContain(readOne(id)));
  });

  it('drops a value that is not a notification id without asking the server', async () => {
    const app = startSignedIn('/my-settings?notification_id=..%2Fadmin');
    await waitFor(() => expect(app.path()).toBe('/my-settings'));
    expect(app.calls().some((c) => c.startsWith('POST /api/notifications'))).toBe(false);
  });
});
