import { useMutation } from '@tanstack/react-query';
import { startTransition, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useServices } from '../../../shared/services';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import type { LoginLocationState } from '../../auth';
import { useErrorText } from '../../errors';
import { usePageMeta } from '../../layout';
import { useStartup } from '../../startup';

/**
 * /deactivate (01 §2): the user closes their own account. A confirmation first; then the account is
 * deactivated (POST /me/deactivate ends every session), the user is signed out and sees the login
 * page with a note.
 */
export function DeactivatePage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('deactivate.pageTitle') });
  const { identity, session } = useServices();
  const { signOut } = useStartup();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);

  const deactivate = useMutation({
    mutationFn: () => identity.deactivate(),
    onSuccess: async () => {
      await session.logout().catch(() => undefined);
      const state: LoginLocationState = { notice: 'deactivated' };
      // One update: signed out and on the login page together, so that no guard of the signed-in
      // pages sees the signed-out user first and sends them to /login without the note.
      startTransition(() => {
        signOut();
        navigate('/login', { replace: true, state });
      });
    },
  });

  const cancel = () => {
    setConfirming(false);
    deactivate.reset();
  };

  return (
    <section className="page page--narrow" aria-labelledby="deactivate-title">
      <h1 id="deactivate-title">{t('deactivate.pageTitle')}</h1>
      <p>{t('deactivate.intro')}</p>
      <p>{t('deactivate.consequences')}</p>
      <div className="form__actions">
        <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
          {t('deactivate.action')}
        </button>
        <Link to="/my-settings" className="button button--secondary">
          {t('deactivate.backToSettings')}
        </Link>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('deactivate.confirmTitle')}
          confirmLabel={t('deactivate.confirm')}
          onConfirm={() => deactivate.mutate()}
          onCancel={cancel}
          busy={deactivate.isPending}
          error={deactivate.isError ? errorText(deactivate.error) : null}
          destructive
        >
          <p>{t('deactivate.confirmText')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
