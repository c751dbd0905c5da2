export {
  b2cStartUrl,
  createIdentityApi,
  type IdentityApi,
  type OidcTokenResponse,
} from './api/identity.api';
export {
  type NewPasswordCode,
  NewPasswordFields,
  type PasswordInput,
  useNewPasswordCheck,
} from './components/NewPasswordFields';
export { ME_QUERY_KEY, useMeQuery } from './hooks/use-me-query';
export { housingCompanyName, isInternalUser, selectedHousingCompany } from './utils/housing-company-name';
