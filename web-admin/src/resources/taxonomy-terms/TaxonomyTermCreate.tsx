import { Create } from 'react-admin';
import { TaxonomyTermForm } from './TaxonomyTermForm';

/** /admin/taxonomy-terms/create (admin). */
export default function TaxonomyTermCreate() {
  return (
    <Create redirect="list">
      <TaxonomyTermForm editing={false} />
    </Create>
  );
}
