import EditIcon from '@mui/icons-material/Edit';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  Typography,
} from '@mui/material';
import { type FaqEntry, zFaqEntry, zFaqList } from '@porta/contracts';
import { Button, Link, LinkBase, Title, useBasename, useLocaleState, useTranslate } from 'react-admin';
import { Navigate, useParams } from 'react-router';
import { useContentGet, useErrorText } from '../../content/api';
import { useCan } from '../../content/kit';
import { SafeHtml } from '../../content/SafeHtml';
import { useFaqGroups } from '../../content/taxonomy';

function EditLink({ entry }: { entry: FaqEntry }) {
  const can = useCan();
  const basename = useBasename();
  if (!can?.siteContentWrite) return null;
  return (
    <Button component={LinkBase} to={`${basename}/faqs/${entry.id}`} label="porta.content.help.edit_entry">
      <EditIcon />
    </Button>
  );
}

/**
 * /admin/help (03 §2 help section): the help entries for staff in the app's language, grouped by
 * category (its name in the app's language: useFaqGroups), each question opening its answer.
 * Editors reach each entry's editor from here.
 */
export function HelpSection() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const errorText = useErrorText();
  const can = useCan();
  const basename = useBasename();
  const groups = useFaqGroups();
  const help = useContentGet('/help', zFaqList, { lang: locale });

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="porta.content.help.title" />
      <CardContent>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, flexWrap: 'wrap' }}
        >
          <Typography variant="h5" component="h1">
            {translate('porta.content.help.title')}
          </Typography>
          {can?.siteContentWrite ? (
            <Link to={`${basename}/faqs?filter=${encodeURIComponent(JSON.stringify({ kind: 'help' }))}`}>
              {translate('porta.content.help.manage')}
            </Link>
          ) : null}
        </Stack>
        {help.isPending ? (
          <CircularProgress aria-label={translate('ra.page.loading')} />
        ) : help.error ? (
          <Alert severity="error" role="alert">
            {errorText(help.error)}
          </Alert>
        ) : !help.data?.groups.length ? (
          <Typography>{translate('porta.content.help.empty')}</Typography>
        ) : (
          help.data.groups.map((group) => (
            <Box key={group.faqTaxonomy ?? '-'} component="section" sx={{ mb: 3 }}>
              <Typography variant="h6" component="h2" gutterBottom>
                {group.faqTaxonomy ? groups.nameOf(group.faqTaxonomy) : translate('porta.content.help.other')}
              </Typography>
              {group.entries.map((entry) => (
                <Accordion key={entry.id} disableGutters>
                  <AccordionSummary
                    expandIcon={<ExpandMoreIcon />}
                    id={`help-${entry.id}-question`}
                    aria-controls={`help-${entry.id}-answer`}
                  >
                    <Typography component="h3" lang={entry.language}>
                      {entry.question}
                    </Typography>
                  </AccordionSummary>
                  <AccordionDetails>
                    <Box lang={entry.language}>
                      <SafeHtml html={entry.answer} />
                    </Box>
                    <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
                      <Link to={`${basename}/help/faq/${entry.id}`}>
                        {translate('porta.content.help.open')}
                      </Link>
                      <EditLink entry={entry} />
                    </Stack>
                  </AccordionDetails>
                </Accordion>
              ))}
            </Box>
          ))
        )}
      </CardContent>
    </Card>
  );
}

/** /admin/help/faq/:id: one help entry on its own page. */
export function HelpEntry() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const errorText = useErrorText();
  const basename = useBasename();
  const entry = useContentGet(id ? `/help/${id}` : null, zFaqEntry, { lang: locale });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="porta.content.help.title" />
      <CardContent>
        <Link to={`${basename}/help`}>{translate('porta.content.help.back')}</Link>
        {entry.isPending ? (
          <Box sx={{ mt: 2 }}>
            <CircularProgress aria-label={translate('ra.page.loading')} />
          </Box>
        ) : entry.error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorText(entry.error)}
          </Alert>
        ) : entry.data ? (
          <Box component="article" lang={entry.data.language} sx={{ mt: 2 }}>
            <Typography variant="h5" component="h1" gutterBottom>
              {entry.data.question}
            </Typography>
            <SafeHtml html={entry.data.answer} />
            <EditLink entry={entry.data} />
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** /admin/help/update/:id (03 §2): the help entry's editor. */
export function HelpUpdate() {
  const { id = '' } = useParams();
  const basename = useBasename();
  return <Navigate replace to={`${basename}/faqs/${id}`} />;
}
