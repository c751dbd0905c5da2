import FeedbackIcon from '@mui/icons-material/Feedback';
import { lazy } from 'react';

const FeedbackList = lazy(() => import('./FeedbackList'));
const FeedbackShow = lazy(() => import('./FeedbackShow'));

/** The `feedback` resource (03 §2 /admin/feedback: yitUser): read and export only. */
export default function feedback() {
  return { list: FeedbackList, show: FeedbackShow, icon: FeedbackIcon };
}
