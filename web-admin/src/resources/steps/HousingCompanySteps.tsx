import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import type { AdminHousingCompany } from '@porta/contracts';
import {
  CreateButton,
  Link,
  List,
  Title,
  TopToolbar,
  useCreatePath,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { useParams } from 'react-router';
import { useCan } from '../../content/kit';
import { StepGrid } from './StepList';

/**
 * /admin/housing-companies/:id/steps (03 §2 /admin/housing-company/{id}/steps): the lifecycle steps
 * of one housing company by start date; editors add steps targeted at it.
 */
export default function HousingCompanySteps() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const can = useCan();
  const write = !!can?.stepsWrite;
  const { data: company } = useGetOne<AdminHousingCompany>('housing-companies', { id }, { enabled: !!id });
  return (
    <Box>
      <Title title="porta.content.steps.title" />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h5" component="h1">
            {translate('porta.content.steps.heading', { name: company?.name ?? '' })}
          </Typography>
          <Link to={createPath({ resource: 'housing-companies', id, type: 'show' })}>
            {translate('porta.content.steps.back_to_company')}
          </Link>
          {company && !company.lifecycleStepsActive ? (
            <Alert severity="info" sx={{ mt: 2 }}>
              {translate('porta.content.steps.inactive')}
            </Alert>
          ) : null}
        </CardContent>
      </Card>
      <List
        resource="steps"
        filter={{ housingCompanyId: id }}
        sort={{ field: 'dateStart', order: 'ASC' }}
        perPage={50}
        exporter={false}
        disableSyncWithLocation
        storeKey={false}
        title={<span />}
        actions={
          <TopToolbar>
            {write ? (
              <CreateButton
                resource="steps"
                state={{ record: { targeting: { housingCompanyIds: [id], buildingTaxonomies: [] } } }}
              />
            ) : null}
          </TopToolbar>
        }
        empty={
          <Box sx={{ textAlign: 'center', m: 4 }}>
            <Typography variant="h6" component="p" gutterBottom>
              {translate('porta.content.no_items')}
            </Typography>
            {write ? (
              <CreateButton
                resource="steps"
                variant="contained"
                state={{ record: { targeting: { housingCompanyIds: [id], buildingTaxonomies: [] } } }}
              />
            ) : null}
          </Box>
        }
      >
        <StepGrid write={write} showTargets={false} />
      </List>
    </Box>
  );
}
