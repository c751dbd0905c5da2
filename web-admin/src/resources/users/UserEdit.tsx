import { Edit, SimpleForm } from 'react-admin';
import { SaveOnlyToolbar } from '../../common/SaveOnlyToolbar';
import { UserFields } from './UserFields';

/** /admin/users/:id: edit a user's account; the e-mail is shown but cannot be changed (03 §3). */
export default function UserEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <SimpleForm toolbar={<SaveOnlyToolbar />}>
        <UserFields emailEditable={false} />
      </SimpleForm>
    </Edit>
  );
}
