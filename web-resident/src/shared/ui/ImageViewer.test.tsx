import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../testing/i18n';
import { useImageViewer, type ViewerImage } from './image-viewer';

const IMAGES: ViewerImage[] = [
  { key: '1', url: '/files/1', name: 'yard.jpg' },
  { key: '2', url: '/files/2', name: 'stairs.png', alt: 'The stairwell after cleaning' },
  { key: '3', url: '/files/3', name: 'roof.gif' },
];

// One blob per address, as the app's queries keep them.
const blobs = new Map(IMAGES.map((image) => [image.url, new Blob([image.name])]));
const useBlob = (url: string) => ({ data: blobs.get(url), isError: url === '/files/broken' });

function Gallery({ images = IMAGES }: { images?: ViewerImage[] }) {
  const viewer = useImageViewer(images, useBlob);
  return (
    <>
      {images.map((image, index) => (
        <button key={image.key} type="button" onClick={() => viewer.open(index)}>
          Open {image.name}
        </button>
      ))}
      {viewer.element}
    </>
  );
}

function renderGallery(images?: ViewerImage[]) {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <Gallery images={images} />
    </I18nextProvider>,
  );
  return userEvent.setup();
}

const position = (dialog: HTMLElement) => dialog.querySelector('.image-viewer__position')?.textContent;

describe('image viewer', () => {
  beforeEach(() => {
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:image-${++n}`);
    URL.revokeObjectURL = vi.fn();
  });

  it('opens the chosen image in a modal dialog with its name, alt text and a download link', async () => {
    const user = renderGallery();
    await user.click(screen.getByRole('button', { name: 'Open stairs.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image viewer' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(position(dialog)).toBe('2 / 3');
    const image = await within(dialog).findByRole('img', { name: 'The stairwell after cleaning' });
    expect(image.getAttribute('src')).toMatch(/^blob:image-/);
    expect(within(dialog).getByText('stairs.png')).toBeTruthy();
    const download = within(dialog).getByRole('link', { name: 'Download' });
    expect(download.getAttribute('download')).toBe('stairs.png');
    expect(download.getAttribute('href')).toMatch(/^blob:image-/);
    // Focus starts on Close.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
  });

  it('goes between the images with the arrow keys, Home and End, and the buttons', async () => {
    const user = renderGallery();
    await user.click(screen.getByRole('button', { name: 'Open yard.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image viewer' });
    expect(await within(dialog).findByRole('img', { name: 'yard.jpg' })).toBeTruthy();

    await user.keyboard('{ArrowRight}');
    expect(position(dialog)).toBe('2 / 3');
    await user.keyboard('{ArrowRight}');
    expect(await within(dialog).findByRole('img', { name: 'roof.gif' })).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(position(dialog)).toBe('1 / 3');
    await user.keyboard('{ArrowLeft}');
    expect(position(dialog)).toBe('3 / 3');
    await user.keyboard('{Home}');
    expect(position(dialog)).toBe('1 / 3');
    await user.keyboard('{End}');
    expect(position(dialog)).toBe('3 / 3');
    await user.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expect(position(dialog)).toBe('2 / 3');
    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(position(dialog)).toBe('3 / 3');
  });

  it('keeps focus inside; Escape closes it and focus returns to the thumbnail', async () => {
    const user = renderGallery();
    const opener = screen.getByRole('button', { name: 'Open roof.gif' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Image viewer' });
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes from its Close button; a single image has no previous or next', async () => {
    const user = renderGallery([IMAGES[0]!]);
    await user.click(screen.getByRole('button', { name: 'Open yard.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image viewer' });
    expect(within(dialog).queryByRole('button', { name: 'Next image' })).toBeNull();
    await user.keyboard('{ArrowRight}');
    expect(position(dialog)).toBe('1 / 1');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the image cannot be read', async () => {
    const user = renderGallery([{ key: 'x', url: '/files/broken', name: 'lost.png' }]);
    await user.click(screen.getByRole('button', { name: 'Open lost.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image viewer' });
    expect(within(dialog).getByText('The image could not be loaded.')).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'Download' })).toBeNull();
  });
});
