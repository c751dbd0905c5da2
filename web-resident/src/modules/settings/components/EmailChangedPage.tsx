import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useServices } from '../../../shared/services';
import { Loader } from '../../../shared/ui/Loader';
import { ME_QUERY_KEY } from '../../identity';
import { PublicCard, usePageMeta } from '../../layout';
import { useAuth } from '../../startup';

/**
 * /profile/email-changed/:userUuid/:confirmCode (public, 01 §2): the link of the e-mail change
 * confirmation. Confirms the change once (POST /email-change/:userId/:code) and shows the result.
 */
export function EmailChangedPage() {
  const { t } = useTranslation(['resident', 'common']);
  usePageMeta({ title: t('emailChanged.pageTitle') });
  const { userUuid = '', confirmCode = '' } = useParams();
  const { identity } = useServices();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const signedIn = auth.status === 'signedIn';
  const started = useRef(false);
  const confirm = useMutation({
    mutationFn: () => identity.confirmEmailChange(userUuid, confirmCode),
    onSuccess: () => {
      // The user details are fetched again, so that the settings show the new address.
      if (signedIn) {
        void queryClient
          .fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: () => identity.getMe(), staleTime: 0 })
          .catch(() => undefined);
      }
    },
  });
  const { mutate } = confirm;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  return (
    <PublicCard title={t('emailChanged.pageTitle')}>
      {confirm.isSuccess ? (
        <p role="status">{t('emailChanged.success', { email: confirm.data.email })}</p>
      ) : confirm.isError ? (
        <p className="form__alert" role="alert">
          {t('common:errors.codes.IDN_EMAIL_CONFIRM_FAILED')}
        </p>
      ) : (
        <Loader label={t('emailChanged.confirming')} />
      )}
      {(confirm.isSuccess || confirm.isError) && (
        <p className="status-page__actions">
          {signedIn ? (
            <Link className="button button--primary" to="/my-settings">
              {t('emailChanged.toSettings')}
            </Link>
          ) : (
            <Link className="button button--primary" to="/login">
              {t('login.submit')}
            </Link>
          )}
        </p>
      )}
    </PublicCard>
  );
}
