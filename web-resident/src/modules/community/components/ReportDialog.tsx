import {
  DEFAULT_REPORT_TYPE,
  REPORT_DESCRIPTION_MAX_CHARS,
  REPORT_TYPES,
  type ReportType,
} from '@porta/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, SubmitButton, TextField } from '../../../shared/ui/fields';
import { Modal } from '../../news';
import { useCurrentUser } from '../../startup';
import { useReport } from '../hooks/queries';
import { reportHref } from '../utils/links';

/** What is reported: a discussion, a comment in one, or a message in a conversation. */
export interface ReportTarget {
  type: 'discussion' | 'comment' | 'message';
  id: string;
  /** The address of the page it is on. */
  page: string;
  /** Its element on that page (`comment-<id>`, `message-<id>`), if not the page itself. */
  anchor?: string;
}

/**
 * The violation report (01 §4, §5): a reason (default improper or inappropriate content) and a free
 * description, then sending, then thanks or the failure with the form kept for another try. The
 * dialog is mounted while open, so closing it (Escape, Cancel, Close) starts the next one afresh.
 */
export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose(): void }) {
  const { t } = useTranslation('community');
  const { t: tc } = useTranslation('common');
  const { housingCompany } = useCurrentUser();
  const [reportType, setReportType] = useState<ReportType>(DEFAULT_REPORT_TYPE);
  const [description, setDescription] = useState('');
  const report = useReport();
  const closeRef = useRef<HTMLButtonElement>(null);
  const successId = useId();
  const sending = report.isPending;

  useEffect(() => {
    if (report.isSuccess) closeRef.current?.focus();
  }, [report.isSuccess]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    report.mutate({
      targetObject: target.id,
      targetType: target.type,
      targetHref: reportHref(housingCompany?.hcExt ?? '', target.page, target.anchor),
      reportType,
      description: description.trim(),
    });
  };

  return (
    <Modal
      title={t('report.title')}
      onClose={onClose}
      className="report-dialog"
      describedBy={report.isSuccess ? successId : undefined}
    >
      {report.isSuccess ? (
        <>
          <p id={successId} className="alert alert--success">
            {t('report.successMessage')}
          </p>
          <div className="modal__actions">
            <button ref={closeRef} type="button" className="button button--primary" onClick={onClose}>
              {tc('actions.close')}
            </button>
          </div>
        </>
      ) : (
        <form className="form" onSubmit={submit} noValidate aria-busy={sending || undefined}>
          <SelectField
            label={t('report.type')}
            required
            value={reportType}
            disabled={sending}
            onChange={(value) => setReportType(value as ReportType)}
            options={REPORT_TYPES.map((type) => ({ value: type, label: t(`report.types.${type}`) }))}
          />
          <TextField
            label={t('report.description')}
            multiline
            rows={4}
            maxLength={REPORT_DESCRIPTION_MAX_CHARS}
            value={description}
            disabled={sending}
            onChange={setDescription}
          />
          {report.isError && (
            <p className="form__alert" role="alert">
              {t('report.errorMessage')}
            </p>
          )}
          <div className="modal__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              {tc('actions.cancel')}
            </button>
            <SubmitButton busy={sending} label={t('report.send')} busyLabel={t('report.sending')} />
          </div>
        </form>
      )}
    </Modal>
  );
}
