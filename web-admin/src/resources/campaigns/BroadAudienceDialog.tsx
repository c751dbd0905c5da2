import { Confirm } from 'react-admin';

/** The problem's detail of CNT_BROAD_AUDIENCE_CONFIRM: how many housing companies it reaches. */
export function reachOf(error: unknown): number | null {
  const detail = (error as { body?: { detail?: unknown } } | undefined)?.body?.detail;
  const reach = typeof detail === 'string' ? Number.parseInt(detail, 10) : Number.NaN;
  return Number.isFinite(reach) ? reach : null;
}

/**
 * 03 §4 "Publishing to many housing companies asks for a broad-audience confirmation": the server
 * answers 409 CNT_BROAD_AUDIENCE_CONFIRM with the reach; confirming publishes again with
 * confirmBroadAudience.
 */
export function BroadAudienceDialog({
  open,
  reach,
  loading,
  onConfirm,
  onClose,
}: {
  open: boolean;
  reach: number | null;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Confirm
      isOpen={open}
      loading={loading}
      title="porta.content.broad.title"
      content={reach === null ? 'porta.content.broad.content_unknown' : 'porta.content.broad.content'}
      translateOptions={{ smart_count: reach ?? 0, reach: reach ?? 0 }}
      confirm="porta.content.broad.confirm"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
