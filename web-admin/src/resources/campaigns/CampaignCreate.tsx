import { Create, SimpleForm } from 'react-admin';
import { useBroadAudienceSave } from '../../content/BroadAudienceDialog';
import { ContentFormToolbar } from '../../content/kit';
import { CAMPAIGN_DEFAULTS, CampaignInputs, campaignBody } from './CampaignInputs';

const toCreated = (resource: string | undefined, id: unknown) =>
  `${resource ?? 'campaigns'}/created/${String(id)}`;

/**
 * /admin/campaigns/create (03 §2 /admin/campaigns/new): a campaign; advertisements use the wizard.
 * Publishing to many housing companies asks for the broad-audience confirmation first (03 §4).
 */
export default function CampaignCreate() {
  const { mutationOptions, dialog } = useBroadAudienceSave('create', toCreated);
  return (
    <>
      <Create transform={campaignBody} redirect={toCreated} mutationOptions={mutationOptions}>
        <SimpleForm defaultValues={CAMPAIGN_DEFAULTS} toolbar={<ContentFormToolbar deletable={false} />}>
          <CampaignInputs creating />
        </SimpleForm>
      </Create>
      {dialog}
    </>
  );
}
