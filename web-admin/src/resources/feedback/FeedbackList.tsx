import { COUNTRIES, FEEDBACK_RATING_MAX, FEEDBACK_RATING_MIN } from '@porta/contracts';
import {
  Datagrid,
  DateInput,
  List,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { CsvDownloadButton } from '../../common/CsvDownloadButton';
import { DateTimeField } from '../../common/dates';
import { HousingCompanyInput } from '../../common/inputs';
import { useContentApi } from '../../content/api';
import { ListEmpty } from '../../content/kit';

const COUNTRY_CHOICES = COUNTRIES.map((country) => ({ id: country, name: country }));
export const RATING_CHOICES = Array.from(
  { length: FEEDBACK_RATING_MAX - FEEDBACK_RATING_MIN + 1 },
  (_, index) => {
    const rating = FEEDBACK_RATING_MIN + index;
    return { id: rating, name: `porta.content.feedback.ratings.${rating}` };
  },
);

const filters = [
  <SelectInput key="country" source="country" choices={COUNTRY_CHOICES} translateChoice={false} alwaysOn />,
  <TextInput key="area" source="area" alwaysOn />,
  <TextInput key="city" source="city" alwaysOn />,
  <TextInput key="businessUnit" source="businessUnit" />,
  <HousingCompanyInput key="housingCompanyId" source="housingCompanyId" />,
  <SelectInput key="rating" source="rating" choices={RATING_CHOICES} alwaysOn />,
  <DateInput key="from" source="from" label="porta.content.feedback.from" alwaysOn />,
  <DateInput key="to" source="to" label="porta.content.feedback.to" alwaysOn />,
];

/** A rating as "4 / 5" with its words for screen readers. */
export function RatingField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<{ rating?: number }>();
  const translate = useTranslate();
  if (!record?.rating) return null;
  return (
    <span title={translate(`porta.content.feedback.ratings.${record.rating}`)}>
      {translate('porta.content.feedback.rating_of', { rating: record.rating, max: FEEDBACK_RATING_MAX })}
    </span>
  );
}

/**
 * The CSV of every entry matching the list's filters and order (GET /admin/feedback/export; the
 * server names the file).
 */
function ExportButton() {
  const { filterValues, sort } = useListContext();
  const api = useContentApi();
  return (
    <CsvDownloadButton
      label="porta.content.feedback.export"
      downloaded="porta.content.feedback.exported"
      download={() =>
        api.download('/admin/feedback/export', 'feedback.csv', {
          filter: JSON.stringify(filterValues ?? {}),
          sort: JSON.stringify([sort.field, sort.order]),
        })
      }
    />
  );
}

/**
 * /admin/feedback (03 §2: yitUser): residents' feedback, newest first, filtered by country, area,
 * city, business unit, housing company, rating and dates; downloadable as CSV.
 */
export default function FeedbackList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={
        <TopToolbar>
          <ExportButton />
        </TopToolbar>
      }
      empty={<ListEmpty canCreate={false} />}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateTimeField source="createdAt" />
        <RatingField source="rating" />
        <TextField source="comment" sortable={false} />
        <TextField source="housingCompanyName" emptyText="-" sortable={false} />
        <TextField source="country" emptyText="-" sortable={false} />
        <TextField source="area" emptyText="-" sortable={false} />
        <TextField source="city" emptyText="-" sortable={false} />
        <TextField source="businessUnit" emptyText="-" sortable={false} />
      </Datagrid>
    </List>
  );
}
