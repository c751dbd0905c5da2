import ReportIcon from '@mui/icons-material/Report';
import { lazy } from 'react';
import type { Capabilities } from '../../auth/access';

const ReportList = lazy(() => import('./ReportList'));
const ReportShow = lazy(() => import('./ReportShow'));

/**
 * The `community-reports` resource (03 §6 moderation): violation reports of the housing companies
 * the viewer moderates, read-only; a report's page deletes what was reported and, for those who
 * may ban (usersBan), bans its writer.
 */
export default function communityReports(_can: Capabilities) {
  return { list: ReportList, show: ReportShow, icon: ReportIcon };
}
