import { Alert } from '@mui/material';
import type { PartnerCompany, PartnerCompanyUser } from '@porta/contracts';
import { padZip } from '@porta/web-kit';
import {
  ArrayInput,
  AutocompleteArrayInput,
  BooleanInput,
  email,
  maxLength,
  ReferenceArrayInput,
  required,
  SelectInput,
  SimpleFormIterator,
  TabbedForm,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useIdentityGet } from '../../common/api';
import { formatDateTime } from '../../common/dates';
import { zipCode } from '../../common/validation';
import { COUNTRY_CHOICES, TYPE_CHOICES } from './fields';

const URL_PATTERN = /^https?:\/\/\S+$/i;
const url = (value: unknown) =>
  value == null || value === '' || (typeof value === 'string' && URL_PATTERN.test(value.trim()))
    ? undefined
    : 'porta.validation.url';

/** Zip codes as sent: trimmed, padded to five digits (03 §5), empty ones dropped. */
export function partnerCompanyBody(data: Partial<PartnerCompany>) {
  const zips = (data.operationalAreaZips ?? []).map((zip) => padZip(zip)).filter(Boolean);
  return { ...data, operationalAreaZips: [...new Set(zips)], zip: data.zip ? padZip(data.zip) : data.zip };
}

/** The key contact, chosen among the company's users (only once it has users). */
function KeyContactInput() {
  const record = useRecordContext<PartnerCompany>();
  const { data = [] } = useIdentityGet<PartnerCompanyUser[]>(
    record?.id ? `/admin/partner-companies/${record.id}/users` : null,
  );
  if (!record?.id) return null;
  return (
    <SelectInput
      source="keyContactUserId"
      choices={data.map((user) => ({
        id: user.id,
        name: `${user.firstName} ${user.lastName} (${user.email})`,
      }))}
      translateChoice={false}
      helperText="porta.partner_companies.key_contact_help"
      fullWidth
    />
  );
}

interface PartnerCompanyFormProps {
  /**
   * A partner's own company (/partner/company/edit): its type shows but does not change, its
   * external id and active flag are staff's, and its operational area is a proposal staff approve.
   */
  own?: boolean;
  /** With `own`: the company as loaded, and what saving does (outside react-admin's Edit). */
  record?: PartnerCompany;
  onSubmit?: (values: Partial<PartnerCompany>) => Promise<void>;
}

/** On a partner's own form: the area it sends waits for staff (ADR 0013), and whether one waits now. */
function AreaProposalNote() {
  const record = useRecordContext<PartnerCompany>();
  const translate = useTranslate();
  const proposal = record?.proposedOperationalArea;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {translate('porta.partner_companies.own.area_note')}
      {proposal
        ? ` ${translate('porta.partner_companies.own.area_pending', { date: formatDateTime(proposal.proposedAt) })}`
        : ''}
    </Alert>
  );
}

/** Every field of a partner company (03 §3) in tabs: details, contact, operational area. */
export function PartnerCompanyForm({ own = false, record, onSubmit }: PartnerCompanyFormProps) {
  return (
    <TabbedForm {...(record ? { record } : {})} {...(onSubmit ? { onSubmit } : {})}>
      <TabbedForm.Tab label="porta.partner_companies.tabs.details">
        <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
        <SelectInput source="type" choices={TYPE_CHOICES} validate={required()} disabled={own} />
        <TextInput source="businessId" validate={maxLength(50)} />
        {own ? null : <TextInput source="externalId" validate={maxLength(100)} />}
        <TextInput source="keyword" validate={maxLength(200)} />
        {own ? null : <BooleanInput source="active" />}
        <TextInput source="description" multiline minRows={3} validate={maxLength(5000)} fullWidth />
        <TextInput source="logo" type="url" validate={url} fullWidth />
        <TextInput source="featuredImage" type="url" validate={url} fullWidth />
        <KeyContactInput />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="porta.partner_companies.tabs.contact" path="contact">
        <TextInput source="street" validate={maxLength(200)} fullWidth />
        <TextInput source="zip" validate={zipCode} />
        <TextInput source="city" validate={maxLength(200)} />
        <SelectInput source="country" choices={COUNTRY_CHOICES} translateChoice={false} />
        <TextInput source="phone" type="tel" validate={maxLength(50)} />
        <TextInput source="email" type="email" validate={email('porta.validation.email')} />
        <TextInput source="webPageUrl" type="url" validate={url} fullWidth />
        <TextInput source="contactDetails.name" label="porta.contacts.name" validate={maxLength(200)} />
        <TextInput source="contactDetails.title" label="porta.contacts.title" validate={maxLength(200)} />
        <TextInput
          source="contactDetails.email"
          label="porta.contacts.email"
          type="email"
          validate={email('porta.validation.email')}
        />
        <TextInput source="contactDetails.phone" label="porta.contacts.phone" validate={maxLength(50)} />
        <TextInput
          source="contactDetails.openingHours"
          label="porta.contacts.opening_hours"
          validate={maxLength(500)}
          fullWidth
        />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="porta.partner_companies.tabs.area" path="area">
        {own ? <AreaProposalNote /> : null}
        <ArrayInput source="operationalAreaZips" helperText="porta.partner_companies.zips_help">
          <SimpleFormIterator inline disableReordering>
            <TextInput source="" label="porta.partner_companies.zip" validate={[required(), zipCode]} />
          </SimpleFormIterator>
        </ArrayInput>
        <ReferenceArrayInput
          source="operationalAreaTaxonomies"
          reference="taxonomy-terms"
          filter={{ group: 'buildingtaxonomy' }}
          sort={{ field: 'name', order: 'ASC' }}
        >
          <AutocompleteArrayInput optionText="name" fullWidth />
        </ReferenceArrayInput>
      </TabbedForm.Tab>
    </TabbedForm>
  );
}
