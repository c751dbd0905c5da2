export { DashboardPage } from './components/DashboardPage';
export { FeedbackBox } from './components/FeedbackBox';
