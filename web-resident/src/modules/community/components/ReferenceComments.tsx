import type { ReferenceType } from '@porta/contracts';
import { useState } from 'react';
import { referenceThread } from '../hooks/queries';
import { CommentsSection } from './CommentsSection';
import { ReportDialog, type ReportTarget } from './ReportDialog';

/**
 * The comments of a reference (01 §7 comments for a reference: a news article) in the selected
 * housing company, with replies, likes, edit, delete and reports, as under a discussion: the
 * community's comment components over the reference's thread, with a report dialog of their own
 * (the page they are on is not a community page).
 */
export function ReferenceComments({ type, id }: { type: ReferenceType; id: string }) {
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  return (
    <>
      <CommentsSection thread={referenceThread(type, id)} onReport={setReporting} />
      {reporting && <ReportDialog target={reporting} onClose={() => setReporting(null)} />}
    </>
  );
}
