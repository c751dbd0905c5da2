import type { VariantField } from '../../content/VariantEditor';

/** A campaign's texts per language: title, HTML content and extended content, link and CTA texts. */
export const CAMPAIGN_TEXTS: readonly VariantField[] = [
  { name: 'title', required: true },
  { name: 'content', kind: 'html' },
  { name: 'extendedContent', kind: 'html' },
  { name: 'linkText' },
  { name: 'ctaText' },
];

/** An advertisement's texts in the wizard's first step (03 §3: texts and the CTA button's text). */
export const ADVERTISEMENT_TEXTS: readonly VariantField[] = [
  { name: 'title', required: true },
  { name: 'content', kind: 'html' },
  { name: 'ctaText' },
];

/** Room counts an advertisement may target (03 §9 room filter n1–n4, n5plus). */
export const ROOM_CHOICES = [1, 2, 3, 4, 5, 6].map((rooms) => ({
  id: rooms,
  name: rooms === 6 ? 'porta.content.campaigns.rooms_6_or_more' : `porta.content.campaigns.rooms_${rooms}`,
}));

export const KIND_CHOICES = [
  { id: false, name: 'porta.content.campaigns.kinds.campaign' },
  { id: true, name: 'porta.content.campaigns.kinds.advertisement' },
];
