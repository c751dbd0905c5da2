import { CAROUSEL_AUTOPLAY_MS, type MeResponse } from '@porta/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fetch-mock';
import { housingCompany, IDS, meResponse } from '../../../testing/fixtures';
import { createTestI18n } from '../../../testing/i18n';
import { startSignedIn } from '../../../testing/signed-in';
import { step } from '../../news/testing/content-fixtures';
import { StepsCarousel } from './StepsCarousel';
import { WELCOME_DIALOG_ID } from './WelcomeDialog';

const STEPS = [
  step({ title: 'Foundations', codename: 'foundations' }),
  step({ title: 'Frame', codename: 'frame' }),
  step({ title: 'Keys', codename: 'keys' }),
];
const noContent = () => new Response(null, { status: 204 });
const stepRequests = (app: { calls(): string[] }) =>
  app.calls().filter((c) => c.startsWith('GET /api/content/steps'));

function start(me: MeResponse, steps = STEPS) {
  return startSignedIn('/', {
    me,
    routes: { 'GET /api/content/steps': json(steps), 'POST /api/identity/me/dialogs': noContent },
  });
}

describe('welcome dialog', () => {
  it('opens over the dashboard under construction with steps, and its button marks it read', async () => {
    const app = start(meResponse());
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Porta' });
    expect(stepRequests(app)).toEqual([`GET /api/content/steps?housingCompanyId=${IDS.demoHc}&lang=en`]);
    expect(within(dialog).getByRole('heading', { level: 3, name: 'Foundations' })).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'Read more about Foundations' }).getAttribute('href'),
    ).toBe('/step/foundations');
    expect(document.activeElement).toBe(dialog);

    await app.user.click(within(dialog).getByRole('button', { name: "Let's get started" }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(app.requests.filter((r) => r.path === '/api/identity/me/dialogs').map((r) => r.body)).toEqual([
        { id: WELCOME_DIALOG_ID, projectId: IDS.demoHc },
      ]),
    );
  });

  it('closes with Escape and is marked read then too', async () => {
    const app = start(meResponse());
    await screen.findByRole('dialog', { name: 'Welcome to Porta' });
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(app.calls()).toContain('POST /api/identity/me/dialogs'));
  });

  it('stays closed when read in this housing company, without fetching the steps', async () => {
    const read = start(meResponse({}, { dialogs: [{ id: WELCOME_DIALOG_ID, projectId: IDS.demoHc }] }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' });
    await screen.findByRole('region', { name: 'Feedback' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stepRequests(read)).toEqual([]);
  });

  it('counts only a marker of this housing company', async () => {
    start(meResponse({}, { dialogs: [{ id: WELCOME_DIALOG_ID, projectId: IDS.livingHc }] }));
    expect(await screen.findByRole('dialog', { name: 'Welcome to Porta' })).toBeTruthy();
  });

  it('does not open when the housing company is living', async () => {
    const living = start(
      meResponse({ hcs: [housingCompany({ state: 'living', completionDate: '2020-01-01' })] }),
    );
    await screen.findByRole('region', { name: 'Feedback' });
    expect(stepRequests(living)).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not open without active lifecycle steps', async () => {
    const app = start(meResponse({ hcs: [housingCompany({ lifecycleStepsActive: false })] }));
    await screen.findByRole('region', { name: 'Feedback' });
    expect(stepRequests(app)).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not open when there are no steps', async () => {
    const app = start(meResponse(), []);
    await waitFor(() => expect(stepRequests(app)).toHaveLength(1));
    await screen.findByRole('region', { name: 'Feedback' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('steps carousel', () => {
  function renderCarousel(steps = STEPS) {
    return render(
      <I18nextProvider i18n={createTestI18n()}>
        <MemoryRouter>
          <StepsCarousel steps={steps} />
        </MemoryRouter>
      </I18nextProvider>,
    );
  }
  const shown = () => screen.getByRole('heading', { level: 3 }).textContent;
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('shows one step at a time, advances every 8000 ms and wraps around', () => {
    vi.useFakeTimers();
    renderCarousel();
    expect(CAROUSEL_AUTOPLAY_MS).toBe(8000);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(1);
    expect(shown()).toBe('Foundations');
    expect(screen.getByRole('group', { name: '1 of 3' })).toBeTruthy();
    advance(7999);
    expect(shown()).toBe('Foundations');
    advance(1);
    expect(shown()).toBe('Frame');
    advance(8000);
    expect(shown()).toBe('Keys');
    advance(8000);
    expect(shown()).toBe('Foundations');
  });

  it('moves with the previous and next buttons, wrapping both ways', () => {
    vi.useFakeTimers();
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Previous step' }));
    expect(shown()).toBe('Keys');
    fireEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(shown()).toBe('Foundations');
    fireEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(shown()).toBe('Frame');
  });

  it('pauses while hovered or focused, and with its pause button', () => {
    vi.useFakeTimers();
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Project steps' });
    fireEvent.mouseEnter(carousel);
    advance(20_000);
    expect(shown()).toBe('Foundations');
    fireEvent.mouseLeave(carousel);
    advance(8000);
    expect(shown()).toBe('Frame');

    const next = screen.getByRole('button', { name: 'Next step' });
    act(() => next.focus());
    advance(20_000);
    expect(shown()).toBe('Frame');
    act(() => next.blur());
    advance(8000);
    expect(shown()).toBe('Keys');

    fireEvent.click(screen.getByRole('button', { name: 'Pause the slideshow' }));
    act(() => (document.activeElement as HTMLElement).blur());
    advance(20_000);
    expect(shown()).toBe('Keys');
    fireEvent.click(screen.getByRole('button', { name: 'Play the slideshow' }));
    act(() => (document.activeElement as HTMLElement).blur());
    advance(8000);
    expect(shown()).toBe('Foundations');
  });

  it('stays still for a reader who asks for reduced motion, until they press play', () => {
    vi.useFakeTimers();
    const matchMedia = vi.fn((query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      renderCarousel();
      advance(20_000);
      expect(shown()).toBe('Foundations');
      fireEvent.click(screen.getByRole('button', { name: 'Play the slideshow' }));
      act(() => (document.activeElement as HTMLElement).blur());
      advance(8000);
      expect(shown()).toBe('Frame');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('has no controls and does not move with a single step', () => {
    vi.useFakeTimers();
    renderCarousel([STEPS[0]!]);
    expect(screen.queryByRole('button')).toBeNull();
    advance(20_000);
    expect(shown()).toBe('Foundations');
  });
});
