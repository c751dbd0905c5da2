import { zAdminArticleResponse } from '@porta/contracts';
import { Edit, SimpleForm } from 'react-admin';
import { ContentEditActions, ContentFormToolbar, EditableOnly } from '../../content/kit';
import { ArticleInputs, articleBody } from './ArticleInputs';

/** /admin/news/:id (03 §2 /admin/news/edit/{id}): change an article the viewer may edit. */
export default function ArticleEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      transform={articleBody}
      redirect="list"
      actions={
        <ContentEditActions preview publication={{ resource: 'news', schema: zAdminArticleResponse }} />
      }
    >
      <EditableOnly>
        <SimpleForm toolbar={<ContentFormToolbar />}>
          <ArticleInputs creating={false} />
        </SimpleForm>
      </EditableOnly>
    </Edit>
  );
}
