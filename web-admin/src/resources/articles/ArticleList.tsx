import { SelectField, TextField } from 'react-admin';
import { DateTimeField } from '../../common/dates';
import { EditorialList } from '../../content/editorial';
import { AuthorField, StatusField } from '../../content/fields';
import { ARTICLE_TYPE_CHOICES } from './fields';

/**
 * /admin/news (03 §2): articles the viewer reaches, newest publish time first; search, filter by
 * state, type, housing company and scheduling; writers create and copy.
 */
export default function ArticleList() {
  return (
    <EditorialList
      type={{ source: 'articleType', choices: ARTICLE_TYPE_CHOICES }}
      sort={{ field: 'publishAt', order: 'DESC' }}
      perPage={25}
    >
      <TextField source="title" />
      <SelectField source="articleType" choices={ARTICLE_TYPE_CHOICES} />
      <StatusField source="status" />
      <DateTimeField source="publishAt" emptyText="porta.common.none" />
      <AuthorField source="author" sortable={false} />
      <DateTimeField source="updatedAt" />
    </EditorialList>
  );
}
