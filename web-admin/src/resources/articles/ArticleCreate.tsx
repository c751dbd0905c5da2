import { Create, SimpleForm } from 'react-admin';
import { useBroadAudienceSave } from '../../content/BroadAudienceDialog';
import { ContentFormToolbar } from '../../content/kit';
import { ARTICLE_DEFAULTS, ArticleInputs, articleBody } from './ArticleInputs';

const toCreated = (resource: string | undefined, id: unknown) =>
  `${resource ?? 'news'}/created/${String(id)}`;

/**
 * /admin/news/create (03 §2 /admin/news/new): a new article; saving opens its "created" page.
 * Publishing to many housing companies asks for the broad-audience confirmation first (03 §4).
 */
export default function ArticleCreate() {
  const { mutationOptions, dialog } = useBroadAudienceSave('create', toCreated);
  return (
    <>
      <Create transform={articleBody} redirect={toCreated} mutationOptions={mutationOptions}>
        <SimpleForm defaultValues={ARTICLE_DEFAULTS} toolbar={<ContentFormToolbar deletable={false} />}>
          <ArticleInputs creating />
        </SimpleForm>
      </Create>
      {dialog}
    </>
  );
}
