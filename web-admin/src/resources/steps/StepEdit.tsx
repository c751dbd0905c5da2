import { Edit, SimpleForm } from 'react-admin';
import { ContentEditActions, ContentFormToolbar, EditableOnly } from '../../content/kit';
import { StepInputs, stepBody } from './StepInputs';

/** /admin/steps/:id: change a lifecycle step. */
export default function StepEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={stepBody} redirect="list" actions={<ContentEditActions />}>
      <EditableOnly>
        <SimpleForm toolbar={<ContentFormToolbar />}>
          <StepInputs creating={false} />
        </SimpleForm>
      </EditableOnly>
    </Edit>
  );
}
