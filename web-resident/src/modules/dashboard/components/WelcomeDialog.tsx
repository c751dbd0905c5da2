import type { MyHousingCompany } from '@porta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, useMarkDialogRead, useSteps } from '../../news';
import { useCurrentUser } from '../../startup';
import { StepsCarousel } from './StepsCarousel';

/** The welcome dialog's read marker (01 §3). */
export const WELCOME_DIALOG_ID = 'welcome-to-plus-dialog';

/**
 * The welcome dialog of the dashboard (01 §4): shown only while the housing company is under
 * construction, has lifecycle steps active and steps to show, and the user has not read it in this
 * housing company. Its button (or Escape, or following a step's link) closes it and marks it read.
 */
export function WelcomeDialog({ housingCompany }: { housingCompany: MyHousingCompany }) {
  const { t } = useTranslation('news');
  const { me } = useCurrentUser();
  const read = (me.user.dialogs ?? []).some(
    (dialog) => dialog.id === WELCOME_DIALOG_ID && dialog.projectId === housingCompany.id,
  );
  const eligible = housingCompany.state === 'construction' && housingCompany.lifecycleStepsActive && !read;
  const steps = useSteps(eligible);
  const markRead = useMarkDialogRead();
  const [closedFor, setClosedFor] = useState<string | null>(null);

  if (!eligible || closedFor === housingCompany.id || !steps.data?.length) return null;

  const close = () => {
    setClosedFor(housingCompany.id);
    markRead.mutate(
      { id: WELCOME_DIALOG_ID, projectId: housingCompany.id },
      { onError: (error) => console.warn('The welcome dialog could not be marked read', error) },
    );
  };

  return (
    <Modal title={t('welcome.title')} onClose={close} className="modal--wide welcome-dialog">
      <p>{t('welcome.intro')}</p>
      <StepsCarousel steps={steps.data} onOpenStep={close} />
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={close}>
          {t('welcome.start')}
        </button>
      </div>
    </Modal>
  );
}
