import { Edit, SimpleForm } from 'react-admin';
import { ContentEditActions, ContentFormToolbar } from '../../content/kit';
import { ShopPartnerInputs, shopPartnerBody } from './ShopPartnerInputs';

/** /admin/shop-partners/:id: change a partner; deleting keeps its campaigns (they lose the link). */
export default function ShopPartnerEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      transform={shopPartnerBody}
      redirect="list"
      actions={<ContentEditActions />}
    >
      <SimpleForm toolbar={<ContentFormToolbar />}>
        <ShopPartnerInputs />
      </SimpleForm>
    </Edit>
  );
}
