import { zAdminArticleResponse } from '@porta/contracts';
import { SelectField, TextField } from 'react-admin';
import { DateTimeField, DayField } from '../../common/dates';
import { EditorialShow } from '../../content/editorial';
import {
  AssetsField,
  AuthorField,
  StatusField,
  TargetingField,
  TimeField,
  UserRolesField,
  VariantsField,
} from '../../content/fields';
import { CopyAttachmentsButton } from './CopyAttachmentsDialog';
import { ARTICLE_TEXTS, ARTICLE_TYPE_CHOICES, PHASE_CHOICES } from './fields';

/** /admin/news/:id/show: an article read-only (for viewers who may not change it, and a summary). */
export default function ArticleShow() {
  return (
    <EditorialShow resource="news" schema={zAdminArticleResponse} actions={<CopyAttachmentsButton />}>
      <TextField source="title" />
      <StatusField source="status" />
      <SelectField source="articleType" choices={ARTICLE_TYPE_CHOICES} />
      <TextField source="category" emptyText="-" />
      <TextField source="codename" />
      <TimeField source="publishAt" />
      <TimeField source="unpublishAt" />
      <TimeField source="archiveAt" />
      <TimeField source="stickyUntil" />
      <TargetingField source="targeting" label="porta.content.sections.audience" />
      <UserRolesField source="userRoles" label="porta.content.user_roles" />
      <SelectField source="buildingPhase" choices={PHASE_CHOICES} emptyText="porta.content.both_phases" />
      <DayField source="readyAfter" emptyText="porta.common.none" />
      <DayField source="readyBefore" emptyText="porta.common.none" />
      <VariantsField source="variants" label="porta.content.sections.texts" fields={ARTICLE_TEXTS} />
      <AssetsField source="images" label="porta.content.fields.images" />
      <AssetsField source="attachments" label="porta.content.fields.attachments" />
      <AuthorField source="author" />
      <DateTimeField source="createdAt" />
      <DateTimeField source="updatedAt" />
    </EditorialShow>
  );
}
