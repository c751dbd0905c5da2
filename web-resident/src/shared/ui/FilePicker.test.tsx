import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../testing/i18n';
import { FilePicker, type FilePickerItem } from './FilePicker';

const MAX_BYTES = 1000;

/** A caller as the app's are: it checks type and size and keeps the accepted files. */
function Harness({ max = 3 }: { max?: number }) {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const items: FilePickerItem[] = files.map((file, i) => ({
    key: `${i}-${file.name}`,
    name: file.name,
    size: file.size,
    file,
  }));
  return (
    <FilePicker
      label="Add files"
      hint="png or pdf, up to 1 kB each, at most 3 files"
      accept=".png,.pdf"
      full={files.length >= max}
      onFiles={(chosen) => {
        const ok = chosen.filter((f) => /\.(png|pdf)$/.test(f.name) && f.size <= MAX_BYTES);
        setError(ok.length < chosen.length ? 'Use a png or pdf file of at most 1 kB.' : null);
        setFiles((old) => [...old, ...ok].slice(0, max));
      }}
      items={items}
      listLabel="Chosen files"
      removeLabel={(name) => `Remove ${name}`}
      onRemove={(key) => setFiles((old) => old.filter((f, i) => `${i}-${f.name}` !== key))}
      error={error}
    />
  );
}

function renderPicker(max?: number) {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <Harness max={max} />
    </I18nextProvider>,
  );
  return { user: userEvent.setup(), zone: screen.getByTestId('file-picker-zone') };
}

const png = (name = 'yard.png', size = 10) => new File(['x'.repeat(size)], name, { type: 'image/png' });
const pdf = (name = 'plan.pdf') => new File(['%PDF'], name, { type: 'application/pdf' });
const dataTransfer = (files: File[]) => ({ dataTransfer: { files, types: ['Files'], dropEffect: 'none' } });
const chosen = () => within(screen.getByRole('list', { name: 'Chosen files' }));

describe('FilePicker', () => {
  beforeEach(() => {
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
    URL.revokeObjectURL = vi.fn();
  });

  it('takes dropped files: an image with its thumbnail, another file with its name and size', async () => {
    const { zone } = renderPicker();
    fireEvent.dragEnter(zone, dataTransfer([]));
    expect(zone.className).toContain('file-picker__zone--over');
    expect(within(zone).getByText('Drop the files to add them')).toBeTruthy();

    fireEvent.drop(zone, dataTransfer([png(), pdf()]));
    expect(zone.className).not.toContain('file-picker__zone--over');
    const [image, file] = chosen().getAllByRole('listitem');
    expect(image!.querySelector('img')?.getAttribute('src')).toMatch(/^blob:preview-/);
    expect(within(image!).getByText('yard.png')).toBeTruthy();
    expect(file!.querySelector('img')).toBeNull();
    expect(within(file!).getByText('plan.pdf')).toBeTruthy();
    expect(file!.querySelector('.file-picker__size')?.textContent).toBe('1\u00a0k');
  });

  it('says inline why a file is refused, with the limits', async () => {
    const { zone } = renderPicker();
    fireEvent.drop(zone, dataTransfer([png('huge.png', MAX_BYTES + 1), new File(['x'], 'notes.exe')]));
    expect(screen.getByRole('alert').textContent).toBe('Use a png or pdf file of at most 1 kB.');
    expect(screen.queryByRole('list', { name: 'Chosen files' })).toBeNull();
    // The button tells the error and the limits.
    const button = screen.getByRole('button', { name: 'Choose files (Add files)' });
    expect(button.getAttribute('aria-describedby')?.split(' ')).toHaveLength(2);
  });

  it('is used by keyboard: the button opens the chooser; removing moves focus on', async () => {
    const { user } = renderPicker();
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    await user.tab();
    const button = screen.getByRole('button', { name: 'Choose files (Add files)' });
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();

    // What the chooser gives goes through the same checks as a drop.
    await user.upload(screen.getByLabelText('Add files'), [png('a.png'), png('b.png')]);
    expect(chosen().getAllByRole('listitem')).toHaveLength(2);

    chosen().getByRole('button', { name: 'Remove a.png' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(document.activeElement).toBe(chosen().getByRole('button', { name: 'Remove b.png' })),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(screen.queryByRole('list', { name: 'Chosen files' })).toBeNull();
  });

  it('closes when the limit is reached and ignores drops then', async () => {
    const { zone } = renderPicker(1);
    fireEvent.drop(zone, dataTransfer([png('one.png')]));
    expect(
      (screen.getByRole('button', { name: 'Choose files (Add files)' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect((screen.getByLabelText('Add files') as HTMLInputElement).disabled).toBe(true);
    fireEvent.drop(zone, dataTransfer([png('two.png')]));
    expect(chosen().getAllByRole('listitem')).toHaveLength(1);
  });

  it("shows a file's own refusal at the file, and names remove buttons by default", () => {
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <FilePicker
          label="Attach files"
          hint="up to 10 MB"
          onFiles={() => {}}
          items={[
            { key: 'a', name: 'plan.pdf', size: 2048, state: 'done' },
            { key: 'b', name: 'setup.exe', size: 10, error: 'This file type is not allowed.' },
          ]}
          listLabel="Attached files"
          onRemove={() => {}}
        />
      </I18nextProvider>,
    );
    const list = within(screen.getByRole('list', { name: 'Attached files' }));
    const [ok, refused] = list.getAllByRole('listitem');
    expect(ok!.className).toContain('file-picker__file--done');
    expect(refused!.className).toContain('file-picker__file--failed');
    expect(within(refused!).getByRole('alert').textContent).toBe('This file type is not allowed.');
    expect(list.getByRole('button', { name: 'Remove setup.exe' })).toBeTruthy();
  });
});
