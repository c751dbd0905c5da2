import CheckIcon from '@mui/icons-material/Check';
import SettingsIcon from '@mui/icons-material/Settings';
import { Alert, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { FEATURE_IDS, type UserFeaturesResponse } from '@porta/contracts';
import { Button, useCreatePath, useTranslate } from 'react-admin';
import { useIdentityGet } from '../../common/api';

/** A compact text of a feature's settings. */
function settingsText(settings: Record<string, unknown>): string {
  const entries = Object.entries(settings);
  if (entries.length === 0) return '';
  return entries
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.length : JSON.stringify(value)}`)
    .join(', ');
}

/**
 * The features that apply to a housing company (global toggles and those of its building
 * taxonomy, the taxonomy's winning) and, for administrators, a way to the toggles of its term.
 */
export function HousingCompanyFeatures({
  housingCompanyId,
  buildingTaxonomyTermId,
  canEditToggles,
}: {
  housingCompanyId: string;
  buildingTaxonomyTermId: string | null;
  canEditToggles: boolean;
}) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { data, error } = useIdentityGet<UserFeaturesResponse>(
    `/admin/housing-companies/${housingCompanyId}/features`,
  );
  const features = data?.features ?? {};
  const togglesPath = `${createPath({ resource: 'feature-toggles', type: 'list' })}?filter=${encodeURIComponent(
    JSON.stringify({ scope: buildingTaxonomyTermId ?? 'global' }),
  )}`;

  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      {!buildingTaxonomyTermId ? (
        <Alert severity="info">{translate('porta.housing_companies.features.no_term')}</Alert>
      ) : null}
      {canEditToggles ? (
        <div>
          <Button to={togglesPath} label="porta.housing_companies.features.manage">
            <SettingsIcon />
          </Button>
        </div>
      ) : null}
      {error ? <Alert severity="error">{translate('porta.common.load_failed')}</Alert> : null}
      {data ? (
        <Table size="small" aria-label={translate('porta.housing_companies.tabs.features')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('porta.housing_companies.features.feature')}</TableCell>
              <TableCell>{translate('porta.housing_companies.features.on')}</TableCell>
              <TableCell>{translate('porta.housing_companies.features.settings')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {FEATURE_IDS.map((id) => {
              const feature = features[id];
              return (
                <TableRow key={id}>
                  <TableCell>{translate(`porta.features.${id}`, { _: id })}</TableCell>
                  <TableCell>
                    {feature ? (
                      <CheckIcon
                        titleAccess={translate('porta.housing_companies.features.on')}
                        fontSize="small"
                      />
                    ) : (
                      <Typography variant="body2" component="span" color="text.secondary">
                        {translate('porta.housing_companies.features.off')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{feature ? settingsText(feature.settings) : ''}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      ) : null}
    </Stack>
  );
}
