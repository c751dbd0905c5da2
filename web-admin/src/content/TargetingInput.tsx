import { Box, Typography } from '@mui/material';
import { ROLES } from '@porta/contracts';
import { useMemo } from 'react';
import {
  AutocompleteArrayInput,
  ReferenceArrayInput,
  SelectArrayInput,
  useTranslate,
  type Validator,
} from 'react-admin';
import { roleChoices } from '../common/roles';
import { useTaxonomyChoices } from './taxonomy';
import { someTarget } from './validation';

interface TargetingInputProps {
  /**
   * The editor may target any housing company and building-taxonomy term (global editors). Others
   * must name at least one of their own housing companies and no terms (CNT_TARGET_OUT_OF_SCOPE).
   */
  global: boolean;
  /** At least one housing company or term is needed even for global editors (lifecycle steps). */
  requireTarget?: boolean;
}

/**
 * Who sees the item (03 §3 buildingTaxonomies, 01 §6 scope): housing companies from identity and
 * building-taxonomy terms (by codename; a term reaches its sub-terms' companies too). Both empty:
 * every housing company.
 */
export function TargetingInput({ global, requireTarget = false }: TargetingInputProps) {
  const translate = useTranslate();
  const terms = useTaxonomyChoices('buildingtaxonomy');
  const companiesValidate = useMemo<Validator | undefined>(
    () =>
      !global
        ? someTarget('porta.content.targeting_own_required', false)
        : requireTarget
          ? someTarget('porta.content.targeting_required')
          : undefined,
    [global, requireTarget],
  );
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(
          !global
            ? 'porta.content.targeting_own_help'
            : requireTarget
              ? 'porta.content.targeting_required_help'
              : 'porta.content.targeting_help',
        )}
      </Typography>
      <ReferenceArrayInput
        source="targeting.housingCompanyIds"
        reference="housing-companies"
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
      >
        <AutocompleteArrayInput
          optionText="name"
          label="porta.content.target_housing_companies"
          validate={companiesValidate}
          helperText={false}
          fullWidth
        />
      </ReferenceArrayInput>
      {global ? (
        <AutocompleteArrayInput
          source="targeting.buildingTaxonomies"
          label="porta.content.target_terms"
          choices={terms.choices}
          translateChoice={false}
          isPending={terms.isPending}
          helperText={terms.failed ? 'porta.content.no_taxonomies' : 'porta.content.target_terms_help'}
          fullWidth
        />
      ) : null}
    </Box>
  );
}

/** Roles that see the item; none: everyone in the targeted housing companies. */
export function UserRolesInput() {
  const choices = useMemo(() => roleChoices(ROLES), []);
  return (
    <SelectArrayInput
      source="userRoles"
      label="porta.content.user_roles"
      choices={choices}
      helperText="porta.content.user_roles_help"
      fullWidth
    />
  );
}
