import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import {
  CONTENT_COPY_TARGETS_MAX,
  COPY_ENTITIES,
  type CopyEntity,
  type CopyResponse,
  zCopyResponse,
} from '@porta/contracts';
import { useId, useMemo, useState } from 'react';
import {
  AutocompleteArrayInput,
  Button,
  Form,
  Link,
  RadioButtonGroupInput,
  type RaRecord,
  ReferenceArrayInput,
  SaveButton,
  Title,
  useCreatePath,
  useListContext,
  useNotify,
  usePermissions,
  useResourceContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router';
import type { Capabilities, StaffPermissions } from '../auth/access';
import { RESOURCE_ROUTES, resourceDefinition } from '../data/resources';
import { useContentApi, useErrorText } from './api';

/** The copy entity of a staff resource (news → articles), if it can be copied. */
export function copyEntityOf(resource: string): CopyEntity | null {
  const definition = resourceDefinition(resource);
  return definition.service === 'content' && (COPY_ENTITIES as readonly string[]).includes(definition.path)
    ? (definition.path as CopyEntity)
    : null;
}

/** The staff resource of a copy entity (articles → news). */
export function resourceOfCopyEntity(entity: string): string | null {
  const found = Object.entries(RESOURCE_ROUTES).find(
    ([, route]) => route.service === 'content' && route.path === entity,
  );
  return found && (COPY_ENTITIES as readonly string[]).includes(entity) ? found[0] : null;
}

/** May the viewer copy items of the entity: the entity's write right (as the copy route checks). */
export function mayCopy(can: Capabilities, entity: CopyEntity): boolean {
  switch (entity) {
    case 'articles':
    case 'calendar-entries':
      return can.editorialWrite;
    case 'contacts':
      return can.contactsWrite;
    case 'campaigns':
      return can.campaignsWrite;
    case 'steps':
      return can.stepsWrite;
  }
}

const STATUS_CHOICES = [
  { id: 'draft', name: 'porta.content.copy.as_draft' },
  { id: 'same', name: 'porta.content.copy.keep_status' },
];

const someTargets: Validator = (value: unknown) =>
  Array.isArray(value) && value.length > 0 ? undefined : 'porta.content.copy.choose_targets';
(someTargets as Validator & { isRequired?: boolean }).isRequired = true;

/** At least one housing company, at most `max` (`tooMany` the message past it). */
function targetRules(max: number, tooMany: string): Validator[] {
  const atMost: Validator = (value: unknown) =>
    Array.isArray(value) && value.length > max ? tooMany : undefined;
  return [someTargets, atMost];
}

/**
 * The target housing companies of a copy (field `housingCompanyIds`): at most `max`; once that many
 * are chosen the others cannot be picked. Items and an article's attachments are both copied to
 * at most five at once, the number the helper texts name.
 */
export function TargetsInput({
  max = CONTENT_COPY_TARGETS_MAX,
  tooMany = 'porta.errors.CNT_COPY_TOO_MANY_TARGETS',
}: {
  max?: number;
  tooMany?: string;
}) {
  const chosen = (useWatch({ name: 'housingCompanyIds' }) as string[] | undefined) ?? [];
  const full = chosen.length >= max;
  const rules = useMemo(() => targetRules(max, tooMany), [max, tooMany]);
  return (
    <ReferenceArrayInput
      source="housingCompanyIds"
      reference="housing-companies"
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
    >
      <AutocompleteArrayInput
        optionText="name"
        label="porta.content.copy.targets"
        validate={rules}
        helperText={full ? 'porta.content.copy.limit_reached' : 'porta.content.copy.targets_help'}
        getOptionDisabled={(option: RaRecord) => full && !chosen.includes(String(option.id))}
        fullWidth
      />
    </ReferenceArrayInput>
  );
}

interface CopyFormProps {
  entity: CopyEntity;
  ids: readonly string[];
  onDone: (answer: CopyResponse) => void;
  onCancel?: () => void;
  /** Where the form's title lives (for the dialog's labelling). */
  titleId?: string;
  asDialog?: boolean;
}

/** Copy items to other housing companies (03 §2 /admin/content/copy/{entity}, §9 at most 5). */
function CopyForm({ entity, ids, onDone, onCancel, titleId, asDialog = false }: CopyFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useContentApi();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: Record<string, unknown>) => {
    setFailure(null);
    try {
      const answer = await api.call('POST', `/admin/copy/${entity}`, {
        body: { ids, housingCompanyIds: values.housingCompanyIds, status: values.status },
        schema: zCopyResponse,
      });
      notify('porta.content.copy.done', { type: 'info', messageArgs: { smart_count: answer.copies.length } });
      onDone(answer);
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  const body = (
    <>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('porta.content.copy.selected', { smart_count: ids.length })}
      </Typography>
      <TargetsInput />
      <RadioButtonGroupInput
        source="status"
        label="porta.content.copy.status"
        choices={STATUS_CHOICES}
        helperText={false}
      />
      {failure ? (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      ) : null}
    </>
  );
  const actions = (
    <>
      {onCancel ? <Button label="ra.action.cancel" onClick={onCancel} /> : null}
      <SaveButton label="porta.content.copy.submit" icon={<ContentCopyIcon />} alwaysEnable />
    </>
  );

  return (
    <Form onSubmit={submit} defaultValues={{ housingCompanyIds: [], status: 'draft' }} noValidate>
      {asDialog ? (
        <>
          <DialogContent aria-describedby={titleId}>{body}</DialogContent>
          <DialogActions>{actions}</DialogActions>
        </>
      ) : (
        <>
          {body}
          <DialogActions sx={{ px: 0 }}>{actions}</DialogActions>
        </>
      )}
    </Form>
  );
}

/** The list's bulk action "Copy to housing companies": a dialog for the selected items. */
export function CopyToHousingCompaniesButton() {
  const resource = useResourceContext() ?? '';
  const { selectedIds, onUnselectItems } = useListContext();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const translate = useTranslate();
  const entity = copyEntityOf(resource);
  if (!entity) return null;
  const close = () => setOpen(false);
  return (
    <>
      <Button label="porta.content.copy.action" onClick={() => setOpen(true)}>
        <ContentCopyIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{translate('porta.content.copy.title')}</DialogTitle>
        {open ? (
          <CopyForm
            entity={entity}
            ids={selectedIds.map(String)}
            asDialog
            titleId={titleId}
            onCancel={close}
            onDone={() => {
              close();
              onUnselectItems();
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}

/**
 * /admin/content/copy/:entity?ids=a,b: the copy form as a page (03 §2), for the items named in the
 * address; without any the page points to the list, where items are chosen.
 */
export function CopyPage() {
  const { entity = '' } = useParams();
  const [search] = useSearchParams();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { permissions } = usePermissions<StaffPermissions>();
  const resource = resourceOfCopyEntity(entity);
  const ids = useMemo(
    () =>
      (search.get('ids') ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    [search],
  );
  const [done, setDone] = useState<CopyResponse | null>(null);
  const allowed = !!resource && !!permissions && mayCopy(permissions.can, entity as CopyEntity);
  const listPath = resource ? createPath({ resource, type: 'list' }) : '/';

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="porta.content.copy.title" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('porta.content.copy.title')}
        </Typography>
        {!allowed ? (
          <Alert severity="warning">{translate('porta.auth.not_authorised')}</Alert>
        ) : done ? (
          <Alert severity="success" role="status">
            {translate('porta.content.copy.done', { smart_count: done.copies.length })}{' '}
            <Link to={listPath}>{translate('porta.content.copy.back_to_list')}</Link>
          </Alert>
        ) : ids.length === 0 ? (
          <Typography>
            {translate('porta.content.copy.choose_in_list')}{' '}
            <Link to={listPath}>{translate('porta.content.copy.back_to_list')}</Link>
          </Typography>
        ) : (
          <CopyForm entity={entity as CopyEntity} ids={ids} onDone={setDone} />
        )}
      </CardContent>
    </Card>
  );
}
