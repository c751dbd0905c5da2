import { APARTMENT_ROLES, HOUSING_COMPANY_ROLES } from '@porta/contracts';
import {
  Create,
  DateInput,
  FormDataConsumer,
  RadioButtonGroupInput,
  required,
  SelectInput,
  SimpleForm,
} from 'react-admin';
import { FormSection } from '../../common/FieldSections';
import { ApartmentInput, HousingCompanyInput } from '../../common/inputs';
import { roleChoices } from '../../common/roles';
import { notBefore } from '../../common/validation';
import { UserFields } from './UserFields';

type FirstRoleKind = 'none' | 'apartment' | 'housingCompany';

interface UserCreateForm {
  firstRoleKind?: FirstRoleKind;
  roleHousingCompanyId?: string | null;
  apartmentRole?: {
    apartmentId?: string | null;
    role?: string | null;
    validFrom?: string | null;
    validUntil?: string | null;
  };
  housingCompanyRole?: {
    housingCompanyId?: string | null;
    role?: string | null;
    validFrom?: string | null;
    validUntil?: string | null;
  };
  [field: string]: unknown;
}

/** Drop the empty values of a role (the API takes absent dates as open-ended). */
function compact(role: Record<string, unknown> | undefined) {
  return Object.fromEntries(Object.entries(role ?? {}).filter(([, value]) => value != null && value !== ''));
}

/** The POST body: the user, and the first role the form chose (apartment or housing company). */
export function createUserBody(form: UserCreateForm) {
  const { firstRoleKind, roleHousingCompanyId: _hc, apartmentRole, housingCompanyRole, ...user } = form;
  return {
    ...user,
    ...(firstRoleKind === 'apartment' ? { apartmentRole: compact(apartmentRole) } : {}),
    ...(firstRoleKind === 'housingCompany' ? { housingCompanyRole: compact(housingCompanyRole) } : {}),
  };
}

const KIND_CHOICES = [
  { id: 'none', name: 'porta.users.first_role.none' },
  { id: 'apartment', name: 'porta.users.first_role.apartment' },
  { id: 'housingCompany', name: 'porta.users.first_role.housing_company' },
];

function FirstRoleInputs() {
  return (
    <FormSection title="porta.users.first_role.title">
      <RadioButtonGroupInput
        source="firstRoleKind"
        label="porta.users.first_role.kind"
        choices={KIND_CHOICES}
      />
      <FormDataConsumer<UserCreateForm>>
        {({ formData }) =>
          formData.firstRoleKind === 'apartment' ? (
            <>
              <HousingCompanyInput source="roleHousingCompanyId" validate={required()} />
              <ApartmentInput
                source="apartmentRole.apartmentId"
                housingCompanyId={formData.roleHousingCompanyId}
                validate={required()}
              />
              <SelectInput
                source="apartmentRole.role"
                label="porta.fields.role"
                choices={roleChoices(APARTMENT_ROLES)}
                validate={required()}
              />
              <DateInput source="apartmentRole.validFrom" label="porta.fields.validFrom" />
              <DateInput
                source="apartmentRole.validUntil"
                label="porta.fields.validUntil"
                validate={notBefore('apartmentRole.validFrom')}
              />
            </>
          ) : formData.firstRoleKind === 'housingCompany' ? (
            <>
              <HousingCompanyInput source="housingCompanyRole.housingCompanyId" validate={required()} />
              <SelectInput
                source="housingCompanyRole.role"
                label="porta.fields.role"
                choices={roleChoices(HOUSING_COMPANY_ROLES)}
                validate={required()}
              />
              <DateInput source="housingCompanyRole.validFrom" label="porta.fields.validFrom" />
              <DateInput
                source="housingCompanyRole.validUntil"
                label="porta.fields.validUntil"
                validate={notBefore('housingCompanyRole.validFrom')}
              />
            </>
          ) : null
        }
      </FormDataConsumer>
    </FormSection>
  );
}

/** /admin/users/create: a new user with an optional first role (03 §2 "add user"). */
export default function UserCreate() {
  return (
    <Create redirect="show" transform={(data: UserCreateForm) => createUserBody(data)}>
      <SimpleForm
        defaultValues={{
          locale: 'en_US',
          publicProfile: false,
          firstRoleKind: 'none',
          apartmentRole: { role: 'owner' },
          housingCompanyRole: { role: 'boardMember' },
        }}
      >
        <UserFields emailEditable />
        <FirstRoleInputs />
      </SimpleForm>
    </Create>
  );
}
