import { COUNTRIES, PARTNER_COMPANY_TYPES } from '@porta/contracts';

export const TYPE_CHOICES = PARTNER_COMPANY_TYPES.map((type) => ({
  id: type,
  name: `porta.partner_types.${type}`,
}));
export const COUNTRY_CHOICES = COUNTRIES.map((country) => ({ id: country, name: country }));
