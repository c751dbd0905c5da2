import { Alert, Box, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import {
  type AdminUser,
  checkPassword,
  PASSPHRASE_MIN_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordRefusal,
} from '@porta/contracts';
import { useMemo } from 'react';
import {
  Form,
  HttpError,
  PasswordInput,
  required,
  SaveButton,
  Title,
  useGetOne,
  useNotify,
  usePermissions,
  useRedirect,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useParams } from 'react-router';
import type { StaffPermissions } from '../../auth/access';
import { usePortaCalls } from '../../common/api';
import { problemCode } from '../../data/http-client';
import { fieldErrorsOf, useErrorText } from './errors';
import { UserPageHeading } from './UserPageHeading';

/** The refusals of a new password the form shows at the field (the server's codes, ADR 0020). */
const PASSWORD_FIELD_CODES = new Set(['IDN_PASSWORD_FORMAT', 'IDN_PASSWORD_TOO_COMMON']);

interface PasswordForm extends Record<string, unknown> {
  newPassword: string;
  newPasswordConfirmation: string;
}

/** 03 §5 and ADR 0020, as the server checks them: the format, then not common nor the user's names. */
function passwordRule(user: AdminUser | undefined): Validator {
  return (value: unknown) => {
    if (typeof value !== 'string' || value === '') return undefined;
    const refusal = passwordRefusal(
      checkPassword(value, user ? [user.firstName, user.lastName, user.email] : []),
    );
    return refusal ? `porta.errors.${refusal}` : undefined;
  };
}

/** The second entry must be the first ("Password doesn't match"). */
const matchesNewPassword: Validator = (value: unknown, values: Record<string, unknown>) =>
  value && value !== values.newPassword ? 'porta.errors.IDN_PASSWORD_MISMATCH' : undefined;

/**
 * /admin/user/password/:id (03 §2, §7 changeUserPassword): a user manager sets another user's
 * password. The new password twice, the rules shown under the field and checked before sending
 * (the same check as the server's); the server's refusals show at the field. Afterwards "Password
 * changed" and back to the user's page; the user's sessions have ended.
 */
export default function UserPasswordChange() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const errorText = useErrorText();
  const { call } = usePortaCalls();
  const { permissions } = usePermissions<StaffPermissions>();
  const user = useGetOne<AdminUser>('users', { id }, { enabled: !!id });
  const newPasswordRules = useMemo(() => [required(), passwordRule(user.data)], [user.data]);

  const submit = async (values: Record<string, unknown>) => {
    const { newPassword } = values as PasswordForm;
    try {
      await call('POST', `/admin/users/${id}/password`, { body: { newPassword } });
    } catch (error) {
      const code = problemCode(error);
      const serverField = fieldErrorsOf(error)?.newPassword;
      if (code && PASSWORD_FIELD_CODES.has(code)) return { newPassword: `porta.errors.${code}` };
      if (serverField) return { newPassword: serverField };
      notify(errorText(error), { type: 'error' });
      return undefined;
    }
    notify('porta.users.password.done', { type: 'info' });
    redirect('show', 'users', id);
    return undefined;
  };

  let body: React.ReactNode;
  if (user.error instanceof HttpError && user.error.status === 404) {
    body = (
      <Alert severity="error" role="alert">
        {translate('porta.errors.IDN_USER_NOT_FOUND')}
      </Alert>
    );
  } else if (user.error) {
    body = (
      <Alert severity="error" role="alert">
        {translate('porta.common.load_failed')}
      </Alert>
    );
  } else if (user.isPending) {
    body = <CircularProgress aria-label={translate('ra.page.loading')} />;
  } else if (permissions?.userId === id) {
    body = (
      <Alert severity="info" role="status">
        {translate('porta.errors.IDN_OWN_PASSWORD_IN_SETTINGS')}
      </Alert>
    );
  } else {
    body = (
      <Form onSubmit={submit} defaultValues={{ newPassword: '', newPasswordConfirmation: '' }}>
        <Stack spacing={1} sx={{ maxWidth: 480 }}>
          <PasswordInput
            source="newPassword"
            label="porta.users.password.new"
            autoComplete="new-password"
            validate={newPasswordRules}
            helperText={translate('porta.users.password.rules', {
              min: PASSWORD_MIN_LENGTH,
              passphrase: PASSPHRASE_MIN_LENGTH,
            })}
          />
          <PasswordInput
            source="newPasswordConfirmation"
            label="porta.users.password.confirm"
            autoComplete="new-password"
            validate={[required(), matchesNewPassword]}
          />
          <Typography variant="body2" color="text.secondary">
            {translate('porta.users.password.sessions_end')}
          </Typography>
          <Box>
            <SaveButton label="porta.users.password.submit" alwaysEnable />
          </Box>
        </Stack>
      </Form>
    );
  }

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="porta.users.password.title" />
      <CardContent>
        <UserPageHeading
          user={user.data}
          title="porta.users.password.title"
          back="porta.users.password.back"
        />
        {body}
      </CardContent>
    </Card>
  );
}
