import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithServices } from '../../content-pages/testing/render-with-services';
import { campaignCard } from '../testing/shop-fixtures';
import { CampaignCardView } from './CampaignCardView';

const card = (title: string) => screen.getByRole('link', { name: title }).closest('article') as HTMLElement;

describe('CampaignCardView', () => {
  it('shows the campaign’s picture', () => {
    renderWithServices(<CampaignCardView campaign={campaignCard(1)} />);
    const img = card('Campaign 1').querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/api/content/assets/image-1');
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(card('Campaign 1').querySelector('.image-fallback')).toBeNull();
  });

  it('shows the designed fallback with the discount badge when the campaign has no picture', () => {
    renderWithServices(
      <CampaignCardView
        campaign={campaignCard(2, { title: 'Solar panels', imageUrl: null, discountBadge: 10 })}
      />,
    );
    const article = card('Solar panels');
    expect(article.querySelector('img')).toBeNull();
    const fallback = article.querySelector('[data-image-fallback="campaign"]') as HTMLElement;
    expect(fallback.getAttribute('aria-hidden')).toBe('true');
    expect(fallback.classList.contains('campaign-card__image')).toBe(true);
    expect(fallback.textContent).toBe('S');
    expect(article.querySelector('.campaign-card__media .discount-badge')).not.toBeNull();
  });
});
