import SyncIcon from '@mui/icons-material/Sync';
import { zFeedFetchResult } from '@porta/contracts';
import { useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useContentApi, useErrorText } from '../../content/api';

/**
 * Fetch the feed now (POST /admin/feeds/:id/fetch) and tell what it added and updated, or why it
 * failed (the server answers 200 with the error then).
 */
export function FetchNowButton(_props: { label?: string }) {
  const record = useRecordContext<{ id: string; url: string }>();
  const api = useContentApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const fetchNow = async () => {
    setBusy(true);
    try {
      const result = await api.call('POST', `/admin/feeds/${record.id}/fetch`, { schema: zFeedFetchResult });
      if (result.error) {
        notify('porta.content.feeds.fetch_failed', { type: 'error', messageArgs: { error: result.error } });
      } else {
        notify('porta.content.feeds.fetched', {
          type: 'info',
          messageArgs: { added: result.added, updated: result.updated },
        });
      }
      refresh();
    } catch (error) {
      const text = errorText(error);
      notify(text, { type: 'error', messageArgs: { _: text } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      label="porta.content.feeds.fetch_now"
      onClick={(event) => {
        event.stopPropagation();
        void fetchNow();
      }}
      disabled={busy}
    >
      <SyncIcon />
    </Button>
  );
}
