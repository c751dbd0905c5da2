import { Edit } from 'react-admin';
import { FeatureToggleForm, featureToggleBody } from './FeatureToggleForm';

/** /admin/feature-toggles/:id (admin only): the whole toggle is replaced on save. */
export default function FeatureToggleEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={featureToggleBody}>
      <FeatureToggleForm />
    </Edit>
  );
}
