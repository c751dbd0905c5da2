import { discussionUrl } from '@porta/contracts';
import { describe, expect, it } from 'vitest';
import { housingCompany, IDS, meResponse } from '../../../testing/fixtures';
import { hasText, htmlToText, textToHtml } from './body';
import { isAcceptableImage } from './images';
import { newMessageUrl, reportHref, staffUserPath } from './links';
import { startsAreaDiscussions } from './moderation';
import { nextSkip } from './pages';

describe('bodies', () => {
  it('sends plain text as escaped HTML paragraphs with line breaks', () => {
    expect(textToHtml('  Hello <b>all</b> & "you"\r\nsecond line\n\n\n  Next  ')).toBe(
      '<p>Hello &lt;b&gt;all&lt;/b&gt; &amp; &quot;you&quot;<br>second line</p><p>Next</p>',
    );
    expect(textToHtml(' \n \n')).toBe('');
  });

  it('gives stored HTML back as the text to edit', () => {
    expect(htmlToText('<p>One &amp; two<br>three</p><p>Four</p><ul><li>a</li><li>b</li></ul>')).toBe(
      'One & two\nthree\n\nFour\n\na\n\nb',
    );
    expect(htmlToText(textToHtml('Line\nnext\n\nPara <x>'))).toBe('Line\nnext\n\nPara <x>');
  });

  it('needs some text (02 §5)', () => {
    expect(hasText(' \n\t')).toBe(false);
    expect(hasText(' a ')).toBe(true);
  });
});

describe('images (02 §5)', () => {
  it('takes jpg, jpeg, gif and png up to 35,000,000 bytes', () => {
    expect(isAcceptableImage({ name: 'a.JPG', size: 10 })).toBe(true);
    expect(isAcceptableImage({ name: 'a.jpeg', size: 35_000_000 })).toBe(true);
    expect(isAcceptableImage({ name: 'a.gif', size: 1 })).toBe(true);
    expect(isAcceptableImage({ name: 'a.png', size: 35_000_001 })).toBe(false);
    expect(isAcceptableImage({ name: 'a.webp', size: 10 })).toBe(false);
    expect(isAcceptableImage({ name: 'png', size: 10 })).toBe(false);
    expect(isAcceptableImage({ name: 'dir\\a.png', size: 10 })).toBe(false);
    expect(isAcceptableImage({ name: 'a.png', size: 0 })).toBe(false);
  });
});

describe('links', () => {
  it('points reports at the discussion with _hc= the hcExt (01 §7)', () => {
    const page = discussionUrl('5c0e0a1b-2c3d-4e5f-8a6b-000000000001');
    expect(reportHref('DEMO 1', page)).toBe(`${page}?_hc=DEMO%201`);
    expect(reportHref('DEMO-1', page, 'comment-c1')).toBe(`${page}?_hc=DEMO-1#comment-c1`);
  });

  it("leads to the staff app's user page", () => {
    expect(staffUserPath('u-1')).toBe('/admin/users/u-1/show');
  });

  it('opens a new private message with a recipient chosen', () => {
    expect(newMessageUrl()).toBe('/community/private-messages/new');
    expect(newMessageUrl('u 1')).toBe('/community/private-messages/new?to=u%201');
  });
});

describe('paging', () => {
  it('asks for the next page while the total is not reached', () => {
    expect(nextSkip({ items: [1, 2], total: 5, skip: 0, limit: 2 })).toBe(2);
    expect(nextSkip({ items: [5], total: 5, skip: 4, limit: 2 })).toBeUndefined();
    expect(nextSkip({ items: [], total: 5, skip: 6, limit: 2 })).toBeUndefined();
  });
});

describe('who starts area discussions (02 §6)', () => {
  const inDemo = (roles: Parameters<typeof housingCompany>[0]) =>
    meResponse({ hcs: [housingCompany(roles), housingCompany({ id: IDS.livingHc, roles: ['chairman'] })] });

  it("the company's moderators, in the company or one of its apartments", () => {
    expect(startsAreaDiscussions(inDemo({ roles: ['propertyManager'] }), IDS.demoHc)).toBe(true);
    const chairmanByApartment = inDemo({
      apts: [{ id: IDS.demoApt, no: 'A 1', externalName: null, aptext: 'A1', roles: ['chairman'] }],
    });
    expect(startsAreaDiscussions(chairmanByApartment, IDS.demoHc)).toBe(true);
  });

  it('not residents, nor the moderators of another company', () => {
    expect(startsAreaDiscussions(inDemo({}), IDS.demoHc)).toBe(false);
    expect(startsAreaDiscussions(inDemo({}), null)).toBe(false);
  });

  it("the developer's staff and admin anywhere", () => {
    expect(startsAreaDiscussions(meResponse({}, { roles: ['yitBusinessAdmin'] }), IDS.demoHc)).toBe(true);
    expect(startsAreaDiscussions(meResponse({}, { roles: ['admin'] }), IDS.demoHc)).toBe(true);
  });
});
