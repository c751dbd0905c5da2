import type { LetterBody } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, tokens } from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';
import {
  LETTERS,
  letter,
  letterRoutes,
  lettersApi,
  linden,
  noContent,
  problemWith,
  progressOf,
  STARTUP,
} from './testing';

let session: SessionClient;

beforeAll(() => import('./LettersPage'), 90_000);

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

const CREATE = `POST ${LETTERS}/housing-companies/${linden.id}/letters`;
const bodyOf = (request: { body: unknown }) => request.body as LetterBody;

describe('letter wizard: content (03 §2 /admin/email-letters/{hc}/message/new)', () => {
  it('creates the letter on the first save, moves to its address, and replaces it on later saves', async () => {
    let saved = letter(1, { title: 'Sauna renovation', content: '' });
    const update = `PUT ${LETTERS}/letters/${saved.id}`;
    const calls = lettersApi({
      routes: {
        [CREATE]: (request) => {
          saved = { ...saved, ...bodyOf(request) };
          return json(saved, 201);
        },
        [`GET ${LETTERS}/letters/${saved.id}`]: () => json(saved),
        [update]: (request) => {
          saved = { ...saved, ...bodyOf(request) };
          return json(saved);
        },
      },
    });
    renderAppAt(`/admin/email-letters/${linden.id}/message/new`, session);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'New letter' }, STARTUP)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Phase 1 of 4: Content' })).toBeTruthy();
    // The editor is the app's rich-text editor, without images (a letter keeps none).
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting: Content' }, { timeout: 15_000 });
    expect(within(toolbar).queryByRole('button', { name: 'Insert image' })).toBeNull();
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toBeTruthy();

    await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'Sauna renovation');
    await fill(user, screen.getByRole('textbox', { name: 'Preheader' }), 'Closed in May');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(CREATE)).toHaveLength(1));
    const created = bodyOf(calls.to(CREATE)[0]!);
    expect({ ...created, content: undefined }).toEqual({
      title: 'Sauna renovation',
      preheader: 'Closed in May',
      template: 'blank',
      content: undefined,
      signatureId: null,
      linkedContent: null,
      roleGroups: [],
    });
    expect(typeof created.content).toBe('string');
    // The new letter's own address replaces /new.
    await waitFor(() =>
      expect(window.location.pathname).toBe(`/admin/email-letters/${linden.id}/message/${saved.id}`),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Sauna renovation' })).toBeTruthy();

    await fill(user, await screen.findByRole('textbox', { name: 'Title' }), ' 2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.to(update)).toHaveLength(1));
    expect(calls.to(CREATE)).toHaveLength(1);
    expect(bodyOf(calls.to(update)[0]!)).toMatchObject({
      title: 'Sauna renovation 2026',
      preheader: 'Closed in May',
      template: 'blank',
      signatureId: null,
      roleGroups: [],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sauna renovation 2026' })).toBeTruthy();
  });

  it('shows why a save was refused next to the buttons', async () => {
    const draft = letter(1);
    lettersApi({
      routes: letterRoutes(draft, {
        [`PUT ${LETTERS}/letters/${draft.id}`]: () =>
          problemWith(409, 'LETTER_ALREADY_SENT', 'The letter has been sent and can no longer be changed.'),
      }),
    });
    renderAppAt(`/admin/email-letters/${linden.id}/message/${draft.id}`, session);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }, STARTUP));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The letter has been sent and can no longer be changed.',
    );
  });

  it('deletes the draft from the wizard after it is confirmed', async () => {
    const draft = letter(1, { title: 'Old notice' });
    const remove = `DELETE ${LETTERS}/letters/${draft.id}`;
    const calls = lettersApi({ routes: letterRoutes(draft, { [remove]: noContent }) });
    renderAppAt(`/admin/email-letters/${linden.id}/message/${draft.id}`, session);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }, STARTUP));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Old notice?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/email-letters/${linden.id}/messages`));
    expect(calls.to(remove)).toHaveLength(1);
  });
});

describe('sent letter (03 §2 /admin/email-letters/{hc}/message/{id})', () => {
  it('shows a sent letter read-only and copies it into a new draft, which opens in the wizard', async () => {
    const sent = letter(2, {
      title: 'Warranty inspection',
      status: 'sent',
      template: 'warranty-meeting',
      roleGroups: ['residents', 'board'],
      sentAt: '2026-03-03T10:00:00.000Z',
    });
    const copy = letter(3, { title: 'Warranty inspection', copiedFrom: sent.id });
    const calls = lettersApi({
      routes: {
        ...letterRoutes(sent, {
          [`GET ${LETTERS}/letters/${sent.id}/progress`]: () =>
            json(progressOf('sent', { delivered: 3, failed: 1 })),
          [`POST ${LETTERS}/letters/${sent.id}/copies`]: () => json(copy, 201),
        }),
        ...letterRoutes(copy),
      },
    });
    renderAppAt(`/admin/email-letters/${linden.id}/message/${sent.id}`, session);
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Warranty inspection' }, STARTUP),
    ).toBeTruthy();
    expect(screen.getByText('Warranty meeting')).toBeTruthy();
    expect(screen.getByText('Residents, Board')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
    const bar = await screen.findByRole('progressbar', { name: 'Sending progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('Delivered: 3')).toBeTruthy();
    expect(screen.getByText('Failed: 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open log' }).getAttribute('href')).toBe(
      `/admin/email-letters/${linden.id}/message/${sent.id}/logs`,
    );

    await user.click(screen.getByRole('button', { name: 'Copy to a new draft' }));
    await waitFor(() =>
      expect(window.location.pathname).toBe(`/admin/email-letters/${linden.id}/message/${copy.id}`),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Phase 1 of 4: Content' })).toBeTruthy();
    expect(calls.to(`POST ${LETTERS}/letters/${sent.id}/copies`)).toHaveLength(1);
  });
});

/** Through the content step (saving it) to the step named. */
async function openStep(user: ReturnType<typeof userEvent.setup>, steps: number) {
  await user.click(await screen.findByRole('button', { name: 'Next' }, STARTUP));
  for (let i = 1; i < steps; i++) {
    await screen.findByRole('heading', { level: 2, name: new RegExp(`^Phase ${i + 1} of 4`) });
    await user.click(screen.getByRole('button', { name: 'Next' }));
  }
  await screen.findByRole('heading', { level: 2, name: new RegExp(`^Phase ${steps + 1} of 4`) });
}

describe('letter wizard: preview and test mails', () => {
  it('previews the mail in each language among the recipients, as HTML in a sandbox or as text', async () => {
    const draft = letter(1, { title: 'Sauna renovation' });
    const preview = `GET ${LETTERS}/letters/${draft.id}/preview`;
    const calls = lettersApi({
      routes: letterRoutes(draft, { [`PUT ${LETTERS}/letters/${draft.id}`]: () => json(draft) }),
    });
    renderAppAt(`/admin/email-letters/${linden.id}/message/${draft.id}`, session);
    const user = userEvent.setup();
    await openStep(user, 2);

    const frame = await screen.findByTitle('Preview: Sauna renovation (fi)');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Sauna renovation</p>');
    expect(calls.to(preview)[0]!.query.get('language')).toBe('fi');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'sv');
    expect(await screen.findByTitle('Preview: Sauna renovation (sv)')).toBeTruthy();
    expect(calls.to(preview).at(-1)!.query.get('language')).toBe('sv');

    await user.click(screen.getByRole('tab', { name: 'Plain text' }));
    expect(await screen.findByText(/Plain words/)).toBeTruthy();
    expect(screen.queryByTitle(/^Preview:/)).toBeNull();
  });

  it('sends test mails and shows a refused address with the server’s detail', async () => {
    const draft = letter(1);
    const testMails = `POST ${LETTERS}/letters/${draft.id}/test-mails`;
    const calls = lettersApi({
      routes: letterRoutes(draft, {
        [`PUT ${LETTERS}/letters/${draft.id}`]: () => json(draft),
        [testMails]: (request) => {
          const { addresses } = request.body as { addresses: string };
          return addresses.includes('bad@')
            ? problemWith(
                400,
                'LETTER_TEST_ADDRESSES_INVALID',
                'Test emails must be valid addresses separated by commas.',
                '“bad@” is not an e-mail address.',
              )
            : json({ sent: addresses.split(',').map((a) => a.trim()) });
        },
      }),
    });
    renderAppAt(`/admin/email-letters/${linden.id}/message/${draft.id}`, session);
    const user = userEvent.setup();
    await openStep(user, 2);

    const field = await screen.findByRole('textbox', { name: 'Test addresses' });
    await fill(user, field, 'anna@example.fi, bad@');
    await user.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Test e-mails must be valid addresses separated by commas. “bad@” is not an e-mail address.',
    );
    expect(calls.to(testMails)[0]!.body).toEqual({ addresses: 'anna@example.fi, bad@', language: 'fi' });

    await user.clear(field);
    await fill(user, field, 'anna@example.fi, ben@example.fi');
    await user.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect(await screen.findByText('Test mail sent to anna@example.fi, ben@example.fi')).toBeTruthy();
    expect(screen.queryByText(/is not an e-mail address/)).toBeNull();
  });
});

describe('letter wizard: send', () => {
  it('sends after a confirmation and follows the progress until every recipient has had their turn', async () => {
    const draft = letter(1, { title: 'Sauna renovation' });
    const answers = [
      progressOf('sending', { queued: 2, sent: 2 }),
      progressOf('sending', { queued: 1, sent: 2, skipped: 1 }),
      progressOf('sent', { sent: 3, skipped: 1 }),
    ];
    const progress = `GET ${LETTERS}/letters/${draft.id}/progress`;
    const send = `POST ${LETTERS}/letters/${draft.id}/send`;
    const calls = lettersApi({
      routes: letterRoutes(draft, {
        [`PUT ${LETTERS}/letters/${draft.id}`]: () => json(draft),
        [send]: () => json(progressOf('sending', { queued: 4 }), 202),
        [progress]: () => json(answers[Math.min(calls.to(progress).length - 1, answers.length - 1)]),
      }),
    });
    renderAppAt(`/admin/email-letters/${linden.id}/message/${draft.id}`, session);
    const user = userEvent.setup();
    await openStep(user, 3);

    expect(await screen.findByText('3 recipients')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Sauna renovation?' });
    expect(within(dialog).getByText(/goes to 3 recipients/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    const bar = await screen.findByRole('progressbar', { name: 'Sending progress' });
    expect(calls.to(send)).toHaveLength(1);
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('75'));
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('100'));
    expect(await screen.findByText('The letter has been sent.')).toBeTruthy();
    expect(screen.getByText('Skipped: 1')).toBeTruthy();
    // Asking stops once the letter is sent.
    const asked = calls.to(progress).length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls.to(progress)).toHaveLength(asked);
    expect(screen.getByRole('link', { name: 'Open log' })).toBeTruthy();
  });

  it('says a letter without recipients cannot be sent', async () => {
    const draft = letter(1);
    lettersApi({
      routes: letterRoutes(draft, {
        [`PUT ${LETTERS}/letters/${draft.id}`]: () => json(draft),
        [`GET ${LETTERS}/letters/${draft.id}/audience`]: () =>
          json({ total: 0, bySource: {}, languages: [], optedOut: [], optedOutCount: 0 }),
        [`POST ${LETTERS}/letters/${draft.id}/send`]: () =>
          problemWith(409, 'LETTER_NO_RECIPIENTS', 'Cannot send without a recipient'),
      }),
    });
    renderAppAt(`/admin/email-letters/${linden.id}/message/${draft.id}`, session);
    const user = userEvent.setup();
    await openStep(user, 3);
    // Said before sending, and the server's refusal in words next to the button.
    expect(await screen.findByText('Cannot send without a recipient.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getAllByText('Cannot send without a recipient.')).toHaveLength(2));
    expect(screen.queryByRole('progressbar', { name: 'Sending progress' })).toBeNull();
  });
});
