import DeleteIcon from '@mui/icons-material/Delete';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Alert, TableCell } from '@mui/material';
import type { PartnerCompany, PartnerCompanyUser } from '@porta/contracts';
import { useState } from 'react';
import { Button, Confirm, required, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { useIdentityGet, usePortaCalls } from '../../common/api';
import { FormDialog } from '../../common/FormDialog';
import { UserInput } from '../../common/inputs';
import { RelatedSection, RelatedTable, RowAction, useRemoval } from '../../common/RelatedRows';

function nameOf(user: PartnerCompanyUser) {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/**
 * The users of a partner company and its key contact (03 §1, §3): partner managers add existing
 * users (searched by name or e-mail), remove them and choose the key contact.
 */
export function PartnerCompanyUsers({ company, canManage }: { company: PartnerCompany; canManage: boolean }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { data, error, reload } = useIdentityGet<PartnerCompanyUser[]>(
    `/admin/partner-companies/${company.id}/users`,
  );
  const { call } = usePortaCalls();
  const [update] = useUpdate<PartnerCompany>();
  const [adding, setAdding] = useState(false);
  const removing = useRemoval<PartnerCompanyUser>({
    path: (user) => `/admin/partner-companies/${company.id}/users/${user.id}`,
    success: 'porta.partner_companies.user_removed',
    onDone: () => {
      reload();
      refresh();
    },
  });
  const { run, busy } = removing;

  const makeKeyContact = async (user: PartnerCompanyUser) => {
    const done = await run(
      () =>
        update(
          'partner-companies',
          { id: company.id, data: { keyContactUserId: user.id }, previousData: company },
          { mutationMode: 'pessimistic', returnPromise: true },
        ),
      { success: 'porta.partner_companies.key_contact_saved' },
    );
    if (done.ok) reload();
  };

  if (error) return <Alert severity="error">{translate('porta.partner_companies.users_failed')}</Alert>;

  return (
    <RelatedSection
      title="porta.partner_companies.users"
      sx={{ width: '100%' }}
      action={
        canManage ? (
          <Button label="porta.partner_companies.add_user" onClick={() => setAdding(true)}>
            <PersonAddIcon />
          </Button>
        ) : null
      }
    >
      {data ? (
        <RelatedTable
          label="porta.partner_companies.users"
          columns={['resources.users.fields.email', 'porta.fields.name', 'porta.partners.key_contact']}
          rows={data}
          rowKey={(user) => user.id}
          empty="porta.partner_companies.no_users"
          cells={(user) => (
            <>
              <TableCell>{user.email}</TableCell>
              <TableCell>{nameOf(user)}</TableCell>
              <TableCell>
                {user.isKeyContact ? (
                  <StarIcon titleAccess={translate('porta.partners.key_contact')} color="primary" />
                ) : canManage ? (
                  <RowAction
                    tooltip="porta.partner_companies.make_key_contact"
                    label="porta.partner_companies.make_key_contact_label"
                    labelArgs={{ name: nameOf(user) }}
                    icon={<StarBorderIcon />}
                    onClick={() => makeKeyContact(user)}
                    disabled={busy}
                  />
                ) : null}
              </TableCell>
            </>
          )}
          actions={(user) =>
            canManage ? (
              <RowAction
                tooltip="porta.partner_companies.remove_user"
                label="porta.partner_companies.remove_user_label"
                labelArgs={{ name: nameOf(user) }}
                icon={<DeleteIcon />}
                onClick={() => removing.ask(user)}
                disabled={busy}
              />
            ) : null
          }
        />
      ) : null}
      {canManage ? (
        <FormDialog<{ userId?: string }>
          open={adding}
          onClose={() => setAdding(false)}
          onDone={reload}
          title="porta.partner_companies.add_user"
          success="porta.partner_companies.user_added"
          onSubmit={(values) =>
            call('POST', `/admin/partner-companies/${company.id}/users`, { body: { userId: values.userId } })
          }
        >
          <UserInput
            source="userId"
            validate={required()}
            helperText="porta.partner_companies.add_user_help"
          />
        </FormDialog>
      ) : null}
      <Confirm
        {...removing.confirmProps}
        title="porta.partner_companies.remove_user"
        content="porta.partner_companies.remove_user_content"
        contentTranslateOptions={{ name: removing.pending ? nameOf(removing.pending) : '' }}
      />
    </RelatedSection>
  );
}
