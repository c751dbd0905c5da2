import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, useNotify } from 'react-admin';
import { useErrorText } from '../content/api';

/**
 * A list's "Download CSV": runs `download` (which answers the file's name as the server gave it),
 * then says `downloaded` with that `name`, or the error in words; disabled while it runs.
 */
export function CsvDownloadButton(props: {
  label: string;
  downloaded: string;
  download: () => Promise<string>;
}) {
  const notify = useNotify();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const name = await props.download();
      notify(props.downloaded, { type: 'info', messageArgs: { name } });
    } catch (error) {
      const text = errorText(error);
      notify(text, { type: 'error', messageArgs: { _: text } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={props.label} onClick={run} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
}
