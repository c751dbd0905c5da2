import { describe, expect, it } from 'vitest';
import { videoIdentifierFrom, videoIdentifierProblem, videoUrls, zVideoBody } from './videos.js';

describe('introduction video identifiers', () => {
  it.each([
    ['youtube', 'AbCdEfGh_-1'],
    ['vimeo', '76979871'],
    ['url', 'https://videos.example.com/linden/tour.mp4?t=1'],
  ] as const)('takes a %s video by %s', (source, identifier) => {
    expect(videoIdentifierProblem(source, identifier)).toBeNull();
    expect(zVideoBody.safeParse({ title: 'A', source, identifier }).success).toBe(true);
  });

  it.each([
    ['youtube', 'AbCdEfGh_-'],
    ['youtube', 'AbCdEfGh_-12'],
    ['youtube', 'AbCdEf<h_-1'],
    ['vimeo', '0'],
    ['vimeo', '12a'],
    ['vimeo', '1234567890123'],
    ['url', 'http://videos.example.com/a.mp4'],
    ['url', 'javascript:alert(1)'],
    ['url', 'https://user:pw@videos.example.com/a.mp4'],
    ['url', 'https://localhost/a.mp4'],
    ['url', 'https://videos.example.com/a\nb.mp4'],
    ['url', `https://videos.example.com/${'a'.repeat(2000)}`],
  ] as const)('refuses a %s video by %j', (source, identifier) => {
    expect(videoIdentifierProblem(source, identifier)).not.toBeNull();
    const parsed = zVideoBody.safeParse({ title: 'A', source, identifier });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.some((issue) => issue.path.join('.') === 'identifier')).toBe(true);
  });

  it('makes the page and the privacy-friendly player of each source', () => {
    expect(videoUrls('youtube', 'AbCdEfGh_-1')).toEqual({
      fullUrl: 'https://www.youtube.com/watch?v=AbCdEfGh_-1',
      embedUrl: 'https://www.youtube-nocookie.com/embed/AbCdEfGh_-1',
    });
    expect(videoUrls('vimeo', '42')).toEqual({
      fullUrl: 'https://vimeo.com/42',
      embedUrl: 'https://player.vimeo.com/video/42?dnt=1',
    });
    expect(videoUrls('url', 'https://videos.example.com/a.mp4')).toEqual({
      fullUrl: 'https://videos.example.com/a.mp4',
      embedUrl: null,
    });
  });

  it('finds the video id in a pasted address', () => {
    for (const pasted of [
      'https://www.youtube.com/watch?v=AbCdEfGh_-1',
      'https://www.youtube.com/watch?feature=share&v=AbCdEfGh_-1&t=42',
      'https://youtu.be/AbCdEfGh_-1?si=x',
      'https://www.youtube-nocookie.com/embed/AbCdEfGh_-1',
      'https://youtube.com/shorts/AbCdEfGh_-1',
      '  AbCdEfGh_-1 ',
    ]) {
      expect(videoIdentifierFrom('youtube', pasted)).toBe('AbCdEfGh_-1');
    }
    expect(videoIdentifierFrom('vimeo', 'https://vimeo.com/76979871')).toBe('76979871');
    expect(videoIdentifierFrom('vimeo', 'https://player.vimeo.com/video/76979871?dnt=1')).toBe('76979871');
    expect(videoIdentifierFrom('url', ' https://videos.example.com/a.mp4 ')).toBe(
      'https://videos.example.com/a.mp4',
    );
  });
});
