import { Create, SimpleForm } from 'react-admin';
import { ContentFormToolbar } from '../../content/kit';
import { FEED_DEFAULTS, FeedInputs } from './FeedInputs';

/** /admin/feeds/create: register a feed address. */
export default function FeedCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={FEED_DEFAULTS} toolbar={<ContentFormToolbar deletable={false} />}>
        <FeedInputs />
      </SimpleForm>
    </Create>
  );
}
