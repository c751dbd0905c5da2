import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import { ADMIN_CAMPAIGN_DEFAULT } from '@porta/contracts';
import {
  AutocompleteInput,
  Button,
  CreateButton,
  Datagrid,
  LinkBase,
  List,
  NullableBooleanInput,
  type RaRecord,
  ReferenceInput,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  TopToolbar,
  useBasename,
} from 'react-admin';
import { DateTimeField } from '../../common/dates';
import { HousingCompanyInput } from '../../common/inputs';
import { CopyToHousingCompaniesButton } from '../../content/copy';
import { StatusField } from '../../content/fields';
import { ListEmpty, useCan } from '../../content/kit';
import { STATUS_CHOICES } from '../../content/PublicationInputs';
import { KIND_CHOICES } from './fields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput
    key="isAdvertisement"
    source="isAdvertisement"
    label="porta.content.campaigns.advertisements_only"
    trueLabel="porta.content.campaigns.kinds.advertisement"
    falseLabel="porta.content.campaigns.kinds.campaign"
    alwaysOn
  />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  <ReferenceInput
    key="shopPartnerId"
    source="shopPartnerId"
    reference="shop-partners"
    sort={{ field: 'name', order: 'ASC' }}
  >
    <AutocompleteInput optionText="name" />
  </ReferenceInput>,
  <HousingCompanyInput key="housingCompanyId" source="housingCompanyId" />,
];

function CampaignListActions({ write }: { write: boolean }) {
  const basename = useBasename();
  if (!write) return <TopToolbar />;
  return (
    <TopToolbar>
      <Button
        component={LinkBase}
        to={`${basename}/campaigns/wizard`}
        label="porta.content.campaigns.new_advertisement"
      >
        <AutoFixHighIcon />
      </Button>
      <CreateButton />
    </TopToolbar>
  );
}

/**
 * /admin/campaigns (03 §2: yitUser and partner; partners see their own; 03 §9: 10 a page, latest
 * start first): campaigns and advertisements; a draft advertisement opens in the wizard.
 */
export default function CampaignList() {
  const can = useCan();
  const basename = useBasename();
  const write = !!can?.campaignsWrite;
  const rowClick = (_id: unknown, _resource: string, record: RaRecord) => {
    if (!write || record.canEdit === false) return 'show';
    return record.isAdvertisement && record.status === 'draft'
      ? `${basename}/campaigns/wizard/${record.id}`
      : 'edit';
  };
  return (
    <List
      filters={filters}
      sort={{ field: 'startAt', order: 'DESC' }}
      perPage={ADMIN_CAMPAIGN_DEFAULT}
      exporter={false}
      actions={<CampaignListActions write={write} />}
      empty={<ListEmpty canCreate={write} />}
    >
      <Datagrid rowClick={rowClick} bulkActionButtons={write ? <CopyToHousingCompaniesButton /> : false}>
        <TextField source="title" />
        <SelectField source="isAdvertisement" choices={KIND_CHOICES} sortable={false} />
        <TextField source="partnerName" emptyText="-" />
        <DateTimeField source="startAt" emptyText="porta.common.none" />
        <DateTimeField source="endAt" emptyText="porta.common.none" />
        <StatusField source="status" />
      </Datagrid>
    </List>
  );
}
