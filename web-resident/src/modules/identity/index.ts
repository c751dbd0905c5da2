export {
  b2cStartUrl,
  createIdentityApi,
  type IdentityApi,
  type OidcTokenResponse,
} from './api/identity.api';
export { ME_QUERY_KEY, useMeQuery } from './hooks/use-me-query';
export { housingCompanyName, isInternalUser, selectedHousingCompany } from './utils/housing-company-name';
