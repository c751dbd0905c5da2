import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { ApiError } from '@porta/web-kit';
import { type FormEvent, useEffect, useState } from 'react';
import {
  LocalesMenuButton,
  type TranslateFunction,
  useAuthProvider,
  useBasename,
  useCheckAuth,
  useLogin,
  useNavigate,
  useTranslate,
} from 'react-admin';
import type { PortaAuthProvider } from './auth-provider';

/** The message for a failed sign-in: translated by error code, else the server's own text. */
export function signInErrorText(error: unknown, translate: TranslateFunction): string {
  if (error instanceof ApiError) return translate(`porta.errors.${error.code}`, { _: error.message });
  if (error instanceof Error && error.message) return translate(error.message, { _: error.message });
  return translate('ra.auth.sign_in_error');
}

/**
 * Sign-in for staff: e-mail and password against the identity service. Shows the server's error
 * (wrong password, too many attempts), and why the user was sent here (not a staff user, session
 * expired).
 */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  const basename = useBasename();
  const authProvider = useAuthProvider() as PortaAuthProvider | undefined;

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ email: boolean; password: boolean }>({
    email: false,
    password: false,
  });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(() => authProvider?.notice() ?? null);
  const [submitting, setSubmitting] = useState(false);

  // Signed in already (e.g. in the resident app) as staff: go straight in.
  useEffect(() => {
    let active = true;
    checkAuth({}, false)
      .then(() => {
        if (active) navigate(`${basename}/`);
      })
      .catch(() => {
        if (active) setNotice(authProvider?.notice() ?? null);
      });
    return () => {
      active = false;
    };
  }, [checkAuth, navigate, basename, authProvider]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nowMissing = { email: email.trim() === '', password: password === '' };
    setMissing(nowMissing);
    if (nowMissing.email || nowMissing.password) return;
    setSubmitting(true);
    setError(null);
    setNotice(null);
    try {
      await login({ username: email.trim(), password });
    } catch (err) {
      setError(signInErrorText(err, translate));
      setSubmitting(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'grey.100',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Typography variant="h5" component="h1" gutterBottom>
              {translate('porta.login.title')}
            </Typography>
            <LocalesMenuButton />
          </Stack>
          <Box component="form" onSubmit={submit} noValidate>
            <Stack spacing={2} sx={{ mt: 1 }}>
              {notice ? <Alert severity="warning">{translate(notice)}</Alert> : null}
              {error ? <Alert severity="error">{error}</Alert> : null}
              <TextField
                id="porta-login-email"
                name="email"
                type="email"
                label={translate('porta.login.email')}
                autoComplete="username"
                autoFocus
                fullWidth
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                error={missing.email}
                helperText={missing.email ? translate('ra.validation.required') : undefined}
                disabled={submitting}
              />
              <TextField
                id="porta-login-password"
                name="password"
                type="password"
                label={translate('porta.login.password')}
                autoComplete="current-password"
                fullWidth
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={missing.password}
                helperText={missing.password ? translate('ra.validation.required') : undefined}
                disabled={submitting}
              />
              <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting}>
                {translate('porta.login.submit')}
              </Button>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
