import { Alert, Box, Card, CardContent, CardMedia, Chip, Stack, Typography } from '@mui/material';
import { BROAD_AUDIENCE_THRESHOLD, type AdvertisementPreview as Preview } from '@porta/contracts';
import { formatDate } from '@porta/web-kit';
import { useTranslate } from 'react-admin';
import { SafeHtml } from '../../content/SafeHtml';

/** The advertisement's card as the service shop and dashboard show it (02 §5). */
export function AdvertisementCard({ card }: { card: Preview['card'] }) {
  const translate = useTranslate();
  return (
    <Card
      variant="outlined"
      sx={{ maxWidth: 360 }}
      component="article"
      aria-label={translate('porta.content.wizard.card')}
    >
      {card.imageUrl ? (
        <CardMedia component="img" image={card.imageUrl} alt="" sx={{ aspectRatio: '16 / 9' }} />
      ) : null}
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
          {card.discountBadge !== null ? (
            <Chip size="small" color="secondary" label={`-${card.discountBadge} %`} />
          ) : null}
          {card.urgent ? (
            <Chip size="small" color="warning" label={translate('porta.content.campaigns.urgent')} />
          ) : null}
        </Stack>
        <Typography variant="overline" color="text.secondary">
          {card.partnerName ?? ''}
        </Typography>
        <Typography variant="h6" component="h3">
          {card.title}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {card.excerpt}
        </Typography>
        {card.end ? (
          <Typography variant="caption" color="text.secondary">
            {translate('porta.content.wizard.valid_until', { date: formatDate(card.end, card.language) })}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The card, the detail page and the reach of the advertisement (wizard step 3). */
export function AdvertisementPreviewView({ preview }: { preview: Preview }) {
  const translate = useTranslate();
  const { detail } = preview;
  return (
    <Stack spacing={3}>
      <Alert severity={preview.reach > BROAD_AUDIENCE_THRESHOLD ? 'warning' : 'info'} role="status">
        {translate('porta.content.wizard.reach', { smart_count: preview.reach })}
        {preview.reach > BROAD_AUDIENCE_THRESHOLD ? ` ${translate('porta.content.wizard.broad_note')}` : ''}
      </Alert>
      {preview.matchesHousingCompany !== null ? (
        <Alert severity={preview.matchesHousingCompany ? 'success' : 'warning'}>
          {translate(
            preview.matchesHousingCompany
              ? 'porta.content.wizard.matches'
              : 'porta.content.wizard.not_matches',
          )}
        </Alert>
      ) : null}
      <Box component="section" aria-labelledby="wizard-card-heading">
        <Typography id="wizard-card-heading" variant="subtitle1" component="h3" gutterBottom>
          {translate('porta.content.wizard.card')}
        </Typography>
        <AdvertisementCard card={preview.card} />
      </Box>
      <Box
        component="section"
        aria-labelledby="wizard-detail-heading"
        sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, maxWidth: 860 }}
      >
        <Typography id="wizard-detail-heading" variant="subtitle1" component="h3" gutterBottom>
          {translate('porta.content.wizard.detail')}
        </Typography>
        <Box lang={detail.language}>
          {detail.image ? (
            <Box
              component="img"
              src={detail.image.url}
              alt=""
              sx={{ width: '100%', maxHeight: 320, objectFit: 'cover' }}
            />
          ) : null}
          <Typography variant="h5" component="h4" sx={{ mt: 1 }}>
            {detail.title}
          </Typography>
          {detail.partner ? (
            <Typography variant="body2" color="text.secondary">
              {detail.partner.name}
            </Typography>
          ) : null}
          <SafeHtml html={detail.content} />
          {detail.extendedContent ? <SafeHtml html={detail.extendedContent} /> : null}
          {detail.ctaUrl ? (
            <Typography sx={{ mt: 2 }}>
              <a href={detail.ctaUrl} target="_blank" rel="noreferrer">
                {detail.ctaText || detail.ctaUrl}
              </a>
            </Typography>
          ) : null}
        </Box>
      </Box>
    </Stack>
  );
}
