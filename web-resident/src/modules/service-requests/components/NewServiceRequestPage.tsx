import {
  SERVICE_REQUEST_SUBJECT_MAX_CHARS,
  SERVICE_REQUEST_TEL_MAX_CHARS,
  type ServiceRequestTypeKey,
  type ServiceRequestTypeList,
} from '@porta/contracts';
import { type ComponentProps, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../shared/ui/Alert';
import {
  CheckboxField,
  RadioGroupField,
  SelectField,
  SubmitButton,
  TextField,
} from '../../../shared/ui/fields';
import { Loader } from '../../../shared/ui/Loader';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { useToast } from '../../../shared/ui/Toast';
import { hasText, textToHtml } from '../../community';
import { usePageMeta } from '../../layout';
import { RequireHousingCompany } from '../../news';
import { useCurrentUser } from '../../startup';
import { useCreateServiceRequest, useServiceRequestTargets, useServiceRequestTypes } from '../hooks/queries';
import { useAttachmentUploads } from '../hooks/use-attachment-uploads';
import { useServiceRequestErrorText } from '../hooks/use-error-text';
import { SERVICE_REQUESTS_PATH, serviceRequestPath } from '../utils/paths';
import { AttachmentUploader } from './AttachmentUploader';
import { useTypeName } from './RequestBadges';

/**
 * /support/service-requests/new (02 §2, §5): the request types of the housing company (none: 'No
 * request types selectable'), then the form.
 */
export function NewServiceRequestPage() {
  return (
    <RequireHousingCompany>
      <NewServiceRequest />
    </RequireHousingCompany>
  );
}

function NewServiceRequest() {
  const { t } = useTranslation('serviceRequests');
  usePageMeta({ title: t('create.title') });
  const headingId = useId();
  const types = useServiceRequestTypes();
  return (
    <section className="page service-request-new" aria-labelledby={headingId}>
      <p>
        <Link className="back-link" to={SERVICE_REQUESTS_PATH}>
          {t('detail.back')}
        </Link>
      </p>
      <h1 id={headingId}>{t('create.title')}</h1>
      <QueryStatus pending={types.isPending} error={types.error} onRetry={() => void types.refetch()} />
      {types.data &&
        (types.data.items.length === 0 ? (
          <Alert tone="error">
            <p>{t('errors.SRQ_TYPE_NOT_SELECTABLE')}</p>
          </Alert>
        ) : (
          <NewRequestForm types={types.data} />
        ))}
    </section>
  );
}

type Visibility = 'private' | 'public';

interface Values {
  typeId: ServiceRequestTypeKey | '';
  partnerCompanyId: string;
  subject: string;
  content: string;
  urgentRequest: boolean;
  visibility: Visibility;
  visibleInApartment: boolean;
  toResident: boolean;
  targetUserId: string;
  phone: string;
}

type Field = 'typeId' | 'partnerCompanyId' | 'content' | 'targetUserId';

/** The required fields that are chosen from a list. */
type ChoiceField = Exclude<Field, 'content'>;

type Choice = { value: string; label: string };

/**
 * A required select whose first option, `placeholder` ('Choose…'), stands for no choice yet (the
 * value '').
 */
function RequiredSelect({
  placeholder,
  choices,
  ...props
}: Omit<ComponentProps<typeof SelectField>, 'options' | 'required'> & {
  placeholder: string;
  choices: readonly Choice[];
}) {
  return <SelectField {...props} required options={[{ value: '', label: placeholder }, ...choices]} />;
}

/**
 * The form (02 §2, §5): type, partner company (when the type needs one), subject (the type's name
 * when blank), description, urgency, public or private, visibility in the apartment, a resident to
 * send it to (private only), phone and attachments (uploaded as chosen; sending waits for them).
 * Nothing is sent while a required field is empty: the fields say why, the first takes focus and
 * the form shows 'Error on validating the form…'. A refusal shows the server's message, and
 * everything written stays.
 */
function NewRequestForm({ types }: { types: ServiceRequestTypeList }) {
  const { t } = useTranslation('serviceRequests');
  const { t: tc } = useTranslation('common');
  const { me, housingCompany } = useCurrentUser();
  const navigate = useNavigate();
  const toast = useToast();
  const typeName = useTypeName();
  const errorText = useServiceRequestErrorText();
  const create = useCreateServiceRequest();
  const uploads = useAttachmentUploads();
  const [values, setValues] = useState<Values>(() => ({
    typeId: types.items.length === 1 ? types.items[0]!.key : '',
    partnerCompanyId: '',
    subject: '',
    content: '',
    urgentRequest: false,
    visibility: 'private',
    visibleInApartment: false,
    toResident: false,
    targetUserId: '',
    phone: me.user.phone ?? '',
  }));
  const [checked, setChecked] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const refs = {
    typeId: useRef<HTMLSelectElement>(null),
    partnerCompanyId: useRef<HTMLSelectElement>(null),
    content: useRef<HTMLTextAreaElement>(null),
    targetUserId: useRef<HTMLSelectElement>(null),
  };

  const type = types.items.find((item) => item.key === values.typeId) ?? null;
  const isPublic = values.visibility === 'public';
  const targeted = !isPublic && values.toResident;
  const targets = useServiceRequestTargets(targeted);

  const errors: Partial<Record<Field, string>> = {};
  if (!type) errors.typeId = tc('form.required');
  if (type?.needsPartner && !values.partnerCompanyId)
    errors.partnerCompanyId = t('errors.SRQ_PARTNER_REQUIRED');
  if (!hasText(values.content)) errors.content = tc('form.required');
  if (targeted && !values.targetUserId) errors.targetUserId = t('errors.SRQ_TARGET_USER_REQUIRED');
  const shown = checked ? errors : {};
  const invalid = Object.keys(errors).length > 0;

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const send = () => {
    if (!type) return;
    const apartmentId = housingCompany?.apts.some((apt) => apt.id === me.selectedApartmentId)
      ? me.selectedApartmentId
      : null;
    create.mutate(
      {
        typeId: type.key,
        subject: values.subject.trim() || typeName(type.key),
        content: textToHtml(values.content),
        public: isPublic,
        urgentRequest: values.urgentRequest,
        visibleInApartment: values.visibleInApartment,
        apartmentId,
        senderTel: values.phone.trim() || null,
        targetedToUser: targeted,
        targetUserId: targeted ? values.targetUserId : null,
        partnerCompanyId: type.needsPartner ? values.partnerCompanyId : null,
        attachmentIds: uploads.attachmentIds,
      },
      {
        onSuccess: (created) => {
          uploads.reset();
          toast.show(t('create.sent'), 'success');
          navigate(serviceRequestPath(created.id));
        },
      },
    );
  };

  // Sending waits for the attachments still uploading, then goes on by itself.
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    if (!waiting || uploads.uploading) return;
    setWaiting(false);
    sendRef.current();
  }, [waiting, uploads.uploading]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || waiting) return;
    create.reset();
    if (invalid) {
      setChecked(true);
      const first = (['typeId', 'partnerCompanyId', 'content', 'targetUserId'] as const).find(
        (f) => errors[f],
      );
      if (first) refs[first].current?.focus();
      return;
    }
    setChecked(false);
    if (uploads.uploading) setWaiting(true);
    else send();
  };

  const busy = create.isPending || waiting;
  /** What a chosen field takes from the form: its value, ref, error shown and whether it is locked. */
  const choiceProps = (field: ChoiceField) => ({
    value: values[field],
    selectRef: refs[field],
    disabled: busy,
    error: shown[field],
  });
  return (
    <form className="form service-request-form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <p className="form__hint">{tc('form.requiredFieldsHint')}</p>
      <RequiredSelect
        {...choiceProps('typeId')}
        label={t('fields.type')}
        placeholder={t('create.chooseType')}
        choices={types.items.map((item) => ({ value: item.key, label: typeName(item.key) }))}
        onChange={(value) => {
          const next = types.items.find((item) => item.key === value);
          setValues((v) => ({
            ...v,
            typeId: next?.key ?? '',
            partnerCompanyId: next?.needsPartner ? v.partnerCompanyId : '',
          }));
        }}
      />
      {type?.needsPartner && (
        <RequiredSelect
          {...choiceProps('partnerCompanyId')}
          label={t('fields.partnerCompany')}
          placeholder={t('create.choosePartner')}
          choices={types.partnerCompanies.map((partner) => ({ value: partner.id, label: partner.name }))}
          onChange={(value) => set('partnerCompanyId', value)}
        />
      )}
      <TextField
        label={t('fields.subject')}
        value={values.subject}
        placeholder={type ? typeName(type.key) : undefined}
        hint={t('create.subjectHint')}
        maxLength={SERVICE_REQUEST_SUBJECT_MAX_CHARS}
        disabled={busy}
        onChange={(value) => set('subject', value)}
      />
      <TextField
        label={t('fields.content')}
        multiline
        rows={6}
        required
        value={values.content}
        textareaRef={refs.content}
        disabled={busy}
        error={shown.content}
        onChange={(value) => set('content', value)}
      />
      <CheckboxField
        label={t('fields.urgent')}
        checked={values.urgentRequest}
        disabled={busy}
        onChange={(value) => set('urgentRequest', value)}
      />
      <RadioGroupField<Visibility>
        legend={t('fields.visibility')}
        name="visibility"
        value={values.visibility}
        disabled={busy}
        options={[
          { value: 'private', label: t('fields.private') },
          { value: 'public', label: t('fields.public') },
        ]}
        onChange={(value) => set('visibility', value)}
      />
      <p className="field__hint">{isPublic ? t('create.publicHint') : t('create.privateHint')}</p>
      <CheckboxField
        label={t('fields.visibleInApartment')}
        checked={values.visibleInApartment}
        disabled={busy}
        onChange={(value) => set('visibleInApartment', value)}
      />
      {!isPublic && (
        <CheckboxField
          label={t('fields.toResident')}
          checked={values.toResident}
          disabled={busy}
          onChange={(value) => set('toResident', value)}
        />
      )}
      {targeted && (
        <div className="service-request-form__target">
          {targets.data ? (
            targets.data.items.length === 0 ? (
              <p className="field__error" role="alert">
                {t('create.noResidents')}
              </p>
            ) : (
              <RequiredSelect
                {...choiceProps('targetUserId')}
                label={t('fields.resident')}
                placeholder={t('create.chooseResident')}
                choices={targets.data.items.map((target) => ({
                  value: target.userId,
                  label: target.apartment
                    ? t('sender.withApartment', { name: target.name, apartment: target.apartment })
                    : target.name,
                }))}
                onChange={(value) => set('targetUserId', value)}
              />
            )
          ) : targets.isError ? (
            <QueryStatus pending={false} error={targets.error} onRetry={() => void targets.refetch()} />
          ) : (
            <Loader label={t('create.loadingResidents')} />
          )}
        </div>
      )}
      <TextField
        label={t('fields.phone')}
        type="tel"
        autoComplete="tel"
        value={values.phone}
        hint={t('create.phoneHint')}
        maxLength={SERVICE_REQUEST_TEL_MAX_CHARS}
        disabled={busy}
        onChange={(value) => set('phone', value)}
      />
      <AttachmentUploader uploads={uploads} disabled={create.isPending} />
      {checked && invalid && (
        <p className="form__alert" role="alert">
          {tc('form.validationFailed')}
        </p>
      )}
      {create.isError && (
        <p className="form__alert" role="alert">
          {errorText(create.error)}
        </p>
      )}
      <div className="form__actions">
        <SubmitButton
          busy={busy}
          label={t('create.send')}
          busyLabel={waiting ? t('create.waitingForUploads') : t('create.sending')}
        />
        <Link className="button button--secondary" to={SERVICE_REQUESTS_PATH}>
          {tc('actions.cancel')}
        </Link>
      </div>
    </form>
  );
}
