import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/react';
import { AdminContext, Form, HttpError, testDataProvider } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../i18n/i18n-provider';
import { renderStyled } from '../testing/styles';
import { hasHtmlOutsideEditor, RichTextInput } from './RichTextInput';
import { asset } from './testing';

/** The HTML the editor makes for a text using every button (the content service checks it). */
const EDITOR_OUTPUT_FIXTURE = join(
  import.meta.dirname,
  '../../../services/content/src/domain/editor-output.fixture.html',
);

type Upload = (path: string, file: File, options: { query?: Record<string, string> }) => Promise<unknown>;

let formValue: unknown;
function WatchValue() {
  formValue = useWatch({ name: 'content' });
  return null;
}

function renderEditor(upload: Upload = async () => asset(1), content = '') {
  const dataProvider = { ...testDataProvider(), upload: vi.fn(upload) };
  renderStyled(
    <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider('en')}>
      <Form defaultValues={{ content }} onSubmit={() => undefined}>
        <RichTextInput source="content" label="porta.content.fields.content" />
        <WatchValue />
      </Form>
    </AdminContext>,
  );
  return dataProvider;
}

/** Toolbar commands give the focus back to the text (on the next frame). */
async function backIn(box: HTMLElement, after = '') {
  await waitFor(() => expect(document.activeElement, `focus after ${after}`).toBe(box));
}

/**
 * Select a text in the editor, as a mouse would. (Typing key by key into a contenteditable is not
 * reliable in jsdom; text is pasted, which ProseMirror reads as a browser's paste.)
 */
function select(box: HTMLElement, text: string) {
  const editor = (box as unknown as { editor: Editor }).editor;
  let from = -1;
  editor.state.doc.descendants((node, pos) => {
    if (from < 0 && node.isText && node.text?.includes(text)) from = pos + node.text.indexOf(text);
  });
  expect(from, text).toBeGreaterThan(-1);
  act(() => {
    editor.commands.setTextSelection({ from, to: from + text.length });
  });
}

async function editorBox() {
  return screen.findByRole('textbox', { name: 'Content' }, { timeout: 15_000 });
}

/** The cursor to the end of the text (arrow keys move nothing in jsdom). */
function toEnd(box: HTMLElement) {
  const editor = (box as unknown as { editor: Editor }).editor;
  act(() => {
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
  });
}

describe('RichTextInput (rich-text editor)', () => {
  it('makes HTML of formatted typing, with the toolbar and its keyboard shortcuts', async () => {
    renderEditor();
    const user = userEvent.setup();
    const box = await editorBox();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting: Content' });
    const press = async (name: string) => {
      await user.click(within(toolbar).getByRole('button', { name }));
      await backIn(box, name);
    };

    await user.click(box);
    await user.selectOptions(within(toolbar).getByRole('combobox', { name: 'Text style' }), 'h2');
    await backIn(box, 'style');
    await user.paste('Water cut');
    await user.keyboard('{Enter}');
    await user.paste('Water is cut on Monday morning');
    select(box, 'Monday');
    await press('Bold');
    select(box, 'morning');
    await user.keyboard('{Control>}i{/Control}');

    await waitFor(() =>
      expect(formValue).toBe(
        '<h2>Water cut</h2><p>Water is cut on <strong>Monday</strong> <em>morning</em></p>',
      ),
    );
    expect(within(toolbar).getByRole('button', { name: 'Italic' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(toolbar).getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('false');

    select(box, 'Monday');
    expect(within(toolbar).getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    await press('Clear formatting');
    await waitFor(() =>
      expect(formValue).toBe('<h2>Water cut</h2><p>Water is cut on Monday <em>morning</em></p>'),
    );
  });

  it('makes, with every button of the toolbar, the HTML the content service keeps', async () => {
    const image = asset(1, { fileName: 'yard.jpg' });
    const plan = asset(2, { fileName: 'plan.pdf', mimeType: 'application/pdf', width: null, height: null });
    const uploads = [image, plan];
    const dataProvider = renderEditor(async () => uploads.shift());
    const user = userEvent.setup();
    const box = await editorBox();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting: Content' });
    const button = (name: string) => within(toolbar).getByRole('button', { name });
    const press = async (name: string) => {
      await user.click(button(name));
      await backIn(box, name);
    };
    const style = async (value: string) => {
      await user.selectOptions(within(toolbar).getByRole('combobox', { name: 'Text style' }), value);
      await backIn(box, value);
    };

    await user.click(box);
    await style('h2');
    await user.paste('Yard day');
    await user.keyboard('{Enter}');
    await style('h3');
    await user.paste('What to bring');
    await user.keyboard('{Enter}');
    await user.paste('Gloves and rakes');
    select(box, 'Gloves');
    await press('Bold');
    select(box, 'rakes');
    await press('Italic');
    toEnd(box);
    await user.keyboard('{Enter}');
    await press('Bulleted list');
    await user.paste('Coffee');
    await user.keyboard('{Enter}');
    await user.paste('Buns');
    await user.keyboard('{Enter}{Enter}');
    await press('Numbered list');
    await user.paste('Rake');
    await user.keyboard('{Enter}');
    await user.paste('Sweep');
    await user.keyboard('{Enter}{Enter}');
    await press('Quote');
    await user.paste('Many hands make light work.');
    await user.keyboard('{Enter}{Enter}');
    await user.paste('See ');

    // A link: the dialog focuses its address.
    await user.click(button('Link'));
    const linkDialog = await screen.findByRole('dialog', { name: 'Link' });
    const address = within(linkDialog).getByLabelText('Address');
    expect(document.activeElement).toBe(address);
    await user.type(address, 'javascript:alert(1)');
    await user.click(within(linkDialog).getByRole('button', { name: 'Confirm' }));
    expect(
      within(linkDialog).getByText('Use an address that starts with https://, http://, mailto:, tel: or /.'),
    ).toBeTruthy();
    await user.clear(address);
    await user.type(address, 'https://example.com/yard{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await backIn(box);
    await user.keyboard('{Enter}');

    // An image, uploaded with its alternative text.
    await user.click(button('Insert image'));
    const imageDialog = await screen.findByRole('dialog', { name: 'Insert image' });
    const fileInput = within(imageDialog).getByLabelText('Insert image');
    // The dialog's first control, the file picker's button, takes the focus.
    expect(document.activeElement).toBe(within(imageDialog).getByRole('button', { name: 'Choose file' }));
    await user.upload(fileInput, new File(['jpg'], 'yard.jpg', { type: 'image/jpeg' }));
    await user.type(within(imageDialog).getByRole('textbox', { name: /^Alternative text/ }), 'The yard');
    await user.click(within(imageDialog).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await backIn(box);
    await user.keyboard('{Enter}');
    await user.paste('The plan: ');

    // An attachment, linked with its file name.
    await user.click(button('Insert attachment'));
    const attachmentDialog = await screen.findByRole('dialog', { name: 'Insert attachment' });
    await user.upload(
      within(attachmentDialog).getByLabelText('Insert attachment'),
      new File(['pdf'], 'plan.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(attachmentDialog).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(dataProvider.upload.mock.calls.map(([path, file, options]) => [path, file.name, options])).toEqual(
      [
        ['/admin/assets', 'yard.jpg', { query: { purpose: 'image' }, api: '/api/content' }],
        ['/admin/assets', 'plan.pdf', { query: { purpose: 'attachment' }, api: '/api/content' }],
      ],
    );
    const expected = readFileSync(EDITOR_OUTPUT_FIXTURE, 'utf8').trim();
    await waitFor(() => expect(formValue).toBe(expected));
  });

  it('uploads an image through its dialog and inserts it with the typed alternative text', async () => {
    const image = asset(3, { fileName: 'sauna.png', mimeType: 'image/png' });
    const dataProvider = renderEditor(async () => image);
    const user = userEvent.setup();
    const box = await editorBox();
    await user.click(box);
    await user.paste('Sauna');

    await user.click(screen.getByRole('button', { name: 'Insert image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert image' });
    // Nothing chosen yet: said so, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a file first.');
    await user.upload(
      within(dialog).getByLabelText('Insert image'),
      new File(['png'], 'sauna.png', { type: 'image/png' }),
    );
    expect(within(dialog).getByText('sauna.png')).toBeTruthy();
    // The alternative text is needed.
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(within(dialog).getByText('Required')).toBeTruthy();
    expect(dataProvider.upload).not.toHaveBeenCalled();
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Alternative text/ }),
      'The new sauna{Enter}',
    );

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dataProvider.upload).toHaveBeenCalledTimes(1);
    expect(dataProvider.upload.mock.calls[0]![2]).toMatchObject({ query: { purpose: 'image' } });
    await waitFor(() => expect(formValue).toBe(`<p>Sauna<img src="${image.url}" alt="The new sauna"></p>`));
    expect(screen.getByRole('img', { name: 'The new sauna' })).toBeTruthy();
  });

  it("shows the server's words when an upload fails, and keeps the typed text", async () => {
    let fail = true;
    const image = asset(4, { fileName: 'tiny.gif', mimeType: 'image/gif' });
    renderEditor(async () => {
      if (fail) {
        throw new HttpError('The image is too small.', 400, {
          code: 'SOMETHING_NEW',
          title: 'The image is too small.',
        });
      }
      return image;
    });
    const user = userEvent.setup();
    const box = await editorBox();
    await user.click(box);
    await user.paste('Before the image');

    await user.click(screen.getByRole('button', { name: 'Insert image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert image' });
    await user.upload(
      within(dialog).getByLabelText('Insert image'),
      new File(['gif'], 'tiny.gif', { type: 'image/gif' }),
    );
    const alt = within(dialog).getByRole('textbox', { name: /^Alternative text/ });
    await user.type(alt, 'A tiny picture');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('The image is too small.');
    expect((alt as HTMLInputElement).value).toBe('A tiny picture');
    expect(within(dialog).getByText('tiny.gif')).toBeTruthy();
    expect(formValue).toBe('<p>Before the image</p>');

    // Tried again, it goes in.
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(formValue).toBe(`<p>Before the image<img src="${image.url}" alt="A tiny picture"></p>`),
    );
  });

  it('opens a text with parts the editor would not keep as HTML, and switches between both', async () => {
    expect(hasHtmlOutsideEditor('<table><tr><td>1</td></tr></table>')).toBe(true);
    expect(hasHtmlOutsideEditor('<h2>T</h2><ul><li><p>a</p></li></ul>')).toBe(false);
    renderEditor(undefined, '<p>Prices</p><table><tr><td>1 €</td></tr></table>');
    const user = userEvent.setup();

    const source = screen.getByRole('textbox', { name: 'Content' }) as HTMLTextAreaElement;
    expect(source.tagName).toBe('TEXTAREA');
    expect(source.value).toBe('<p>Prices</p><table><tr><td>1 €</td></tr></table>');
    expect(screen.getByText(/has parts the editor would not keep/)).toBeTruthy();

    const toggle = screen.getByRole('switch', { name: 'HTML source: Content' });
    await user.click(toggle);
    const box = await editorBox();
    expect(box.getAttribute('contenteditable')).toBe('true');
    await act(async () => {
      await user.click(toggle);
    });
    expect(screen.getByRole('textbox', { name: 'Content' }).tagName).toBe('TEXTAREA');
  });
});
