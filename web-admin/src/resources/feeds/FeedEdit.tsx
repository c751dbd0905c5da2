import { Edit, ShowButton, SimpleForm, TopToolbar } from 'react-admin';
import { ContentFormToolbar } from '../../content/kit';
import { FeedInputs } from './FeedInputs';
import { FetchNowButton } from './FetchNowButton';

/** /admin/feeds/:id: change a feed; deleting it removes its items too. */
export default function FeedEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      actions={
        <TopToolbar>
          <FetchNowButton />
          <ShowButton />
        </TopToolbar>
      }
    >
      <SimpleForm toolbar={<ContentFormToolbar />}>
        <FeedInputs />
      </SimpleForm>
    </Edit>
  );
}
