import { BooleanField, NumberField, SelectField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { DateTimeField } from '../../common/dates';
import { ContentShowActions, useCan } from '../../content/kit';
import { FEED_FORMAT_CHOICES, FEED_KIND_CHOICES } from './FeedInputs';

/** /admin/feeds/:id/show: a feed and its last fetch. */
export default function FeedShow() {
  const can = useCan();
  return (
    <Show actions={<ContentShowActions canWrite={!!can?.siteContentWrite} />}>
      <SimpleShowLayout>
        <SelectField source="kind" choices={FEED_KIND_CHOICES} />
        <TextField source="url" />
        <SelectField source="format" choices={FEED_FORMAT_CHOICES} />
        <TextField source="language" emptyText="-" />
        <BooleanField source="active" />
        <DateTimeField source="lastFetchedAt" emptyText="porta.content.feeds.never" />
        <TextField source="lastError" emptyText="-" />
        <NumberField source="itemCount" />
        <DateTimeField source="createdAt" />
      </SimpleShowLayout>
    </Show>
  );
}
