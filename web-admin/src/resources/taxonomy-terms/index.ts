import CategoryIcon from '@mui/icons-material/Category';
import type { TaxonomyTerm } from '@porta/contracts';
import { lazy } from 'react';

const TaxonomyTermList = lazy(() => import('./TaxonomyTermList'));
const TaxonomyTermCreate = lazy(() => import('./TaxonomyTermCreate'));
const TaxonomyTermEdit = lazy(() => import('./TaxonomyTermEdit'));

export const taxonomyRepresentation = (term: TaxonomyTerm) => term.name;

/** The `taxonomy-terms` resource (admin). Others get it only as a reference, without routes. */
const taxonomyTerms = {
  list: TaxonomyTermList,
  create: TaxonomyTermCreate,
  edit: TaxonomyTermEdit,
  icon: CategoryIcon,
  recordRepresentation: taxonomyRepresentation,
};

export default taxonomyTerms;
