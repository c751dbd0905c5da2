import { zDownloadLink } from '@porta/contracts';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useErrorText } from '../../content/api';
import { useDocumentsApi } from './api';

/** Hand a link to the browser as a download (a plain link: the browser streams the file to disk). */
export function openDownload(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Ask the service for a download link of chosen files or of a folder, and open it. */
export function useDownload(housingCompanyId: string) {
  const api = useDocumentsApi();
  const notify = useNotify();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const download = async (body: { ids: string[] } | { folderId: string }) => {
    setBusy(true);
    try {
      const link = await api.call(
        'POST',
        `/housing-companies/${encodeURIComponent(housingCompanyId)}/downloads`,
        {
          body,
          schema: zDownloadLink,
        },
      );
      openDownload(link.url, link.fileName);
      notify('porta.documents.download.started', { type: 'info', messageArgs: { name: link.fileName } });
    } catch (error) {
      const text = errorText(error);
      notify(text, { type: 'error', messageArgs: { _: text } });
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}
