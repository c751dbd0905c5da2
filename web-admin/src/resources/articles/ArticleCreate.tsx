import { Create, SimpleForm } from 'react-admin';
import { ContentFormToolbar } from '../../content/kit';
import { ARTICLE_DEFAULTS, ArticleInputs, articleBody } from './ArticleInputs';

/** /admin/news/create (03 §2 /admin/news/new): a new article; saving opens its "created" page. */
export default function ArticleCreate() {
  return (
    <Create
      transform={articleBody}
      redirect={(resource: string | undefined, id: unknown) => `${resource ?? 'news'}/created/${String(id)}`}
    >
      <SimpleForm defaultValues={ARTICLE_DEFAULTS} toolbar={<ContentFormToolbar deletable={false} />}>
        <ArticleInputs creating />
      </SimpleForm>
    </Create>
  );
}
