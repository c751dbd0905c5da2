import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml, stripActiveContent } from './SafeHtml';

describe('SafeHtml', () => {
  it('renders content HTML as it is', () => {
    const { container } = render(
      <SafeHtml html={'<h2>Rules</h2><ul><li><a href="/faq">FAQ</a></li></ul>'} />,
    );
    expect(container.querySelector('.rich-text h2')?.textContent).toBe('Rules');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/faq');
  });

  it('drops scripts, event handlers and script addresses should any get past the server', () => {
    const html = stripActiveContent(
      '<p onclick="steal()">Hi</p><script>steal()</script><img src="x.png" onerror="steal()">' +
        '<a href=" javascript:steal()">link</a><iframe srcdoc="<script>steal()</script>"></iframe>',
    );
    expect(html).not.toMatch(/steal/);
    expect(html).toContain('<img src="x.png">');
    expect(html).toContain('<p>Hi</p>');
    const { container } = render(<SafeHtml html={'<img src="y.png" onerror="steal()">'} />);
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('y.png');
  });
});
