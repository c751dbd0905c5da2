import {
  Alert,
  Box,
  Card,
  CardContent,
  CircularProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  type AdminHousingCompany,
  type CalendarEntryDetailResponse,
  LANGUAGES,
  type NewsDetailResponse,
  zCalendarEntryDetailResponse,
  zNewsDetailResponse,
} from '@porta/contracts';
import { useState } from 'react';
import { Link, Title, useCreatePath, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import { LANGUAGE_NAMES } from '../common/languages';
import { resourceDefinition } from '../data/resources';
import { useContentGet, useErrorText } from './api';
import { HousingCompanyPicker } from './HousingCompanyPicker';
import { ResidentCalendarView, ResidentNewsView } from './ResidentViews';

/**
 * /admin/news/preview/:id and /admin/calendar/preview/:id (03 §2): the item as residents of a
 * chosen housing company see it in a chosen language (GET /admin/<items>/:id/preview), drafts and
 * scheduled items too.
 */
export function PreviewPage({ resource, kind }: { resource: string; kind: 'news' | 'calendar' }) {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const errorText = useErrorText();
  const [housingCompany, setHousingCompany] = useState<AdminHousingCompany | null>(null);
  const [language, setLanguage] = useState('');
  const { data: record } = useGetOne(resource, { id }, { enabled: !!id });
  const schema = kind === 'news' ? zNewsDetailResponse : zCalendarEntryDetailResponse;
  const preview = useContentGet(
    id ? `/admin/${resourceDefinition(resource).path}/${id}/preview` : null,
    schema,
    {
      housingCompanyId: housingCompany?.id,
      lang: language || undefined,
    },
  );

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="porta.content.preview.page_title" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('porta.content.preview.heading', { title: record?.title ?? '' })}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <HousingCompanyPicker
            value={housingCompany}
            onChange={setHousingCompany}
            label="porta.content.preview.as_resident_of"
            helperText="porta.content.preview.housing_company_help"
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
        <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
          <Link to={createPath({ resource, id, type: 'show' })}>
            {translate('porta.content.created.view')}
          </Link>
          {record?.canEdit ? (
            <Link to={createPath({ resource, id, type: 'edit' })}>
              {translate('porta.content.created.edit')}
            </Link>
          ) : null}
          <Link to={createPath({ resource, type: 'list' })}>{translate('porta.content.created.list')}</Link>
        </Stack>
        <Box
          component="section"
          aria-label={translate('porta.content.preview.resident_view')}
          aria-busy={preview.isPending}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 2, md: 3 }, maxWidth: 860 }}
        >
          <Typography variant="overline" color="text.secondary">
            {translate('porta.content.preview.resident_view')}
          </Typography>
          {preview.isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
              <CircularProgress aria-label={translate('ra.page.loading')} />
            </Box>
          ) : preview.error ? (
            <Alert severity="error" role="alert">
              {errorText(preview.error)}
            </Alert>
          ) : preview.data ? (
            kind === 'news' ? (
              <ResidentNewsView article={preview.data as NewsDetailResponse} />
            ) : (
              <ResidentCalendarView entry={preview.data as CalendarEntryDetailResponse} />
            )
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}
