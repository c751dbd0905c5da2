import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import type { AdminCampaign } from '@porta/contracts';
import {
  Button,
  Edit,
  LinkBase,
  ShowButton,
  SimpleForm,
  TopToolbar,
  useBasename,
  useRecordContext,
} from 'react-admin';
import { useBroadAudienceSave } from '../../content/BroadAudienceDialog';
import { ContentFormToolbar, EditableOnly } from '../../content/kit';
import { CampaignInputs, campaignBody } from './CampaignInputs';

function CampaignEditActions() {
  const record = useRecordContext<AdminCampaign>();
  const basename = useBasename();
  return (
    <TopToolbar>
      {record?.isAdvertisement && record.status === 'draft' ? (
        <Button
          component={LinkBase}
          to={`${basename}/campaigns/wizard/${record.id}`}
          label="porta.content.wizard.continue"
        >
          <AutoFixHighIcon />
        </Button>
      ) : null}
      <ShowButton />
    </TopToolbar>
  );
}

/**
 * /admin/campaigns/:id (03 §2 /admin/campaigns/edit/{id}). Publishing a campaign or advertisement
 * to many housing companies asks for the broad-audience confirmation, then saves again with it.
 */
export default function CampaignEdit() {
  const { mutationOptions, dialog } = useBroadAudienceSave('edit', 'list');
  return (
    <>
      <Edit
        mutationMode="pessimistic"
        transform={campaignBody}
        redirect="list"
        actions={<CampaignEditActions />}
        mutationOptions={mutationOptions}
      >
        <EditableOnly>
          <SimpleForm toolbar={<ContentFormToolbar />}>
            <CampaignInputs creating={false} />
          </SimpleForm>
        </EditableOnly>
      </Edit>
      {dialog}
    </>
  );
}
