import { zAdminArticleResponse } from '@porta/contracts';
import { Edit, SimpleForm } from 'react-admin';
import { useBroadAudienceSave } from '../../content/BroadAudienceDialog';
import { ContentEditActions, ContentFormToolbar, EditableOnly } from '../../content/kit';
import { ArticleInputs, articleBody } from './ArticleInputs';
import { CopyAttachmentsButton } from './CopyAttachmentsDialog';

/**
 * /admin/news/:id (03 §2 /admin/news/edit/{id}): change an article the viewer may edit. Publishing
 * to many housing companies asks for the broad-audience confirmation first (03 §4); the saved
 * attachments can be copied to documents (03 §3).
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
          <ContentEditActions
            preview
            publication={{ resource: 'news', schema: zAdminArticleResponse }}
            extra={<CopyAttachmentsButton />}
          />
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
