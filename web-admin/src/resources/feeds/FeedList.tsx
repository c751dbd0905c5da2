import {
  BooleanField,
  CreateButton,
  Datagrid,
  List,
  NullableBooleanInput,
  NumberField,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { DateTimeField } from '../../common/dates';
import { ListEmpty, rowClickFor, useCan } from '../../content/kit';
import { FEED_FORMAT_CHOICES, FEED_KIND_CHOICES } from './FeedInputs';
import { FetchNowButton } from './FetchNowButton';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={FEED_KIND_CHOICES} alwaysOn />,
  <NullableBooleanInput key="active" source="active" alwaysOn />,
];

/** /admin/feeds: the external feeds (recommended articles, corporate news) and their last fetch. */
export default function FeedList() {
  const can = useCan();
  const write = !!can?.siteContentWrite;
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={<TopToolbar>{write ? <CreateButton /> : null}</TopToolbar>}
      empty={<ListEmpty canCreate={write} />}
    >
      <Datagrid rowClick={rowClickFor(write)} bulkActionButtons={false}>
        <SelectField source="kind" choices={FEED_KIND_CHOICES} />
        <TextField source="url" />
        <SelectField source="format" choices={FEED_FORMAT_CHOICES} sortable={false} />
        <TextField source="language" emptyText="-" sortable={false} />
        <BooleanField source="active" sortable={false} />
        <DateTimeField source="lastFetchedAt" emptyText="porta.content.feeds.never" />
        <TextField source="lastError" emptyText="-" sortable={false} />
        <NumberField source="itemCount" sortable={false} />
        {write ? <FetchNowButton label="porta.common.actions" /> : null}
      </Datagrid>
    </List>
  );
}
