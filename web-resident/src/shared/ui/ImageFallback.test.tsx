import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardImage, ImageFallback, initialOf } from './ImageFallback';

describe('ImageFallback', () => {
  it('takes the first letter or digit of a name as the initial', () => {
    expect(initialOf('Åke’s sauna')).toBe('Å');
    expect(initialOf('  "24/7" cleaning')).toBe('2');
    expect(initialOf('— ')).toBe('');
    expect(initialOf(null)).toBe('');
  });

  it('is a decorative panel with the kind’s icon and the initial', () => {
    const { container } = render(<ImageFallback kind="news" name="courtyard works" />);
    const panel = container.firstElementChild as HTMLElement;
    expect(panel.getAttribute('aria-hidden')).toBe('true');
    expect(panel.className).toBe('image-fallback image-fallback--news image-fallback--wide');
    expect(panel.querySelector('svg.image-fallback__icon')).not.toBeNull();
    expect(panel.querySelector('.image-fallback__initial')?.textContent).toBe('C');
  });

  it('shows only the initial as a square logo stand-in, the icon when there is no initial', () => {
    const { container, rerender } = render(
      <ImageFallback kind="partner" shape="square" name="Clean Home" className="partner-list__logo" />,
    );
    const panel = () => container.firstElementChild as HTMLElement;
    expect(panel().classList.contains('partner-list__logo')).toBe(true);
    expect(panel().querySelector('svg')).toBeNull();
    expect(panel().textContent).toBe('C');
    rerender(<ImageFallback kind="partner" shape="square" name="" />);
    expect(panel().querySelector('svg')).not.toBeNull();
  });
});

describe('CardImage', () => {
  it('shows the picture, lazily, with its size, and the fallback when it does not load', () => {
    const { container } = render(
      <CardImage kind="campaign" name="Solar panels" src="/api/content/assets/a" width={1600} height={900} />,
    );
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/api/content/assets/a');
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('1600');
    expect(img.getAttribute('height')).toBe('900');
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-image-fallback="campaign"]')?.textContent).toBe('S');
  });

  it('shows the caller’s own fallback when there is no picture or it does not load', () => {
    const own = <span data-testid="own">AB</span>;
    const { container, rerender, getByTestId } = render(
      <CardImage src={null} fallback={own} className="slot" />,
    );
    expect(getByTestId('own').textContent).toBe('AB');
    expect(container.querySelector('[data-image-fallback]')).toBeNull();
    rerender(<CardImage src="/api/content/assets/b" fallback={own} className="slot" />);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.className).toBe('slot');
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(getByTestId('own')).toBeTruthy();
  });

  it('shows the fallback when there is no picture', () => {
    const { container } = render(<CardImage kind="news" name="Water shut-off" src={null} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-image-fallback="news"]')).not.toBeNull();
  });
});
