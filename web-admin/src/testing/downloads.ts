import { screen, waitFor } from '@testing-library/react';
import { expect, onTestFinished, vi } from 'vitest';

/**
 * Catch the files the app hands the browser as downloads (a blob URL on an anchor that is
 * clicked): `saved` lists their names in order, `createObjectURL` holds the blobs behind them.
 * URL.createObjectURL and revokeObjectURL (which jsdom lacks) are gone again after the test.
 */
export function catchDownloads() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:file');
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { saved, createObjectURL };
}

export type Downloads = ReturnType<typeof catchDownloads>;

/** The bytes of a blob, read with a FileReader. */
export function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise<Uint8Array>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * Wait until the one file saved is the CSV `fileName`, then check that it is the only blob made,
 * that it keeps the byte-order mark the server sent (spreadsheets read UTF-8 by it) and that the
 * app says 'Downloaded <fileName>'.
 */
export async function expectCsvDownloaded(downloads: Downloads, fileName: string) {
  await waitFor(() => expect(downloads.saved).toEqual([fileName]));
  expect(downloads.createObjectURL).toHaveBeenCalledTimes(1);
  const bytes = await bytesOf(downloads.createObjectURL.mock.calls[0]![0]);
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(await screen.findByText(`Downloaded ${fileName}`)).toBeTruthy();
}
