import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { startSignedIn } from '../../../testing/signed-in';

const box = () => screen.getByRole('region', { name: 'Feedback' });
const rating = (name: string) => within(box()).getByRole('button', { name });
const feedbackPosts = (app: { requests: { method: string; path: string; body: unknown }[] }) =>
  app.requests.filter((r) => r.method === 'POST' && r.path === '/api/content/feedback').map((r) => r.body);

describe('feedback box', () => {
  it('needs a rating before the comment and send appear; the chosen rating deselects on a second click', async () => {
    const app = startSignedIn('/');
    await screen.findByRole('region', { name: 'Feedback' });
    const group = within(box()).getByRole('group', { name: 'How satisfied are you with the portal?' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Very dissatisfied',
      'Dissatisfied',
      'Neither satisfied nor dissatisfied',
      'Satisfied',
      'Very satisfied',
    ]);
    expect(within(box()).queryByLabelText('Comment (optional)')).toBeNull();
    expect(within(box()).queryByRole('button', { name: 'Send feedback' })).toBeNull();

    await app.user.click(rating('Satisfied'));
    expect(rating('Satisfied').getAttribute('aria-pressed')).toBe('true');
    expect(rating('Very satisfied').getAttribute('aria-pressed')).toBe('false');
    expect(within(box()).getByLabelText('Comment (optional)')).toBeTruthy();
    expect(within(box()).getByRole('button', { name: 'Send feedback' })).toBeTruthy();

    await app.user.click(rating('Very satisfied'));
    expect(rating('Satisfied').getAttribute('aria-pressed')).toBe('false');
    expect(rating('Very satisfied').getAttribute('aria-pressed')).toBe('true');

    await app.user.click(rating('Very satisfied'));
    expect(rating('Very satisfied').getAttribute('aria-pressed')).toBe('false');
    expect(within(box()).queryByLabelText('Comment (optional)')).toBeNull();
    expect(within(box()).queryByRole('button', { name: 'Send feedback' })).toBeNull();
  });

  it('sends the rating and comment, thanks in a modal and starts over', async () => {
    const app = startSignedIn('/', {
      routes: { 'POST /api/content/feedback': json({ id: '00000000-0000-4000-8000-00000000f00d' }, 201) },
    });
    await screen.findByRole('region', { name: 'Feedback' });
    await app.user.click(rating('Dissatisfied'));
    await app.user.type(within(box()).getByLabelText('Comment (optional)'), '  The lift is slow.  ');
    await app.user.click(within(box()).getByRole('button', { name: 'Send feedback' }));

    const dialog = await screen.findByRole('dialog', { name: 'Thank you for your feedback!' });
    expect(feedbackPosts(app)).toEqual([
      { housingCompanyId: IDS.demoHc, rating: 2, comment: 'The lift is slow.' },
    ]);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    // Focus stays in the modal.
    await app.user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await app.user.click(close);

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(rating('Dissatisfied').getAttribute('aria-pressed')).toBe('false');
    expect(within(box()).queryByLabelText('Comment (optional)')).toBeNull();
    expect(document.activeElement).toBe(rating('Very dissatisfied'));

    // Without a comment, none is sent; Escape closes the thank-you too.
    await app.user.click(rating('Very satisfied'));
    await app.user.click(within(box()).getByRole('button', { name: 'Send feedback' }));
    await screen.findByRole('dialog', { name: 'Thank you for your feedback!' });
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(feedbackPosts(app)[1]).toEqual({ housingCompanyId: IDS.demoHc, rating: 5 });
  });

  it('shows the spec’s failure text and keeps what was written', async () => {
    const app = startSignedIn('/', {
      routes: {
        // Whatever the service answers (here a failure of its own), the box says the spec's text.
        'POST /api/content/feedback': problem(500, 'INTERNAL', 'Something went wrong'),
      },
    });
    await screen.findByRole('region', { name: 'Feedback' });
    await app.user.click(rating('Neither satisfied nor dissatisfied'));
    await app.user.type(within(box()).getByLabelText('Comment (optional)'), 'Hello');
    await app.user.click(within(box()).getByRole('button', { name: 'Send feedback' }));
    expect((await within(box()).findByRole('alert')).textContent).toBe(
      "Something wen't wrong. Could not send feedback. Please try to send it again.",
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((within(box()).getByLabelText('Comment (optional)') as HTMLTextAreaElement).value).toBe('Hello');
  });
});
