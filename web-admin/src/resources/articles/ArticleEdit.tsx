import { zAdminArticleResponse } from '@porta/contracts';
import { Edit, SimpleForm } from 'react-admin';
import { useBroadAudienceSave } from '../../content/BroadAudienceDialog';
import { ContentEditActions, ContentFormToolbar, EditableOnly } from '../../content/kit';
import { ArticleInputs, articleBody } from './ArticleInputs';

/**
 * /admin/news/:id (03 §2 /admin/news/edit/{id}): change an article the viewer may edit. Publishing
 * to many housing companies asks for the broad-audience confirmation first (03 §4).
 */
export default function ArticleEdit() {
  const { mutationOptions, dialog } = useBroadAudienceSave('edit', 'list');
  return (
    <>
      <Edit
        mutationMode="pessimistic"
        transform={articleBody}
        redirect="list"
        mutationOptions={mutationOptions}
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
      {dialog}
    </>
  );
}
