import { toIsoDate } from '@porta/web-kit';
import { saveBlob } from '../../../shared/utils/download';

/** The file name of a saved user-information report: porta-user-information-YYYY-MM-DD.json. */
export function gdprReportFileName(now: Date = new Date()): string {
  return `porta-user-information-${toIsoDate(now)}.json`;
}

/** Offer data as a JSON file to save (the browser's download of a generated file). */
export function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  saveBlob(blob, fileName);
}
