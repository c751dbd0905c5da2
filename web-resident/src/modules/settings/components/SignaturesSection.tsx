import { SIGNATURE_CONTENT_MAX_LENGTH, SIGNATURE_NAME_MAX_LENGTH, type Signature } from '@porta/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../shared/ui/Alert';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { SubmitButton, TextField } from '../../../shared/ui/fields';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { useFormatters } from '../../../shared/utils/format';
import { useSignatureMutations, useSignatures } from '../hooks/use-signatures';

/**
 * E-mail signatures (03 §2, §3, §5) for yitUser, propertyManager and maintenanceManager: list, add,
 * edit and remove (with a confirmation). A signature needs both a name and content.
 */
export function SignaturesSection() {
  const { t } = useTranslation();
  const signatures = useSignatures();
  const { remove } = useSignatureMutations();
  const format = useFormatters();
  const [editingId, setEditingId] = useState<string | 'new' | null>(null);
  const [removing, setRemoving] = useState<Signature | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);

  const closeForm = (saved: boolean) => {
    setEditingId(null);
    setNotice(saved ? t('settings.signatures.saved') : null);
    requestAnimationFrame(() => addButtonRef.current?.focus());
  };

  return (
    <section className="card" aria-labelledby="settings-signatures">
      <h2 id="settings-signatures" className="card__title">
        {t('settings.signatures.title')}
      </h2>
      <QueryStatus
        pending={signatures.isPending}
        error={signatures.error}
        onRetry={() => void signatures.refetch()}
        message={t('settings.signatures.loadFailed')}
      />
      {notice && <Alert tone="success">{notice}</Alert>}
      {signatures.data &&
        (signatures.data.length === 0 ? (
          <p className="empty-state">{t('settings.signatures.none')}</p>
        ) : (
          <ul className="signature-list">
            {signatures.data.map((signature) =>
              editingId === signature.id ? (
                <li key={signature.id}>
                  <SignatureForm signature={signature} onDone={closeForm} />
                </li>
              ) : (
                <li key={signature.id}>
                  <h3 className="signature-list__name">{signature.name}</h3>
                  <p className="signature-list__content">{signature.content}</p>
                  <p className="muted">
                    {t('settings.signatures.updated', { date: format.date(signature.updatedAt) })}
                  </p>
                  <div className="form__actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={t('settings.signatures.editNamed', { name: signature.name })}
                      onClick={() => {
                        setNotice(null);
                        setEditingId(signature.id);
                      }}
                    >
                      {t('settings.signatures.edit')}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={t('settings.signatures.removeNamed', { name: signature.name })}
                      onClick={() => {
                        setNotice(null);
                        remove.reset();
                        setRemoving(signature);
                      }}
                    >
                      {t('settings.signatures.remove')}
                    </button>
                  </div>
                </li>
              ),
            )}
          </ul>
        ))}
      {editingId === 'new' ? (
        <SignatureForm onDone={closeForm} />
      ) : (
        signatures.data && (
          <button
            ref={addButtonRef}
            type="button"
            className="button button--primary"
            onClick={() => {
              setNotice(null);
              setEditingId('new');
            }}
          >
            {t('settings.signatures.add')}
          </button>
        )
      )}
      {removing && (
        <ConfirmDialog
          title={t('settings.signatures.removeTitle')}
          confirmLabel={t('settings.signatures.remove')}
          destructive
          busy={remove.isPending}
          error={remove.isError ? t('settings.signatures.removeFailed') : null}
          onCancel={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                setRemoving(null);
                setNotice(t('settings.signatures.removed'));
                requestAnimationFrame(() => addButtonRef.current?.focus());
              },
            })
          }
        >
          <p>{t('settings.signatures.removeText', { name: removing.name })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function SignatureForm({ signature, onDone }: { signature?: Signature; onDone(saved: boolean): void }) {
  const { t } = useTranslation(['resident', 'common']);
  const { save } = useSignatureMutations();
  const [name, setName] = useState(signature?.name ?? '');
  const [content, setContent] = useState(signature?.content ?? '');
  const [errors, setErrors] = useState<{ name?: string; content?: string }>({});
  const nameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found: typeof errors = {};
    const required = t('common:form.required');
    if (!name.trim()) found.name = required;
    else if (name.trim().length > SIGNATURE_NAME_MAX_LENGTH)
      found.name = t('common:form.maxLength', { max: SIGNATURE_NAME_MAX_LENGTH });
    if (!content.trim()) found.content = required;
    else if (content.trim().length > SIGNATURE_CONTENT_MAX_LENGTH)
      found.content = t('common:form.maxLength', { max: SIGNATURE_CONTENT_MAX_LENGTH });
    setErrors(found);
    if (found.name || found.content) {
      if (found.name) nameRef.current?.focus();
      return;
    }
    save.mutate(
      { ...(signature ? { id: signature.id } : {}), request: { name: name.trim(), content: content.trim() } },
      { onSuccess: () => onDone(true) },
    );
  };

  return (
    <form
      className="form signature-form"
      noValidate
      onSubmit={submit}
      aria-label={
        signature
          ? t('settings.signatures.editNamed', { name: signature.name })
          : t('settings.signatures.add')
      }
    >
      <TextField
        label={t('settings.signatures.name')}
        value={name}
        onChange={setName}
        required
        error={errors.name}
        inputRef={nameRef}
      />
      <TextField
        label={t('settings.signatures.content')}
        value={content}
        onChange={setContent}
        required
        multiline
        error={errors.content}
      />
      {save.isError && <Alert tone="error">{t('settings.signatures.saveFailed')}</Alert>}
      <div className="form__actions">
        <SubmitButton busy={save.isPending} label={t('settings.signatures.save')} />
        <button type="button" className="button button--secondary" onClick={() => onDone(false)}>
          {t('common:actions.cancel')}
        </button>
      </div>
    </form>
  );
}
