import {
  Alert,
  Box,
  Card,
  CardContent,
  CircularProgress,
  MenuItem,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import {
  type AdminCampaign,
  type AdminHousingCompany,
  LANGUAGES,
  zAdminCampaign,
  zAdvertisementDetails,
  zAdvertisementPreview,
  zAdvertisementUpdate,
} from '@porta/contracts';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  Button,
  Form,
  HttpError,
  Loading,
  maxValue,
  minValue,
  NumberInput,
  ReferenceInput,
  ResourceContextProvider,
  SaveButton,
  TextInput,
  Title,
  useBasename,
  useNotify,
  useRedirect,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../common/dates';
import { LANGUAGE_NAMES } from '../../common/languages';
import { AssetInput } from '../../content/AssetInput';
import { codeOf, pickBody, useContentApi, useContentGet, useErrorText } from '../../content/api';
import { BroadAudienceDialog, reachOf } from '../../content/BroadAudienceDialog';
import { HousingCompanyPicker } from '../../content/HousingCompanyPicker';
import { FormSection, useCan } from '../../content/kit';
import { TimeInput } from '../../content/PublicationInputs';
import { cleanVariants, VariantEditor } from '../../content/VariantEditor';
import { advertisementTooLong, advertisementWindow, httpUrl, notBeforeTime } from '../../content/validation';
import type { ProblemBody } from '../../data/http-client';
import { AdvertisementPreviewView } from './AdvertisementPreview';
import {
  CategoriesInput,
  percentFormat,
  percentParse,
  ShopPartnerInput,
  SixMonthNotice,
} from './CampaignInputs';
import { CampaignTargetingInputs } from './CampaignTargetingInputs';
import { ADVERTISEMENT_TEXTS } from './fields';

const STEPS = ['details', 'targeting', 'preview', 'publish'] as const;

/** Problems that concern one field of a step: shown next to it. */
const FIELD_OF: Record<string, string> = {
  CNT_ADVERTISEMENT_TOO_LONG: 'endAt',
  CNT_CAMPAIGN_DATES: 'endAt',
  CNT_IMAGE_RULES: 'imageId',
  CNT_ASSET_NOT_FOUND: 'imageId',
  CNT_PARTNER_REQUIRED: 'shopPartnerId',
  CNT_CODENAME_IN_USE: 'codename',
  CNT_APARTMENT_SIZE_RANGE: 'apartmentSizeMax',
  CNT_HOUSING_COMPANY_NOT_FOUND: 'targeting.housingCompanyIds',
};

const DETAIL_DEFAULTS = {
  defaultLanguage: 'en',
  urgent: false,
  categories: [],
};

const DISCOUNT_RULES = [minValue(0), maxValue(1, 'porta.content.campaigns.discount_range')];

/** A save of one step: the field errors for the form, or a message for the step. */
function useStepErrors() {
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const handle = (error: unknown): Record<string, string> | undefined => {
    const code = codeOf(error);
    const field = code ? FIELD_OF[code] : undefined;
    const fields = error instanceof HttpError ? (error.body as ProblemBody | undefined)?.errors : undefined;
    setFailure(errorText(error));
    if (field) return { ...fields, [field]: `porta.errors.${code}` };
    return fields;
  };
  return { failure, setFailure, handle };
}

function Navigation({ onBack, next, extra }: { onBack?: () => void; next: ReactNode; extra?: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'space-between', flexWrap: 'wrap' }}>
      {onBack ? <Button label="porta.content.wizard.back" onClick={onBack} variant="outlined" /> : <span />}
      <Stack direction="row" spacing={2}>
        {extra}
        {next}
      </Stack>
    </Stack>
  );
}

function Failure({ text }: { text: string | null }) {
  return text ? (
    <Alert severity="error" role="alert" sx={{ mt: 2 }}>
      {text}
    </Alert>
  ) : null;
}

/** Step 1: the basic details (texts, image, partner, CTA, start and end). */
function DetailsStep({ ad, onSaved }: { ad: AdminCampaign | null; onSaved: (ad: AdminCampaign) => void }) {
  const api = useContentApi();
  const can = useCan();
  const { failure, setFailure, handle } = useStepErrors();
  const endRules = useMemo<Validator[]>(
    () => [notBeforeTime('startAt', 'porta.errors.CNT_CAMPAIGN_DATES'), advertisementWindow],
    [],
  );

  const submit = async (values: Record<string, unknown>) => {
    setFailure(null);
    const body = pickBody(zAdvertisementDetails, {
      ...values,
      variants: cleanVariants(values.variants, ADVERTISEMENT_TEXTS, String(values.defaultLanguage ?? 'en')),
    });
    try {
      const saved = ad
        ? await api.call('PUT', `/admin/advertisements/${ad.id}`, { body, schema: zAdminCampaign })
        : await api.call('POST', '/admin/advertisements', { body, schema: zAdminCampaign });
      onSaved(saved);
      return undefined;
    } catch (error) {
      return handle(error);
    }
  };

  return (
    <Form record={ad ?? DETAIL_DEFAULTS} onSubmit={submit} noValidate>
      <SixMonthNotice />
      <FormSection title="porta.content.sections.texts">
        <VariantEditor fields={ADVERTISEMENT_TEXTS} />
      </FormSection>
      <FormSection title="porta.content.sections.partner">
        <ShopPartnerInput helperText="porta.content.wizard.partner_help" />
        <TextInput source="partnerName" helperText="porta.content.campaigns.partner_name_help" fullWidth />
        {can?.campaignsGlobal ? (
          <ReferenceInput
            source="partnerCompanyId"
            reference="partner-companies"
            sort={{ field: 'name', order: 'ASC' }}
          >
            <AutocompleteInput
              optionText="name"
              helperText="porta.content.campaigns.partner_company_help"
              fullWidth
            />
          </ReferenceInput>
        ) : null}
      </FormSection>
      <FormSection title="porta.content.sections.files">
        <AssetInput
          source="imageId"
          refsSource="image"
          purpose="image"
          label="porta.content.fields.image"
          helperText="porta.content.upload.image_rules"
        />
      </FormSection>
      <FormSection title="porta.content.sections.links">
        <TextInput source="ctaUrl" validate={httpUrl} helperText="porta.content.wizard.cta_help" fullWidth />
        <TextInput source="link" validate={httpUrl} helperText={false} fullWidth />
      </FormSection>
      <FormSection title="porta.content.sections.schedule">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TimeInput source="startAt" label="resources.campaigns.fields.startAt" helperText={false} />
          <TimeInput
            source="endAt"
            label="resources.campaigns.fields.endAt"
            validate={endRules}
            helperText={false}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <BooleanInput source="urgent" label="resources.campaigns.fields.urgent" helperText={false} />
          <NumberInput
            source="discountPercentage"
            label="resources.campaigns.fields.discountPercentage"
            format={percentFormat}
            parse={percentParse}
            validate={DISCOUNT_RULES}
            helperText="porta.content.campaigns.discount_help"
          />
        </Stack>
        <CategoriesInput />
      </FormSection>
      <Failure text={failure} />
      <Navigation next={<SaveButton label="porta.content.wizard.next" alwaysEnable icon={<span />} />} />
    </Form>
  );
}

/** Step 2: targeting (building phase, weeks around completion, rooms, size, companies and terms). */
function TargetingStep({
  ad,
  onSaved,
  onBack,
}: {
  ad: AdminCampaign;
  onSaved: (ad: AdminCampaign) => void;
  onBack: () => void;
}) {
  const api = useContentApi();
  const { failure, setFailure, handle } = useStepErrors();
  const submit = async (values: Record<string, unknown>) => {
    setFailure(null);
    const targetOnly = pickBody(zAdvertisementUpdate, values);
    const body = Object.fromEntries(
      [
        'buildingPhase',
        'weeksBeforeCompletion',
        'weeksAfterCompletion',
        'rooms',
        'apartmentSizeMin',
        'apartmentSizeMax',
        'targeting',
        'userRoles',
      ]
        .filter((field) => field in targetOnly)
        .map((field) => [field, targetOnly[field]]),
    );
    try {
      onSaved(await api.call('PUT', `/admin/advertisements/${ad.id}`, { body, schema: zAdminCampaign }));
      return undefined;
    } catch (error) {
      return handle(error);
    }
  };
  return (
    <ResourceContextProvider value="campaigns">
      <Form record={ad} onSubmit={submit} noValidate>
        <CampaignTargetingInputs />
        <Failure text={failure} />
        <Navigation
          onBack={onBack}
          next={<SaveButton label="porta.content.wizard.next" alwaysEnable icon={<span />} />}
        />
      </Form>
    </ResourceContextProvider>
  );
}

/** Step 3: the card and detail as residents see them, and how many housing companies it reaches. */
function PreviewStep({ ad, onNext, onBack }: { ad: AdminCampaign; onNext: () => void; onBack: () => void }) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const [housingCompany, setHousingCompany] = useState<AdminHousingCompany | null>(null);
  const [language, setLanguage] = useState('');
  const preview = useContentGet(`/admin/advertisements/${ad.id}/preview`, zAdvertisementPreview, {
    housingCompanyId: housingCompany?.id,
    lang: language || undefined,
  });
  return (
    <Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <HousingCompanyPicker
          value={housingCompany}
          onChange={setHousingCompany}
          label="porta.content.preview.as_resident_of"
          helperText="porta.content.wizard.pick_company"
        />
        <TextField
          select
          size="small"
          label={translate('porta.content.preview.language')}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{translate('porta.content.preview.default_language')}</MenuItem>
          {LANGUAGES.map((code) => (
            <MenuItem key={code} value={code}>
              {LANGUAGE_NAMES[code]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Box aria-busy={preview.isPending}>
        {preview.isPending ? (
          <CircularProgress aria-label={translate('ra.page.loading')} />
        ) : preview.error ? (
          <Alert severity="error" role="alert">
            {errorText(preview.error)}
          </Alert>
        ) : preview.data ? (
          <AdvertisementPreviewView preview={preview.data} />
        ) : null}
      </Box>
      <Navigation
        onBack={onBack}
        next={<Button label="porta.content.wizard.next" variant="contained" onClick={onNext} />}
      />
    </Box>
  );
}

/** Step 4: publish, with the 6-month rule checked first and the broad-audience confirmation. */
function PublishStep({ ad, onBack }: { ad: AdminCampaign; onBack: () => void }) {
  const translate = useTranslate();
  const api = useContentApi();
  const notify = useNotify();
  const redirect = useRedirect();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [broad, setBroad] = useState<{ reach: number | null } | null>(null);
  const tooLong = !ad.endAt || advertisementTooLong(ad.startAt, ad.endAt);
  const noPartner = !ad.shopPartnerId && !ad.partnerName;

  const publish = async (confirmBroadAudience: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      await api.call('POST', `/admin/advertisements/${ad.id}/publish`, {
        body: confirmBroadAudience ? { confirmBroadAudience: true } : {},
        schema: zAdminCampaign,
      });
      setBroad(null);
      notify('porta.content.wizard.published', { type: 'info' });
      redirect(() => `campaigns/created/${ad.id}`);
    } catch (error) {
      if (codeOf(error) === 'CNT_BROAD_AUDIENCE_CONFIRM' && !confirmBroadAudience) {
        setBroad({ reach: reachOf(error) });
      } else {
        setBroad(null);
        setFailure(errorText(error));
      }
    } finally {
      setBusy(false);
    }
  };

  const rows: [string, string][] = [
    ['resources.campaigns.fields.title', ad.title],
    ['resources.campaigns.fields.partnerName', ad.partnerName ?? ''],
    [
      'resources.campaigns.fields.startAt',
      formatDateTime(ad.startAt) || translate('porta.content.wizard.on_publish'),
    ],
    ['resources.campaigns.fields.endAt', formatDateTime(ad.endAt)],
  ];

  return (
    <Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, mb: 2 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {translate(label)}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value || '-'}
            </Typography>
          </Box>
        ))}
      </Box>
      {tooLong ? (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {translate(
            ad.endAt ? 'porta.errors.CNT_ADVERTISEMENT_TOO_LONG' : 'porta.content.wizard.end_needed',
          )}
        </Alert>
      ) : (
        <Alert severity="success" sx={{ mb: 1 }}>
          {translate('porta.content.wizard.six_months_ok')}
        </Alert>
      )}
      {noPartner ? (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {translate('porta.errors.CNT_PARTNER_REQUIRED')}
        </Alert>
      ) : null}
      <Failure text={failure} />
      <Navigation
        onBack={onBack}
        extra={
          <Button
            label="porta.content.wizard.save_exit"
            variant="outlined"
            onClick={() => {
              notify('porta.content.wizard.saved_draft', { type: 'info' });
              redirect('list', 'campaigns');
            }}
          />
        }
        next={
          <Button
            label="porta.content.wizard.publish"
            variant="contained"
            onClick={() => publish(false)}
            disabled={busy || tooLong || noPartner}
          />
        }
      />
      <BroadAudienceDialog
        open={broad !== null}
        reach={broad?.reach ?? null}
        loading={busy}
        onConfirm={() => publish(true)}
        onClose={() => setBroad(null)}
      />
    </Box>
  );
}

/**
 * /admin/campaigns/wizard (03 §1, §2, §3 Advertisement): a new advertisement in four steps —
 * basic details, targeting, preview, publish — saved as a draft from the first step on, so that
 * /admin/campaigns/wizard/:id resumes a draft (drafts are kept three months).
 */
export default function AdvertisementWizard() {
  const params = useParams();
  const id = (params['*'] ?? '').split('/')[0] || null;
  const translate = useTranslate();
  const basename = useBasename();
  const navigate = useNavigate();
  const api = useContentApi();
  const errorText = useErrorText();
  const [ad, setAd] = useState<AdminCampaign | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [step, setStep] = useState(0);
  const loading = !!id && !ad && !loadError;

  useEffect(() => {
    if (!id || ad?.id === id) return;
    let current = true;
    api.call('GET', `/admin/campaigns/${id}`, { schema: zAdminCampaign }).then(
      (loaded) => current && setAd(loaded),
      (error: unknown) => current && setLoadError(error),
    );
    return () => {
      current = false;
    };
  }, [api, id, ad?.id]);

  const saved = (next: number) => (advertisement: AdminCampaign) => {
    setAd(advertisement);
    if (!id) navigate(`${basename}/campaigns/wizard/${advertisement.id}`, { replace: true });
    setStep(next);
  };

  const heading = ad
    ? translate('porta.content.wizard.heading_resume', { title: ad.title })
    : translate('porta.content.wizard.heading_new');

  return (
    <ResourceContextProvider value="campaigns">
      <Card sx={{ mt: 2 }}>
        <Title title="porta.content.wizard.title" />
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {heading}
          </Typography>
          {loading ? (
            <Loading />
          ) : loadError ? (
            <Alert severity="error" role="alert">
              {errorText(loadError)}
            </Alert>
          ) : ad && (!ad.isAdvertisement || ad.status !== 'draft' || !ad.canEdit) ? (
            <Alert severity="warning" role="alert">
              {translate('porta.content.wizard.not_a_draft')}
            </Alert>
          ) : (
            <>
              <Stepper activeStep={step} sx={{ mb: 3 }} aria-label={translate('porta.content.wizard.title')}>
                {STEPS.map((key, index) => (
                  <Step key={key} completed={index < step}>
                    <StepLabel>{translate(`porta.content.wizard.steps.${key}`)}</StepLabel>
                  </Step>
                ))}
              </Stepper>
              <Typography variant="h6" component="h2" gutterBottom>
                {translate('porta.content.wizard.step_of', { step: step + 1, total: STEPS.length })}:{' '}
                {translate(`porta.content.wizard.steps.${STEPS[step]}`)}
              </Typography>
              {step === 0 ? <DetailsStep ad={ad} onSaved={saved(1)} /> : null}
              {step === 1 && ad ? (
                <TargetingStep ad={ad} onSaved={saved(2)} onBack={() => setStep(0)} />
              ) : null}
              {step === 2 && ad ? (
                <PreviewStep ad={ad} onNext={() => setStep(3)} onBack={() => setStep(1)} />
              ) : null}
              {step === 3 && ad ? <PublishStep ad={ad} onBack={() => setStep(2)} /> : null}
            </>
          )}
        </CardContent>
      </Card>
    </ResourceContextProvider>
  );
}
