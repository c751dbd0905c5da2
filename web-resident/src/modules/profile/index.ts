export { DeactivatePage } from './components/DeactivatePage';
export { GdprReportPage } from './components/GdprReportPage';
export { MyProfilePage } from './components/MyProfilePage';
export { type RegisterLocationState, RegisterPage } from './components/RegisterPage';
export { downloadJson, gdprReportFileName } from './utils/download';
export { genderOf, LOCALE_OPTIONS, maleOf } from './utils/profile-fields';
