import type { AdminArticleResponse } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { article, asset, problemWith } from '../../content/testing';
import {
  type Handler,
  housingCompany,
  json,
  listOf,
  meOf,
  mockFetch,
  myHousingCompany,
  type SentRequest,
  tokens,
} from '../../testing/fetch-mock';
import { renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const COPIES = 'POST /api/documents/attachment-copies';
const ARTICLES = '/api/content/admin/articles';
const companies = [1, 2, 3, 4, 5, 6].map((n) => housingCompany(n, { name: `Company ${n}` }));
const pdf = (n: number, fileName: string) =>
  asset(n, { fileName, mimeType: 'application/pdf', size: 4096, width: null, height: null });
/** An article with two saved attachments, aimed at two housing companies. */
const withFiles = article(1, {
  title: 'Water cut on Monday',
  variants: { en: { title: 'Water cut on Monday' } },
  targeting: { housingCompanyIds: [companies[0]!.id, companies[1]!.id], buildingTaxonomies: [] },
  attachmentIds: [pdf(1, 'water-cut.pdf').id, pdf(2, 'schedule.pdf').id],
  attachments: [pdf(1, 'water-cut.pdf'), pdf(2, 'schedule.pdf')],
});
/** Aimed at more companies than a copy takes at once: the choice starts empty. */
const wide = article(2, {
  title: 'Yard cleaning day',
  targeting: { housingCompanyIds: companies.map((hc) => hc.id), buildingTaxonomies: [] },
  attachmentIds: [pdf(3, 'map.pdf').id],
  attachments: [pdf(3, 'map.pdf')],
});
const noFiles = article(3, { title: 'Sauna renovation' });

/** A copy's answer: the article's files, one new id each, in every company asked. */
function copied(request: SentRequest, files: number) {
  const body = request.body as { housingCompanyIds: string[] };
  return json(
    {
      copies: body.housingCompanyIds.map((housingCompanyId, i) => ({
        housingCompanyId,
        folderId: `0195f0a0-0000-7000-8000-00000000010${i}`,
        uploadBatchId: `0195f0a0-0000-7000-8000-00000000020${i}`,
        documentIds: Array.from({ length: files }, (_, j) => `0195f0a0-0000-7000-8000-0000000003${i}${j}`),
      })),
    },
    201,
  );
}

function api(routes: Record<string, Handler>, me = meOf(['yitMarketing'])) {
  return mockFetch({
    'GET /api/identity/me': () => json(me),
    'GET /api/identity/admin/housing-companies': (request) => {
      const filter = JSON.parse(request.query.get('filter') ?? '{}') as { id?: string[] };
      return listOf(
        'housing-companies',
        companies.filter((hc) => !filter.id || filter.id.includes(hc.id)),
      );
    },
    'GET /api/identity/taxonomy/buildingtaxonomy': () => json({ group: 'buildingtaxonomy', terms: [] }),
    ...Object.fromEntries(
      [withFiles, wide, noFiles].map((a: AdminArticleResponse) => [`GET ${ARTICLES}/${a.id}`, () => json(a)]),
    ),
    ...routes,
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

async function openDialog(user: ReturnType<typeof userEvent.setup>, name = 'Copy attachments to documents') {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name });
}

async function choose(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getByLabelText(/^Housing companies/));
  await user.click(await screen.findByRole('option', { name }));
}

async function pick(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  field: RegExp,
  name: string,
) {
  await user.click(within(dialog).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('copy attachments to documents (news editor)', () => {
  it("copies the saved attachments to the article's companies, into the home folder with a category", async () => {
    const calls = api({ [COPIES]: (request) => copied(request, 2) });
    renderAppAt(`/admin/news/${withFiles.id}`, session);
    const user = userEvent.setup();

    const dialog = await openDialog(user);
    const files = within(dialog).getByRole('list', { name: 'Attachments to copy' });
    expect(
      within(files)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^water-cut\.pdf/), expect.stringMatching(/^schedule\.pdf/)]);
    // The article's own housing companies to start with, and the common documents.
    expect(await within(dialog).findByRole('button', { name: 'Company 1' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Company 2' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: /^Target folder/ }).textContent).toBe(
      'Common documents',
    );

    // The home folder needs a category: without one nothing is sent.
    await pick(user, dialog, /^Target folder/, 'Home manual');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText('Choose a category for a file in the home folder.')).toBeTruthy();
    expect(calls.to(COPIES)).toHaveLength(0);

    await pick(user, dialog, /^Category/, 'Blueprints');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Notify those who may read the folder' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));

    await waitFor(() => expect(calls.to(COPIES)).toHaveLength(1));
    const sent = calls.to(COPIES)[0]!;
    expect(sent.body).toEqual({
      articleId: withFiles.id,
      housingCompanyIds: [companies[0]!.id, companies[1]!.id],
      folderKey: 'home',
      homeFolder: 'blueprints',
      notifyUsers: true,
      lang: 'en',
    });
    expect(sent.headers.get('Authorization')).toBe('Bearer access-1');
    expect(await screen.findByText('2 files copied to 2 housing companies')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 60_000);
});

describe('copy attachments to documents (news read view)', () => {
  it('copies to at most five housing companies: a sixth cannot be chosen, none is refused', async () => {
    const calls = api({ [COPIES]: (request) => copied(request, 1) });
    renderAppAt(`/admin/news/${wide.id}/show`, session);
    const user = userEvent.setup();

    const dialog = await openDialog(user);
    // Six targets are more than a copy takes: nothing is chosen for the user.
    expect(within(dialog).queryByRole('button', { name: 'Company 1' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText('Choose at least one housing company')).toBeTruthy();
    expect(calls.to(COPIES)).toHaveLength(0);
    // The refused field has the focus, its list open.
    await user.keyboard('{Escape}');

    for (const n of [1, 2, 3, 4, 5]) await choose(user, dialog, `Company ${n}`);
    expect(
      within(dialog).getByText('At most 5 housing companies at once: remove one to choose another.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByLabelText(/^Housing companies/));
    const sixth = await screen.findByRole('option', { name: 'Company 6' });
    expect(sixth.getAttribute('aria-disabled')).toBe('true');
    // A pointer cannot pick it; activated anyway (as assistive technology may), sending is refused.
    fireEvent.click(sixth);
    await within(dialog).findByRole('button', { name: 'Company 6' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(
      await within(dialog).findByText('Attachments are copied to at most 5 housing companies at once.'),
    ).toBeTruthy();
    expect(calls.to(COPIES)).toHaveLength(0);
    await user.keyboard('{Escape}');
    // Removed again (from the keyboard), the five go.
    within(dialog).getByRole('button', { name: 'Company 6' }).focus();
    await user.keyboard('{Delete}');
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Company 6' })).toBeNull());

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(calls.to(COPIES)).toHaveLength(1));
    // Another folder than the home folder carries no category.
    expect(calls.to(COPIES)[0]!.body).toEqual({
      articleId: wide.id,
      housingCompanyIds: companies.slice(0, 5).map((hc) => hc.id),
      folderKey: 'hc_common',
      notifyUsers: false,
      lang: 'en',
    });
    expect(await screen.findByText('1 file copied to 5 housing companies')).toBeTruthy();
  }, 60_000);

  it("shows the server's refusal in words in the dialog and keeps every choice for another try", async () => {
    let answer = () => problemWith(409, 'DOC_COPY_NO_ATTACHMENTS', 'Conflict');
    const calls = api({ [COPIES]: () => answer() });
    renderAppAt(`/admin/news/${withFiles.id}/show`, session);
    const user = userEvent.setup();

    const dialog = await openDialog(user);
    await choose(user, dialog, 'Company 3');
    await pick(user, dialog, /^Target folder/, 'Board');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Notify those who may read the folder' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Attachments not copied: the news item has no attachments.',
    );
    expect(screen.getByRole('dialog', { name: 'Copy attachments to documents' })).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: 'Company 3' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: /^Target folder/ }).textContent).toBe('Board');
    expect(
      (
        within(dialog).getByRole('checkbox', {
          name: 'Notify those who may read the folder',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);

    // Sent again, the request is the same (here refused for another reason).
    answer = () => problemWith(403, 'DOC_UPLOAD_NOT_PERMITTED', 'Forbidden');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(
      await within(dialog).findByText('You do not have permission to upload to this folder.'),
    ).toBeTruthy();
    const [first, second] = calls.to(COPIES);
    expect(second!.body).toEqual(first!.body);
    expect(first!.body).toEqual({
      articleId: withFiles.id,
      housingCompanyIds: [companies[0]!.id, companies[1]!.id, companies[2]!.id],
      folderKey: 'hc_board',
      notifyUsers: true,
      lang: 'en',
    });
  }, 60_000);

  it('names the folders in the staff member’s language', async () => {
    const calls = api({ [COPIES]: (request) => copied(request, 2) });
    renderAppAt(`/admin/news/${withFiles.id}/show?lang=fi`, session);
    const user = userEvent.setup();

    const dialog = await openDialog(user, 'Kopioi liitteet asiakirjoihin');
    expect(within(dialog).getByRole('combobox', { name: /^Kohdekansio/ }).textContent).toBe(
      'Yhteiset asiakirjat',
    );
    await pick(user, dialog, /^Kohdekansio/, 'Pysäköinti');
    await user.click(within(dialog).getByRole('button', { name: 'Kopioi' }));

    await waitFor(() => expect(calls.to(COPIES)).toHaveLength(1));
    expect(calls.to(COPIES)[0]!.body).toMatchObject({ folderKey: 'hc_parking', lang: 'fi' });
    expect(await screen.findByText('2 tiedostoa kopioitu 2 taloyhtiöön')).toBeTruthy();
  }, 60_000);

  it('is disabled, saying why, for an article without saved attachments', async () => {
    const calls = api({});
    renderAppAt(`/admin/news/${noFiles.id}/show`, session);

    const button = (await screen.findByRole('button', {
      name: 'Copy attachments to documents',
    })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Save the news item with attachments first: only saved attachments can be copied.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.to(COPIES)).toHaveLength(0);
  }, 60_000);

  it('is not offered to a writer who does not manage documents', async () => {
    api({}, meOf([], {}, [myHousingCompany(1, ['boardMember'])]));
    renderAppAt(`/admin/news/${withFiles.id}/show`, session);

    expect(await screen.findAllByText('Water cut on Monday')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Copy attachments to documents' })).toBeNull();
  }, 60_000);
});
