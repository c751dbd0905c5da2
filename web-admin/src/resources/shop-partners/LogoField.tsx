import { Box } from '@mui/material';
import type { AssetRef } from '@porta/contracts';
import { useRecordContext } from 'react-admin';

/** The partner's logo as a small square. */
export function LogoField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<{ logo?: AssetRef | null; name?: string }>();
  if (!record?.logo) return null;
  return (
    <Box
      component="img"
      src={record.logo.url}
      alt={record.name ?? ''}
      sx={{ width: 40, height: 40, objectFit: 'contain', display: 'block' }}
    />
  );
}
