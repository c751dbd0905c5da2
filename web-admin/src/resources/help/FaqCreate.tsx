import { Create, SimpleForm } from 'react-admin';
import { useLocation } from 'react-router';
import { ContentFormToolbar } from '../../content/kit';
import { FAQ_DEFAULTS, FaqInputs, faqBody } from './FaqInputs';

/** /admin/faqs/create: a new FAQ or help entry (`?kind=help` starts a help entry). */
export default function FaqCreate() {
  const { search } = useLocation();
  const kind = new URLSearchParams(search).get('kind') === 'help' ? 'help' : 'faq';
  return (
    <Create transform={faqBody} redirect="list">
      <SimpleForm
        defaultValues={{ ...FAQ_DEFAULTS, kind }}
        toolbar={<ContentFormToolbar deletable={false} />}
      >
        <FaqInputs creating />
      </SimpleForm>
    </Create>
  );
}
