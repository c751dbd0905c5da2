import { Create, SimpleForm } from 'react-admin';
import { ContentFormToolbar } from '../../content/kit';
import { STEP_DEFAULTS, StepInputs, stepBody } from './StepInputs';

/**
 * /admin/steps/create: a new lifecycle step. Opened from a housing company's steps, it targets that
 * company already (react-admin passes the record in the link's state).
 */
export default function StepCreate() {
  return (
    <Create transform={stepBody} redirect="list">
      <SimpleForm defaultValues={STEP_DEFAULTS} toolbar={<ContentFormToolbar deletable={false} />}>
        <StepInputs creating />
      </SimpleForm>
    </Create>
  );
}
