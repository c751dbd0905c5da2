import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  type AdminArticleResponse,
  ATTACHMENT_COPY_COMPANIES_MAX,
  type AttachmentCopyBody,
  HOME_FOLDER_CATEGORIES,
  type HomeFolderCategory,
  PROJECT_FOLDER_KEYS,
  STANDARD_FOLDER_NAMES,
  zAttachmentCopyResponse,
} from '@porta/contracts';
import { formatFileSize } from '@porta/web-kit';
import { useId, useMemo, useState } from 'react';
import {
  Button,
  Form,
  required,
  SaveButton,
  SelectInput,
  useInput,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useErrorText } from '../../content/api';
import { TargetsInput } from '../../content/copy';
import { useCan } from '../../content/kit';
import { DEFAULT_ADMIN_LANGUAGE, toAdminLanguage } from '../../i18n/locale';
import { useDocumentsApi } from '../documents/api';
import { useFullScreenDialog } from '../documents/phone';

type FolderKey = AttachmentCopyBody['folderKey'];

interface CopyValues {
  housingCompanyIds: string[];
  folderKey: FolderKey;
  homeFolder: HomeFolderCategory | '';
  notifyUsers: boolean;
}

/** 03 §5 "Copying attachments needs a target folder". */
const FOLDER_RULES = [required()];

/** A file in the home folder carries a category (03 §3), so a copy into it does too. */
const categoryRequired: Validator = (value: unknown) =>
  value ? undefined : 'porta.errors.DOC_HOME_FOLDER_CATEGORY_REQUIRED';
(categoryRequired as Validator & { isRequired?: boolean }).isRequired = true;

const CATEGORY_CHOICES = HOME_FOLDER_CATEGORIES.map((category) => ({
  id: category,
  name: `porta.documents.categories.${category}`,
}));

/** "Notify those who may read the folder", as the upload asks it (a checkbox, not a switch). */
function NotifyUsersInput() {
  const translate = useTranslate();
  const { field } = useInput({ source: 'notifyUsers', defaultValue: false });
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={!!field.value}
          onChange={(_, on) => field.onChange(on)}
          onBlur={field.onBlur}
          inputRef={field.ref}
        />
      }
      label={translate('porta.documents.upload.notify_users')}
    />
  );
}

/** The category select, only while the home folder is the target. */
function HomeFolderInput() {
  const folderKey = useWatch({ name: 'folderKey' }) as FolderKey | undefined;
  if (folderKey !== 'home') return null;
  return (
    <SelectInput
      source="homeFolder"
      label="porta.documents.file.category"
      choices={CATEGORY_CHOICES}
      validate={categoryRequired}
      helperText="porta.documents.category_help"
      fullWidth
    />
  );
}

interface CopyAttachmentsFormProps {
  article: AdminArticleResponse;
  onCancel: () => void;
  onDone: () => void;
}

/**
 * The copy's choices (03 §3 Article, §5, §9): housing companies (five at most; the article's own
 * targets to start with when they fit), the standard folder by its name in the staff member's
 * language, the home folder's category, and whether to notify the folder's readers. A refusal
 * shows in the dialog and every choice stays, to be corrected and sent again.
 */
function CopyAttachmentsForm({ article, onCancel, onDone }: CopyAttachmentsFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDocumentsApi();
  const errorText = useErrorText();
  const [locale] = useLocaleState();
  const language = toAdminLanguage(locale) ?? DEFAULT_ADMIN_LANGUAGE;
  const [failure, setFailure] = useState<string | null>(null);
  const filesId = useId();

  const folderChoices = useMemo(
    () => PROJECT_FOLDER_KEYS.map((key) => ({ id: key, name: STANDARD_FOLDER_NAMES[key][language] })),
    [language],
  );
  // Only at the opening: the targets the article has, if there are few enough to copy to at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: later changes to the record do not reset the choices
  const defaultValues = useMemo<CopyValues>(() => {
    const targeted = article.targeting?.housingCompanyIds ?? [];
    return {
      housingCompanyIds: targeted.length <= ATTACHMENT_COPY_COMPANIES_MAX ? [...targeted] : [],
      folderKey: 'hc_common',
      homeFolder: '',
      notifyUsers: false,
    };
  }, []);

  const submit = async (values: Record<string, unknown>) => {
    const chosen = values as unknown as CopyValues;
    setFailure(null);
    const body: AttachmentCopyBody = {
      articleId: String(article.id),
      housingCompanyIds: chosen.housingCompanyIds,
      folderKey: chosen.folderKey,
      // A category chosen for the home folder, then another folder chosen, does not go along.
      homeFolder: chosen.folderKey === 'home' && chosen.homeFolder ? chosen.homeFolder : undefined,
      notifyUsers: !!chosen.notifyUsers,
      lang: language,
    };
    try {
      const answer = await api.call('POST', '/attachment-copies', { body, schema: zAttachmentCopyResponse });
      // Each company gets the same files: the count of one copy is the count of files.
      const files = answer.copies[0]?.documentIds.length ?? 0;
      notify('porta.documents.copy_attachments.done', {
        type: 'info',
        messageArgs: {
          smart_count: answer.copies.length,
          files: translate('porta.documents.copy_attachments.file_count', { smart_count: files }),
        },
      });
      onDone();
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <Form onSubmit={submit} defaultValues={defaultValues} noValidate>
      <DialogContent>
        <Typography variant="subtitle2" component="h3" id={filesId}>
          {translate('porta.documents.copy_attachments.files')}
        </Typography>
        <Box component="ul" aria-labelledby={filesId} sx={{ mt: 0.5, mb: 2, pl: 3 }}>
          {article.attachments.map((file) => (
            <Typography component="li" variant="body2" key={file.id} sx={{ overflowWrap: 'anywhere' }}>
              {file.fileName} ({formatFileSize(file.size)})
            </Typography>
          ))}
        </Box>
        <TargetsInput
          max={ATTACHMENT_COPY_COMPANIES_MAX}
          tooMany="porta.documents.copy_attachments.too_many"
        />
        <SelectInput
          source="folderKey"
          label="porta.documents.copy_attachments.folder"
          choices={folderChoices}
          translateChoice={false}
          validate={FOLDER_RULES}
          helperText="porta.documents.copy_attachments.folder_help"
          fullWidth
        />
        <HomeFolderInput />
        <NotifyUsersInput />
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {failure}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button label="ra.action.cancel" onClick={onCancel} />
        <SaveButton label="porta.documents.copy_attachments.submit" icon={<ContentCopyIcon />} alwaysEnable />
      </DialogActions>
    </Form>
  );
}

/**
 * The news item's "Copy attachments to documents" (03 §3 Article, §8 "attachments not copied"): for
 * those who write news and manage documents; which companies and folders they reach, the documents
 * service decides per company. Only saved attachments are copied, so without any the button is
 * disabled and says why.
 */
export function CopyAttachmentsButton() {
  const record = useRecordContext<AdminArticleResponse>();
  const can = useCan();
  const translate = useTranslate();
  const fullScreen = useFullScreenDialog();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const reasonId = useId();
  if (!record || !can?.editorialWrite || !can.documents) return null;

  const close = () => setOpen(false);
  if (record.attachments.length === 0) {
    const reason = translate('porta.documents.copy_attachments.no_attachments');
    return (
      <Tooltip title={reason} describeChild>
        {/* A disabled button gets no pointer events: the tooltip listens on its wrapper. On a phone
            react-admin's disabled icon button has no name of its own, hence the aria-label. */}
        <span>
          <Button
            label="porta.documents.copy_attachments.action"
            aria-label={translate('porta.documents.copy_attachments.action')}
            disabled
            aria-describedby={reasonId}
          >
            <ContentCopyIcon />
          </Button>
          <span id={reasonId} hidden>
            {reason}
          </span>
        </span>
      </Tooltip>
    );
  }
  return (
    <>
      <Button label="porta.documents.copy_attachments.action" onClick={() => setOpen(true)}>
        <ContentCopyIcon />
      </Button>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby={titleId}
        fullScreen={fullScreen}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={titleId}>{translate('porta.documents.copy_attachments.title')}</DialogTitle>
        {open ? <CopyAttachmentsForm article={record} onCancel={close} onDone={close} /> : null}
      </Dialog>
    </>
  );
}
