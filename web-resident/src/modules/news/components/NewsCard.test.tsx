import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithServices } from '../../content-pages/testing/render-with-services';
import { newsItem } from '../testing/content-fixtures';
import { NewsCard } from './NewsCard';

const IMAGE = {
  id: '00000000-0000-4000-8000-00000000aa01',
  url: '/api/content/assets/00000000-0000-4000-8000-00000000aa01',
  fileName: 'news-yard.svg',
  mimeType: 'image/svg+xml',
  size: 1200,
  width: 1600,
  height: 900,
};

const card = (title: string) => screen.getByRole('link', { name: title }).closest('article') as HTMLElement;

describe('NewsCard', () => {
  it('shows the article’s picture with its size, lazily', () => {
    renderWithServices(<NewsCard item={newsItem({ title: 'Courtyard works begin', image: IMAGE })} />);
    const img = card('Courtyard works begin').querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(IMAGE.url);
    expect(img.className).toBe('news-card__image');
    expect(img.getAttribute('width')).toBe('1600');
    expect(img.getAttribute('height')).toBe('900');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(card('Courtyard works begin').querySelector('.image-fallback')).toBeNull();
  });

  it('shows the designed fallback, not an empty box, when the article has no picture', () => {
    renderWithServices(<NewsCard item={newsItem({ title: 'Water shut-off on Thursday', image: null })} />);
    const article = card('Water shut-off on Thursday');
    expect(article.querySelector('img')).toBeNull();
    const fallback = article.querySelector('[data-image-fallback="news"]') as HTMLElement;
    expect(fallback.getAttribute('aria-hidden')).toBe('true');
    expect(fallback.classList.contains('news-card__image')).toBe(true);
    expect(fallback.textContent).toBe('W');
  });

  it('has no image slot in a compact list', () => {
    renderWithServices(<NewsCard compact item={newsItem({ title: 'Sauna times', image: IMAGE })} />);
    const article = card('Sauna times');
    expect(article.querySelector('img')).toBeNull();
    expect(article.querySelector('.image-fallback')).toBeNull();
  });
});
