import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import type { AdminCampaign } from '@porta/contracts';
import { useState } from 'react';
import {
  Button,
  Edit,
  LinkBase,
  ShowButton,
  SimpleForm,
  TopToolbar,
  type UpdateParams,
  useBasename,
  useNotify,
  useRecordContext,
  useRedirect,
  useUpdate,
} from 'react-admin';
import { codeOf, useErrorText } from '../../content/api';
import { ContentFormToolbar, EditableOnly } from '../../content/kit';
import { BroadAudienceDialog, reachOf } from './BroadAudienceDialog';
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
 * /admin/campaigns/:id (03 §2 /admin/campaigns/edit/{id}). Publishing an advertisement to many
 * housing companies asks for the broad-audience confirmation, then saves again with it.
 */
export default function CampaignEdit() {
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const redirect = useRedirect();
  const errorText = useErrorText();
  const [pending, setPending] = useState<{ params: UpdateParams; reach: number | null } | null>(null);

  const confirm = async () => {
    if (!pending) return;
    try {
      await update(
        'campaigns',
        { ...pending.params, data: { ...pending.params.data, confirmBroadAudience: true } },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      setPending(null);
      notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
      redirect('list', 'campaigns');
    } catch (error) {
      setPending(null);
      const text = errorText(error);
      notify(text, { type: 'error', messageArgs: { _: text } });
    }
  };

  return (
    <>
      <Edit
        mutationMode="pessimistic"
        transform={campaignBody}
        redirect="list"
        actions={<CampaignEditActions />}
        mutationOptions={{
          onError: (error: unknown, variables: unknown) => {
            if (codeOf(error) === 'CNT_BROAD_AUDIENCE_CONFIRM') {
              setPending({ params: variables as UpdateParams, reach: reachOf(error) });
              return;
            }
            const text = errorText(error);
            notify(text, { type: 'error', messageArgs: { _: text } });
          },
        }}
      >
        <EditableOnly>
          <SimpleForm toolbar={<ContentFormToolbar />}>
            <CampaignInputs creating={false} />
          </SimpleForm>
        </EditableOnly>
      </Edit>
      <BroadAudienceDialog
        open={pending !== null}
        reach={pending?.reach ?? null}
        loading={isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </>
  );
}
