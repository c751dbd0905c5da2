import { Create, SimpleForm } from 'react-admin';
import { ContentFormToolbar } from '../../content/kit';
import { SHOP_PARTNER_DEFAULTS, ShopPartnerInputs, shopPartnerBody } from './ShopPartnerInputs';

/** /admin/shop-partners/create: a new service-shop partner. */
export default function ShopPartnerCreate() {
  return (
    <Create transform={shopPartnerBody} redirect="list">
      <SimpleForm defaultValues={SHOP_PARTNER_DEFAULTS} toolbar={<ContentFormToolbar deletable={false} />}>
        <ShopPartnerInputs />
      </SimpleForm>
    </Create>
  );
}
