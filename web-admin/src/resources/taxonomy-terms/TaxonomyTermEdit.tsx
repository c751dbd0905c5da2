import { Edit } from 'react-admin';
import { TaxonomyTermForm } from './TaxonomyTermForm';

/** /admin/taxonomy-terms/:id (admin): edit or delete a term; the group cannot change. */
export default function TaxonomyTermEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <TaxonomyTermForm editing />
    </Edit>
  );
}
