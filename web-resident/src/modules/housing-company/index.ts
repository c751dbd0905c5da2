export { ChangeHousingCompanyPage } from './components/ChangeHousingCompanyPage';
export { CHANGE_HOUSING_COMPANY_PATH, HousingCompanySwitcher } from './components/HousingCompanySwitcher';
export {
  HOUSING_COMPANY_DATA_KEY,
  housingCompanyDataKey,
  resetHousingCompanyData,
} from './hooks/housing-company-data';
export { useSwitchHousingCompany } from './hooks/use-switch-housing-company';
export {
  canSwitchHousingCompany,
  matchesHousingCompanySearch,
  showsHousingCompanySearch,
} from './utils/switch';
