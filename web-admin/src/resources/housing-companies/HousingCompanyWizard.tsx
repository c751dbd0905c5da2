import { Box, Card, CardContent, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import type { AdminHousingCompany } from '@porta/contracts';
import { type ReactNode, useState } from 'react';
import {
  Button,
  Form,
  HttpError,
  Loading,
  ResourceContextProvider,
  SaveButton,
  Title,
  useGetOne,
  useNotify,
  usePermissions,
  useRedirect,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { useParams } from 'react-router';
import type { StaffPermissions } from '../../auth/access';
import { errorMessage } from '../../common/api';
import { formatDay } from '../../common/dates';
import type { ProblemBody } from '../../data/http-client';
import { HousingCompanyFeatures } from './HousingCompanyFeatures';
import {
  ADDRESS_FIELDS,
  AddressInputs,
  BASIC_FIELDS,
  BasicInputs,
  DATE_FIELDS,
  DateInputs,
} from './HousingCompanyInputs';
import { HousingCompanyPartners } from './HousingCompanyPartners';

const STEPS = ['basic', 'address', 'partners', 'review'] as const;

function pick(values: Record<string, unknown>, fields: readonly string[]) {
  return Object.fromEntries(fields.filter((field) => field in values).map((field) => [field, values[field]]));
}

/** Save some fields of the company, and tell whether it worked or the field errors. */
function useSaveFields(record: AdminHousingCompany) {
  const [update] = useUpdate<AdminHousingCompany>();
  const notify = useNotify();
  return async (data: Record<string, unknown>) => {
    try {
      await update(
        'housing-companies',
        { id: record.id, data, previousData: record },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      return { ok: true as const };
    } catch (error) {
      notify(errorMessage(error), { type: 'error', messageArgs: { _: errorMessage(error) } });
      const fields = error instanceof HttpError ? (error.body as ProblemBody | undefined)?.errors : undefined;
      return { ok: false as const, fields };
    }
  };
}

function Navigation({ onBack, next }: { onBack?: () => void; next: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'space-between' }}>
      {onBack ? <Button label="porta.wizard.back" onClick={onBack} variant="outlined" /> : <span />}
      {next}
    </Stack>
  );
}

/** One phase with inputs: saves its fields and moves on. */
function FieldsStep({
  record,
  fields,
  onBack,
  onNext,
  children,
}: {
  record: AdminHousingCompany;
  fields: readonly string[];
  onBack?: () => void;
  onNext: () => void;
  children: ReactNode;
}) {
  const save = useSaveFields(record);
  return (
    <Form
      record={record}
      onSubmit={async (values: Record<string, unknown>) => {
        const result = await save(pick(values, fields));
        if (result.ok) onNext();
        return result.ok ? undefined : result.fields;
      }}
    >
      {children}
      <Navigation
        onBack={onBack}
        next={<SaveButton label="porta.wizard.next" alwaysEnable icon={<span />} />}
      />
    </Form>
  );
}

function Review({ record, onBack }: { record: AdminHousingCompany; onBack: () => void }) {
  const translate = useTranslate();
  const { permissions } = usePermissions<StaffPermissions>();
  const save = useSaveFields(record);
  const redirect = useRedirect();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);

  const finish = async () => {
    setSaving(true);
    const result = await save({ wizardCompleted: true });
    setSaving(false);
    if (result.ok) {
      notify('porta.wizard.completed', { type: 'info' });
      redirect('show', 'housing-companies', record.id);
    }
  };

  const rows: [string, string][] = [
    ['name', record.name],
    ['hcExt', record.hcExt],
    ['marketingName', record.marketingName ?? ''],
    [
      'addressStreet',
      [record.addressStreet, record.addressZip, record.addressCity].filter(Boolean).join(', '),
    ],
    ['addressCountry', record.addressCountry ?? ''],
    ['completionDate', formatDay(record.completionDate)],
    ['state', translate(`porta.housing_companies.state.${record.state}`)],
  ];

  return (
    <Stack spacing={2}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1 }}
      >
        {rows.map(([field, value]) => (
          <Box key={field} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {translate(`resources.housing-companies.fields.${field}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value || '-'}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="h6" component="h2">
        {translate('porta.housing_companies.tabs.features')}
      </Typography>
      <HousingCompanyFeatures
        housingCompanyId={record.id}
        buildingTaxonomyTermId={record.buildingTaxonomyTermId}
        canEditToggles={!!permissions?.can.featureToggles}
      />
      <Navigation
        onBack={onBack}
        next={<Button label="porta.wizard.finish" variant="contained" onClick={finish} disabled={saving} />}
      />
    </Stack>
  );
}

/**
 * /admin/housing-companies/:id/wizard: the 4-phase setup of a housing company (03 §2): basic
 * details; address and dates; partners; features and review, which marks the wizard completed.
 */
export default function HousingCompanyWizard() {
  const { id } = useParams();
  const translate = useTranslate();
  const { permissions } = usePermissions<StaffPermissions>();
  const {
    data: record,
    isPending,
    error,
    refetch,
  } = useGetOne<AdminHousingCompany>('housing-companies', { id: id ?? '' }, { enabled: !!id });
  const [step, setStep] = useState(0);
  const go = (next: number) => {
    refetch();
    setStep(next);
  };

  if (isPending) return <Loading />;
  if (error || !record) return <Typography color="error">{translate('porta.common.load_failed')}</Typography>;

  return (
    <ResourceContextProvider value="housing-companies">
      <Card sx={{ mt: 2 }}>
        <Title title="porta.wizard.title" />
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('porta.wizard.heading', { name: record.name })}
          </Typography>
          <Stepper activeStep={step} sx={{ mb: 3 }} aria-label={translate('porta.wizard.title')}>
            {STEPS.map((key, index) => (
              <Step key={key} completed={index < step || (record.wizardCompleted && index <= step)}>
                <StepLabel>{translate(`porta.wizard.steps.${key}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('porta.wizard.step_of', { step: step + 1, total: STEPS.length })}:{' '}
            {translate(`porta.wizard.steps.${STEPS[step]}`)}
          </Typography>
          {step === 0 ? (
            <FieldsStep record={record} fields={BASIC_FIELDS} onNext={() => go(1)}>
              <BasicInputs />
            </FieldsStep>
          ) : null}
          {step === 1 ? (
            <FieldsStep
              record={record}
              fields={[...ADDRESS_FIELDS, ...DATE_FIELDS]}
              onBack={() => go(0)}
              onNext={() => go(2)}
            >
              <AddressInputs />
              <DateInputs />
            </FieldsStep>
          ) : null}
          {step === 2 ? (
            <>
              <HousingCompanyPartners
                housingCompanyId={record.id}
                canManage={!!permissions?.can.partnersManage}
              />
              <Navigation
                onBack={() => go(1)}
                next={<Button label="porta.wizard.next" variant="contained" onClick={() => go(3)} />}
              />
            </>
          ) : null}
          {step === 3 ? <Review record={record} onBack={() => go(2)} /> : null}
        </CardContent>
      </Card>
    </ResourceContextProvider>
  );
}
