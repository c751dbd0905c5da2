import DeleteIcon from '@mui/icons-material/Delete';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import {
  Alert,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { PartnerCompany, PartnerCompanyUser } from '@porta/contracts';
import { useState } from 'react';
import { Button, Confirm, required, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { useChange, useIdentityGet, usePortaCalls } from '../../common/api';
import { FormDialog } from '../../common/FormDialog';
import { HiddenText } from '../../common/HiddenText';
import { UserInput } from '../../common/inputs';

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
  const { run, busy } = useChange();
  const [update] = useUpdate<PartnerCompany>();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PartnerCompanyUser | null>(null);

  const remove = async () => {
    if (!removing) return;
    const done = await run(
      () => call('DELETE', `/admin/partner-companies/${company.id}/users/${removing.id}`),
      {
        success: 'porta.partner_companies.user_removed',
      },
    );
    setRemoving(null);
    if (done.ok) {
      reload();
      refresh();
    }
  };

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
    <Stack spacing={1} sx={{ width: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          {translate('porta.partner_companies.users')}
        </Typography>
        {canManage ? (
          <Button label="porta.partner_companies.add_user" onClick={() => setAdding(true)}>
            <PersonAddIcon />
          </Button>
        ) : null}
      </Stack>
      {data && data.length === 0 ? (
        <Typography variant="body2">{translate('porta.partner_companies.no_users')}</Typography>
      ) : null}
      {data && data.length > 0 ? (
        <Table size="small" aria-label={translate('porta.partner_companies.users')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.users.fields.email')}</TableCell>
              <TableCell>{translate('porta.fields.name')}</TableCell>
              <TableCell>{translate('porta.partners.key_contact')}</TableCell>
              <TableCell>
                <HiddenText>{translate('porta.common.actions')}</HiddenText>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((user) => (
              <TableRow key={user.id}>
                <TableCell>{user.email}</TableCell>
                <TableCell>{nameOf(user)}</TableCell>
                <TableCell>
                  {user.isKeyContact ? (
                    <StarIcon titleAccess={translate('porta.partners.key_contact')} color="primary" />
                  ) : canManage ? (
                    <Tooltip title={translate('porta.partner_companies.make_key_contact')}>
                      <IconButton
                        aria-label={translate('porta.partner_companies.make_key_contact_label', {
                          name: nameOf(user),
                        })}
                        onClick={() => makeKeyContact(user)}
                        disabled={busy}
                      >
                        <StarBorderIcon />
                      </IconButton>
                    </Tooltip>
                  ) : null}
                </TableCell>
                <TableCell align="right">
                  {canManage ? (
                    <Tooltip title={translate('porta.partner_companies.remove_user')}>
                      <IconButton
                        aria-label={translate('porta.partner_companies.remove_user_label', {
                          name: nameOf(user),
                        })}
                        onClick={() => setRemoving(user)}
                        disabled={busy}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
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
        isOpen={!!removing}
        loading={busy}
        title="porta.partner_companies.remove_user"
        content="porta.partner_companies.remove_user_content"
        contentTranslateOptions={{ name: removing ? nameOf(removing) : '' }}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
