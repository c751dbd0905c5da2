import { Create, SimpleForm } from 'react-admin';
import { ContentFormToolbar } from '../../content/kit';
import { CAMPAIGN_DEFAULTS, CampaignInputs, campaignBody } from './CampaignInputs';

/** /admin/campaigns/create (03 §2 /admin/campaigns/new): a campaign; advertisements use the wizard. */
export default function CampaignCreate() {
  return (
    <Create
      transform={campaignBody}
      redirect={(resource: string | undefined, id: unknown) =>
        `${resource ?? 'campaigns'}/created/${String(id)}`
      }
    >
      <SimpleForm defaultValues={CAMPAIGN_DEFAULTS} toolbar={<ContentFormToolbar deletable={false} />}>
        <CampaignInputs creating />
      </SimpleForm>
    </Create>
  );
}
