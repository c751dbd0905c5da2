import { Create } from 'react-admin';
import { FeatureToggleForm, featureToggleBody } from './FeatureToggleForm';

/** /admin/feature-toggles/create (admin only). */
export default function FeatureToggleCreate() {
  return (
    <Create redirect="list" transform={featureToggleBody}>
      <FeatureToggleForm />
    </Create>
  );
}
