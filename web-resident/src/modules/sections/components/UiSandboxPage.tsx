import { formatDate, formatDateNumeric, formatFileSize, formatPrice, padZip } from '@porta/web-kit';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../shared/ui/Alert';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { FilePicker } from '../../../shared/ui/FilePicker';
import { TextField } from '../../../shared/ui/fields';
import { Loader } from '../../../shared/ui/Loader';
import { useFormatters } from '../../../shared/utils/format';
import { usePageMeta } from '../../layout';

/** Example values for the formatting rules of 01 §9. */
const SAMPLE = { date: '2026-03-05', price: 1234.5, bytes: 1_263_616, zip: '520' } as const;

/** The example file picker's limits: nothing is uploaded. */
const SAMPLE_FILES_MAX = 3;
const SAMPLE_FILE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * /ui-sandbox (admin only, 01 §2): the shared interface elements and the formatting rules side by
 * side, for checking them in every language.
 */
export function UiSandboxPage() {
  const { t } = useTranslation(['resident', 'common']);
  usePageMeta({ title: t('sections.uiSandbox') });
  const { language } = useFormatters();
  const [text, setText] = useState('');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [files, setFiles] = useState<{ key: string; file: File }[]>([]);
  const lastKey = useRef(0);
  const close = () => setDialogOpen(false);

  return (
    <div className="page ui-sandbox">
      <h1>{t('sections.uiSandbox')}</h1>

      <section className="card" aria-labelledby="sandbox-formats">
        <h2 id="sandbox-formats" className="card__title">
          {t('uiSandbox.formats')}
        </h2>
        <dl className="details">
          <div className="details__row">
            <dt>{t('uiSandbox.date')}</dt>
            <dd>{formatDate(SAMPLE.date, language)}</dd>
          </div>
          <div className="details__row">
            <dt>{t('uiSandbox.numericDate')}</dt>
            <dd>{formatDateNumeric(SAMPLE.date)}</dd>
          </div>
          <div className="details__row">
            <dt>{t('uiSandbox.price')}</dt>
            <dd>{formatPrice(SAMPLE.price, { currency: '€' })}</dd>
          </div>
          <div className="details__row">
            <dt>{t('uiSandbox.fileSize')}</dt>
            <dd>{formatFileSize(SAMPLE.bytes)}</dd>
          </div>
          <div className="details__row">
            <dt>{t('uiSandbox.zip')}</dt>
            <dd>{padZip(SAMPLE.zip)}</dd>
          </div>
        </dl>
      </section>

      <section className="card" aria-labelledby="sandbox-elements">
        <h2 id="sandbox-elements" className="card__title">
          {t('uiSandbox.elements')}
        </h2>
        <div className="form__actions">
          <button type="button" className="button button--primary">
            {t('uiSandbox.primary')}
          </button>
          <button type="button" className="button button--secondary">
            {t('uiSandbox.secondary')}
          </button>
          <button type="button" className="button button--danger" onClick={() => setDialogOpen(true)}>
            {t('uiSandbox.openDialog')}
          </button>
        </div>
        <Alert tone="info">{t('uiSandbox.info')}</Alert>
        <Alert tone="success">{t('uiSandbox.success')}</Alert>
        <div className="alert alert--error">{t('common:errors.contentCouldNotBeLoaded')}</div>
        {/* An empty list: what it is for, what will appear, the next action (nothing happens here). */}
        <EmptyState
          title={t('uiSandbox.emptyTitle')}
          description={t('uiSandbox.emptyText')}
          action={{ label: t('uiSandbox.emptyAction'), onClick: () => undefined }}
        />
        <TextField label={t('uiSandbox.field')} value={text} onChange={setText} required />
        <FilePicker
          label={t('uiSandbox.files')}
          hint={t('uiSandbox.filesHint')}
          full={files.length >= SAMPLE_FILES_MAX}
          onFiles={(chosen) =>
            setFiles((old) =>
              [...old, ...chosen.map((file) => ({ key: String(++lastKey.current), file }))].slice(
                0,
                SAMPLE_FILES_MAX,
              ),
            )
          }
          items={files.map(({ key, file }) => ({
            key,
            name: file.name,
            size: file.size,
            file,
            error:
              file.size > SAMPLE_FILE_MAX_BYTES
                ? t('uiSandbox.filesTooLarge', { name: file.name })
                : undefined,
          }))}
          listLabel={t('uiSandbox.files')}
          onRemove={(key) => setFiles((old) => old.filter((item) => item.key !== key))}
        />
        <Loader />
      </section>

      {dialogOpen && (
        <ConfirmDialog
          title={t('uiSandbox.dialogTitle')}
          confirmLabel={t('uiSandbox.confirm')}
          onConfirm={close}
          onCancel={close}
        >
          <p>{t('uiSandbox.dialogText')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
