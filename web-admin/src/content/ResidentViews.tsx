import { Box, Chip, Divider, Stack, Typography } from '@mui/material';
import type { AssetRef, CalendarEntryDetailResponse, NewsDetailResponse } from '@porta/contracts';
import { formatDate, formatFileSize } from '@porta/web-kit';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '../common/dates';
import { SafeHtml } from './SafeHtml';

function Attachments({ attachments }: { attachments: readonly AssetRef[] }) {
  const translate = useTranslate();
  if (!attachments.length) return null;
  return (
    <Box component="section" sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3">
        {translate('porta.content.preview.attachments')}
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ pl: 3 }}>
        {attachments.map((file) => (
          <li key={file.id}>
            <a href={file.url} target="_blank" rel="noreferrer">
              {file.fileName}
            </a>{' '}
            <Typography component="span" variant="caption" color="text.secondary">
              ({formatFileSize(file.size)})
            </Typography>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

function Gallery({ images }: { images: readonly AssetRef[] }) {
  if (!images.length) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
      {images.map((image) => (
        <Box
          key={image.id}
          component="img"
          src={image.url}
          alt={image.fileName}
          sx={{ width: 160, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1 }}
        />
      ))}
    </Stack>
  );
}

/** A news article as residents see it (02 §2 /news/:slug), from the preview answer. */
export function ResidentNewsView({ article }: { article: NewsDetailResponse }) {
  const translate = useTranslate();
  const [hero, ...rest] = article.images;
  return (
    <Box component="article" lang={article.language}>
      {hero ? (
        <Box
          component="img"
          src={hero.url}
          alt={hero.fileName}
          sx={{ width: '100%', maxHeight: 360, objectFit: 'cover', borderRadius: 1, mb: 2 }}
        />
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
        <Chip size="small" label={translate(`porta.content.article_types.${article.articleType}`)} />
        {article.isPriority ? (
          <Chip size="small" color="warning" label={translate('porta.content.preview.priority')} />
        ) : null}
        {article.sticky ? (
          <Chip size="small" variant="outlined" label={translate('porta.content.sticky')} />
        ) : null}
        {article.archived ? (
          <Chip size="small" variant="outlined" label={translate('porta.content.status.archived')} />
        ) : null}
      </Stack>
      <Typography variant="h4" component="h2">
        {article.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {formatDate(article.publishDate, article.language)}
        {article.authorName ? ` · ${article.authorName}` : ''}
      </Typography>
      {article.introduction ? (
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 2, whiteSpace: 'pre-wrap' }}>
          {article.introduction}
        </Typography>
      ) : null}
      <SafeHtml html={article.content} />
      <Gallery images={rest} />
      <Attachments attachments={article.attachments} />
    </Box>
  );
}

/** A calendar entry as residents see it (02 §2 /calendar/entry/:codename), from the preview answer. */
export function ResidentCalendarView({ entry }: { entry: CalendarEntryDetailResponse }) {
  const translate = useTranslate();
  const [hero, ...rest] = entry.images;
  const when = [formatDateTime(entry.startAt), formatDateTime(entry.endAt)].filter(Boolean).join(' – ');
  return (
    <Box component="article" lang={entry.language}>
      {hero ? (
        <Box
          component="img"
          src={hero.url}
          alt={hero.fileName}
          sx={{ width: '100%', maxHeight: 320, objectFit: 'cover', borderRadius: 1, mb: 2 }}
        />
      ) : null}
      <Chip size="small" sx={{ mb: 1 }} label={translate(`porta.content.calendar_types.${entry.type}`)} />
      <Typography variant="h4" component="h2">
        {entry.title}
      </Typography>
      <Typography variant="body1" sx={{ mt: 1 }}>
        {when}
      </Typography>
      {entry.location ? (
        <Typography variant="body2" color="text.secondary">
          {translate('porta.content.fields.location')}: {entry.location}
        </Typography>
      ) : null}
      <Divider sx={{ my: 2 }} />
      <SafeHtml html={entry.content} />
      {entry.documentLibraryLink ? (
        <Typography sx={{ mt: 2 }}>
          <a href={entry.documentLibraryLink.path} target="_blank" rel="noreferrer">
            {entry.documentLibraryLink.title || translate('porta.content.preview.document_library')}
          </a>
        </Typography>
      ) : null}
      <Gallery images={rest} />
      <Attachments attachments={entry.attachments} />
    </Box>
  );
}
