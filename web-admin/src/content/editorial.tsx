import type { ReactNode } from 'react';
import {
  CreateButton,
  Datagrid,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  type SortPayload,
  TopToolbar,
} from 'react-admin';
import type { z } from 'zod';
import { HousingCompanyInput } from '../common/inputs';
import { CopyToHousingCompaniesButton } from './copy';
import { ContentShowActions, ListEmpty, rowClickFor, useCan } from './kit';
import { STATUS_CHOICES } from './PublicationInputs';

/**
 * The staff list of an editorial resource (news, calendar): search, filters by state, type,
 * housing company and scheduling; writers create and copy to housing companies, the others read.
 */
export function EditorialList({
  type,
  sort,
  perPage,
  children,
}: {
  /** The type filter: its source and choices. */
  type: { source: string; choices: { id: string; name: string }[] };
  sort: SortPayload;
  perPage: number;
  /** The columns. */
  children: ReactNode;
}) {
  const can = useCan();
  const write = !!can?.editorialWrite;
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
    <SelectInput key={type.source} source={type.source} choices={type.choices} alwaysOn />,
    <HousingCompanyInput key="housingCompanyId" source="housingCompanyId" alwaysOn />,
    <NullableBooleanInput
      key="scheduled"
      source="scheduled"
      label="porta.content.filters.scheduled"
      alwaysOn
    />,
  ];
  return (
    <List
      filters={filters}
      sort={sort}
      perPage={perPage}
      exporter={false}
      actions={<TopToolbar>{write ? <CreateButton /> : null}</TopToolbar>}
      empty={<ListEmpty canCreate={write} />}
    >
      <Datagrid
        rowClick={rowClickFor(write)}
        bulkActionButtons={write ? <CopyToHousingCompaniesButton /> : false}
      >
        {children}
      </Datagrid>
    </List>
  );
}

/**
 * The read-only view of an editorial item (news, calendar): preview, the publication actions and
 * edit for writers, then the fields given.
 */
export function EditorialShow({
  resource,
  schema,
  actions,
  children,
}: {
  resource: string;
  /** The item's answer contract, for the publication actions. */
  schema: z.ZodType;
  /** The resource's own actions, before the shared ones. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const can = useCan();
  return (
    <Show
      actions={
        <ContentShowActions
          canWrite={!!can?.editorialWrite}
          preview
          publication={{ resource, schema }}
          extra={actions}
        />
      }
    >
      <SimpleShowLayout>{children}</SimpleShowLayout>
    </Show>
  );
}
