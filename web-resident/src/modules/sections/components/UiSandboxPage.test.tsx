import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meResponse } from '../../../testing/fixtures';
import { startSignedIn } from '../../../testing/signed-in';

describe('/ui-sandbox', () => {
  it('shows the empty state as the app draws it: title, what to expect, the next action', async () => {
    const app = startSignedIn('/ui-sandbox', { me: meResponse({}, { roles: ['admin'] }) });
    await screen.findByRole('heading', { level: 1, name: 'UI sandbox' });
    const title = screen.getByText('No examples yet');
    const sample = title.closest('.empty-state') as HTMLElement;
    expect(sample).toBeTruthy();
    expect(
      within(sample).getByText(
        'An empty list says what it is for, what will appear in it and what to do next.',
      ),
    ).toBeTruthy();
    const action = within(sample).getByRole('button', { name: 'Add an example' });
    await app.user.click(action);
    expect(app.path()).toBe('/ui-sandbox');
    expect(screen.queryByText(/no items found/i)).toBeNull();
  });
});
