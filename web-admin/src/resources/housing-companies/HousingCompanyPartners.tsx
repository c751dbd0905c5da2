import DeleteIcon from '@mui/icons-material/Delete';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Alert, Stack, TableCell } from '@mui/material';
import {
  HOUSING_COMPANY_PARTNER_TYPES,
  type HousingCompanyPartner,
  type HousingCompanyPartnerType,
  PARTNER_TYPE_OF_CONNECTION,
  type PartnerCompanyUser,
} from '@porta/contracts';
import { useState } from 'react';
import {
  AutocompleteInput,
  Button,
  Confirm,
  FormDataConsumer,
  ReferenceInput,
  required,
  SelectInput,
  useTranslate,
} from 'react-admin';
import { useIdentityGet, usePortaCalls } from '../../common/api';
import { FormDialog } from '../../common/FormDialog';
import { RelatedSection, RelatedTable, RowAction, useRemoval } from '../../common/RelatedRows';

interface PartnerForm extends Record<string, unknown> {
  partnerCompanyId?: string;
  keyContactUserId?: string | null;
}

/** The users of the chosen partner company, as the choices of its key contact. */
function KeyContactInput({ partnerCompanyId }: { partnerCompanyId: string | undefined }) {
  const { data = [] } = useIdentityGet<PartnerCompanyUser[]>(
    partnerCompanyId ? `/admin/partner-companies/${partnerCompanyId}/users` : null,
  );
  return (
    <SelectInput
      source="keyContactUserId"
      label="porta.partners.key_contact"
      choices={data.map((user) => ({
        id: user.id,
        name: `${user.firstName} ${user.lastName} (${user.email})`.trim(),
      }))}
      translateChoice={false}
      emptyText="porta.partners.key_contact_default"
      helperText="porta.partners.key_contact_help"
      disabled={!partnerCompanyId}
      fullWidth
    />
  );
}

/** Connect a partner company of the type, or change to another (03 §3 change of partner). */
function PartnerDialog({
  housingCompanyId,
  type,
  current,
  open,
  onClose,
  onDone,
}: {
  housingCompanyId: string;
  type: HousingCompanyPartnerType;
  current: HousingCompanyPartner | undefined;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { call } = usePortaCalls();
  return (
    <FormDialog<PartnerForm>
      open={open}
      onClose={onClose}
      onDone={onDone}
      title={current ? 'porta.partners.change' : 'porta.partners.connect'}
      success="porta.partners.saved"
      defaultValues={{
        partnerCompanyId: current?.partnerCompanyId,
        keyContactUserId: current?.keyContactUserId ?? null,
      }}
      onSubmit={(values) =>
        call('PUT', `/admin/housing-companies/${housingCompanyId}/partners/${type}`, {
          body: {
            partnerCompanyId: values.partnerCompanyId,
            ...(values.keyContactUserId ? { keyContactUserId: values.keyContactUserId } : {}),
          },
        })
      }
    >
      <ReferenceInput
        source="partnerCompanyId"
        reference="partner-companies"
        filter={{ type: PARTNER_TYPE_OF_CONNECTION[type], active: true }}
        sort={{ field: 'name', order: 'ASC' }}
      >
        <AutocompleteInput
          optionText="name"
          label={`porta.partners.types.${type}`}
          validate={required()}
          fullWidth
        />
      </ReferenceInput>
      <FormDataConsumer<PartnerForm>>
        {({ formData }) => <KeyContactInput partnerCompanyId={formData.partnerCompanyId} />}
      </FormDataConsumer>
    </FormDialog>
  );
}

/**
 * The property and maintenance managers of a housing company, each with its key contact; staff who
 * manage partners connect, change and remove them (03 §1, §3).
 */
export function HousingCompanyPartners({
  housingCompanyId,
  canManage,
}: {
  housingCompanyId: string;
  canManage: boolean;
}) {
  const translate = useTranslate();
  const { data, error, reload } = useIdentityGet<HousingCompanyPartner[]>(
    `/admin/housing-companies/${housingCompanyId}/partners`,
  );
  const [editing, setEditing] = useState<HousingCompanyPartnerType | null>(null);
  const removing = useRemoval<HousingCompanyPartner>({
    path: (partner) =>
      `/admin/housing-companies/${housingCompanyId}/partners/${partner.type}/${partner.partnerCompanyId}`,
    success: 'porta.partners.removed',
    onDone: reload,
  });

  if (error) return <Alert severity="error">{translate('porta.partners.load_failed')}</Alert>;
  if (!data) return null;

  return (
    <Stack spacing={3} sx={{ width: '100%' }}>
      {HOUSING_COMPANY_PARTNER_TYPES.map((type) => {
        const partners = data.filter((partner) => partner.type === type);
        const typeName = translate(`porta.partners.types.${type}`);
        return (
          <RelatedSection
            key={type}
            title={`porta.partners.types.${type}`}
            region
            action={
              canManage ? (
                <Button
                  label={partners.length > 0 ? 'porta.partners.change' : 'porta.partners.connect'}
                  aria-label={translate(
                    partners.length > 0 ? 'porta.partners.change_label' : 'porta.partners.connect_label',
                    {
                      type: typeName,
                    },
                  )}
                  onClick={() => setEditing(type)}
                >
                  <SwapHorizIcon />
                </Button>
              ) : null
            }
          >
            <RelatedTable
              label={`porta.partners.types.${type}`}
              columns={['porta.partners.company', 'porta.partners.key_contact']}
              rows={partners}
              rowKey={(partner) => partner.partnerCompanyId}
              empty="porta.partners.none"
              cells={(partner) => (
                <>
                  <TableCell>{partner.name}</TableCell>
                  <TableCell>{partner.keyContactName ?? '-'}</TableCell>
                </>
              )}
              actions={(partner) =>
                canManage ? (
                  <RowAction
                    tooltip="porta.partners.remove"
                    label="porta.partners.remove_label"
                    labelArgs={{ name: partner.name }}
                    icon={<DeleteIcon />}
                    onClick={() => removing.ask(partner)}
                    disabled={removing.busy}
                  />
                ) : null
              }
            />
            {canManage && editing === type ? (
              <PartnerDialog
                housingCompanyId={housingCompanyId}
                type={type}
                current={partners[0]}
                open
                onClose={() => setEditing(null)}
                onDone={reload}
              />
            ) : null}
          </RelatedSection>
        );
      })}
      <Confirm
        {...removing.confirmProps}
        title="porta.partners.remove"
        content="porta.partners.remove_content"
        contentTranslateOptions={{ name: removing.pending?.name ?? '' }}
      />
    </Stack>
  );
}
