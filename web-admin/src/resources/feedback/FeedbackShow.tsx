import { Show, SimpleShowLayout, TextField } from 'react-admin';
import { DateTimeField } from '../../common/dates';
import { RatingField } from './FeedbackList';

/** /admin/feedback/:id/show: one feedback entry. */
export default function FeedbackShow() {
  return (
    <Show actions={false}>
      <SimpleShowLayout>
        <DateTimeField source="createdAt" />
        <RatingField source="rating" />
        <TextField source="comment" sx={{ whiteSpace: 'pre-wrap' }} emptyText="-" />
        <TextField source="housingCompanyName" emptyText="-" />
        <TextField source="hcExt" emptyText="-" />
        <TextField source="country" emptyText="-" />
        <TextField source="area" emptyText="-" />
        <TextField source="city" emptyText="-" />
        <TextField source="businessUnit" emptyText="-" />
      </SimpleShowLayout>
    </Show>
  );
}
