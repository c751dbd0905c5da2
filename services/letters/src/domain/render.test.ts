import { LANGUAGES } from '@porta/contracts';
import { describe, expect, it, vi } from 'vitest';
import { escapeHtml, htmlToText, type LetterMailInput, renderLetterMail, TEXTS } from './render.js';

function input(overrides: Partial<LetterMailInput> = {}): LetterMailInput {
  return {
    language: 'fi',
    title: 'Kevään tiedote',
    preheader: 'Tärkeää tietoa keväälle',
    template: 'blank',
    contentHtml: '<p>Pihatalkoot pidetään <strong>lauantaina</strong>.</p>',
    recipientName: 'Maija Meikäläinen',
    housingCompany: {
      name: 'Asunto Oy Testikatu 1',
      marketingName: null,
      completionDate: '2025-03-15',
      partnerContacts: [
        {
          type: 'PropertyManager',
          companyName: 'Isännöinti Oy',
          name: 'Ilkka Isännöitsijä',
          email: 'ilkka@isannointi.example',
          phone: '+358 40 123 4567',
        },
        {
          type: 'MaintenanceManager',
          companyName: 'Huolto Oy',
          name: null,
          email: 'huolto@huolto.example',
          phone: null,
        },
        { type: 'MaintenanceManager', companyName: 'Tyhjä Oy', name: null, email: null, phone: null },
      ],
    },
    signature: null,
    linkedContent: null,
    attachments: [],
    attachmentsExpireAt: null,
    portalUrl: 'https://porta.example',
    ...overrides,
  };
}

describe('renderLetterMail: a blank letter', () => {
  it('has the title as subject, the preheader, the greeting, the content and the footer', async () => {
    const mail = await renderLetterMail(input());
    expect(mail.subject).toBe('Kevään tiedote');
    expect(mail.html).toContain('<title>Kevään tiedote</title>');
    expect(mail.html).toContain('Tärkeää tietoa keväälle');
    expect(mail.html).toContain('Hei Maija Meikäläinen,');
    expect(mail.html).toContain('Pihatalkoot pidetään <strong>lauantaina</strong>.</p>');
    expect(mail.html).toContain(
      'Saat tämän kirjeen, koska olet taloyhtiön Asunto Oy Testikatu 1 asukas tai yhteistyökumppani.',
    );
    expect(mail.html).toContain('href="https://porta.example"');
    expect(mail.html).toContain('lang="fi"');
  });

  it('uses the marketing name in the header and footer when it is set', async () => {
    const mail = await renderLetterMail(
      input({ housingCompany: { ...input().housingCompany, marketingName: 'Kotipiha' } }),
    );
    expect(mail.html).toContain('taloyhtiön Kotipiha asukas');
    expect(mail.html).not.toContain('Asunto Oy Testikatu 1');
  });

  it('greets without a name when there is none', async () => {
    const mail = await renderLetterMail(input({ recipientName: null, language: 'en' }));
    expect(mail.html).toContain('>Hello,</div>');
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
  });

  it('leaves the warranty section out', async () => {
    const mail = await renderLetterMail(input());
    expect(mail.html).not.toContain('Valmistumispäivä');
    expect(mail.html).not.toContain('Takuuaika päättyy');
    expect(mail.html).not.toContain('mailto:ilkka@isannointi.example');
    expect(mail.text).not.toContain('Isännöitsijä');
  });

  it('omits the preview text when the preheader is empty', async () => {
    const withPreview = await renderLetterMail(input());
    const without = await renderLetterMail(input({ preheader: '' }));
    expect(withPreview.html).toContain('display:none');
    expect(without.html).not.toContain('Tärkeää tietoa keväälle');
  });
});

describe('renderLetterMail: escaping', () => {
  it('escapes HTML special characters in the title, name, company and signature', async () => {
    const mail = await renderLetterMail(
      input({
        title: 'Kokous <i>tänään</i> & "huomenna"',
        recipientName: '<b>Eve</b> & Co',
        housingCompany: { ...input().housingCompany, name: 'As Oy <Kuu> & Tähti' },
        signature: 'Hallitus <script>alert(1)</script>\nToinen rivi',
      }),
    );
    expect(mail.subject).toBe('Kokous <i>tänään</i> & "huomenna"');
    expect(mail.html).toContain('Hei &lt;b&gt;Eve&lt;/b&gt; &amp; Co,');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('Kokous &lt;i&gt;tänään&lt;/i&gt; &amp; &quot;huomenna&quot;');
    expect(mail.html).not.toContain('<i>tänään</i>');
    expect(mail.html).toContain('As Oy &lt;Kuu&gt; &amp; Tähti');
    expect(mail.html).not.toContain('<Kuu>');
    expect(mail.html).toContain('Hallitus &lt;script&gt;alert(1)&lt;/script&gt;<br>Toinen rivi');
    expect(mail.html).not.toContain('<script');
  });

  it('cannot break out of the MJML with the content', async () => {
    const mail = await renderLetterMail(
      input({ contentHtml: '<p>a</p></mj-text><mj-raw><script>alert(1)</script></mj-raw><p>b</p>' }),
    );
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('mj-raw');
  });

  it('escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('renderLetterMail: warranty meeting', () => {
  it('shows the completion date, the end of the warranty and the contacts', async () => {
    const mail = await renderLetterMail(input({ template: 'warranty-meeting' }));
    expect(mail.html).toContain('Valmistumispäivä');
    expect(mail.html).toContain('15.3.2025');
    expect(mail.html).toContain('Takuuaika päättyy');
    expect(mail.html).toContain('15.3.2027');
    expect(mail.html).toContain('Isännöitsijä');
    expect(mail.html).toContain('Huoltoyhtiö');
    expect(mail.html).toContain('Ilkka Isännöitsijä');
    expect(mail.html).toContain('href="mailto:ilkka@isannointi.example"');
    expect(mail.html).toContain('href="tel:+358401234567"');
    expect(mail.html).toContain('href="mailto:huolto@huolto.example"');
    // A contact without name, e-mail and phone is left out.
    expect(mail.html).not.toContain('Tyhjä Oy');
    expect(mail.text).toContain('Valmistumispäivä: 15.3.2025');
    expect(mail.text).toContain('Takuuaika päättyy: 15.3.2027');
    expect(mail.text).toContain(
      '- Isännöitsijä: Isännöinti Oy, Ilkka Isännöitsijä, ilkka@isannointi.example, +358 40 123 4567',
    );
    // The box comes before the content.
    expect(mail.html.indexOf('15.3.2027')).toBeLessThan(mail.html.indexOf('Pihatalkoot'));
  });

  it('shows the "not set" text when there is no completion date', async () => {
    const mail = await renderLetterMail(
      input({
        template: 'warranty-meeting',
        housingCompany: { ...input().housingCompany, completionDate: null },
      }),
    );
    expect(mail.html).toContain(TEXTS.fi.completionDateNotSet);
    expect(mail.html).not.toContain('Takuuaika päättyy');
    expect(mail.text).toContain(TEXTS.fi.completionDateNotSet);
  });

  it('omits the contacts part when the company has no contacts', async () => {
    const mail = await renderLetterMail(
      input({
        template: 'warranty-meeting',
        language: 'en',
        housingCompany: { ...input().housingCompany, partnerContacts: [] },
      }),
    );
    expect(mail.html).toContain('Mar 15, 2027');
    expect(mail.html).not.toContain(TEXTS.en.contacts);
    expect(mail.html).not.toContain('mailto:');
  });

  it('ends the warranty on 28 February for a completion on 29 February', async () => {
    const mail = await renderLetterMail(
      input({
        template: 'warranty-meeting',
        housingCompany: { ...input().housingCompany, completionDate: '2024-02-29' },
      }),
    );
    expect(mail.text).toContain('Takuuaika päättyy: 28.2.2026');
  });
});

describe('renderLetterMail: linked content and attachments', () => {
  it('shows the linked content as a card with its kind, title, date and link', async () => {
    const mail = await renderLetterMail(
      input({
        language: 'sv',
        linkedContent: {
          kind: 'event',
          title: 'Gårdstalko',
          date: '2025-05-10T07:00:00Z',
          url: 'https://porta.example/events/1?a=1&b=2',
        },
      }),
    );
    expect(mail.html).toContain('Evenemang');
    expect(mail.html).toContain('Gårdstalko');
    expect(mail.html).toContain('href="https://porta.example/events/1?a=1&amp;b=2"');
    expect(mail.html).toContain('Öppna i Porta');
    // 07:00 UTC is 10.00 in Helsinki in May.
    expect(mail.html).toContain('10 maj 2025 10.00');
    expect(mail.text).toContain(
      'Evenemang: Gårdstalko — 10 maj 2025 10.00: https://porta.example/events/1?a=1&b=2',
    );
  });

  it('shows a date-only linked content without a time', async () => {
    const mail = await renderLetterMail(
      input({
        linkedContent: {
          kind: 'deadline',
          title: 'Palauta lomake',
          date: '2025-04-01',
          url: 'https://p.example/d',
        },
      }),
    );
    expect(mail.html).toContain('Määräaika');
    expect(mail.html).toContain('1.4.2025');
    expect(mail.text).toContain('Määräaika: Palauta lomake — 1.4.2025: https://p.example/d');
  });

  it('lists the attachments with their size and the expiry of the links', async () => {
    const mail = await renderLetterMail(
      input({
        attachments: [
          { name: 'pöytäkirja.pdf', url: 'https://files.example/1?sig=x&exp=y', size: 1_234_567 },
          { name: 'kartta.png', url: 'https://files.example/2', size: 45_300 },
        ],
        attachmentsExpireAt: '2025-04-15T09:30:00Z',
      }),
    );
    expect(mail.html).toContain('Liitteet');
    expect(mail.html).toContain('href="https://files.example/1?sig=x&amp;exp=y"');
    expect(mail.html).toContain('pöytäkirja.pdf</a> (1,2 MB)');
    expect(mail.html).toContain('kartta.png</a> (45 kB)');
    expect(mail.html).toContain('Linkit toimivat 15.4.2025 klo 12.30 asti.');
    expect(mail.text).toContain('- pöytäkirja.pdf (1,2 MB): https://files.example/1?sig=x&exp=y');
    expect(mail.text).toContain('Linkit toimivat 15.4.2025 klo 12.30 asti.');
  });

  it('refuses links that are not http(s)', async () => {
    await expect(
      renderLetterMail(input({ attachments: [{ name: 'x', url: 'javascript:alert(1)', size: 1 }] })),
    ).rejects.toThrow(/http/);
  });
});

describe('renderLetterMail: the text part', () => {
  it('holds the content as text with list items and link urls, and no tags', async () => {
    const mail = await renderLetterMail(
      input({
        contentHtml:
          '<h2>Ohjelma</h2><p>Tervetuloa &amp; ota <em>naapurikin</em> mukaan.</p>' +
          '<ul><li><p>Kahvit</p></li><li>Lisätiedot <a href="https://info.example/?a=1&amp;b=2">täältä</a></li></ul>' +
          '<ol><li>Eka</li><li>Toka</li></ol><blockquote><p>Lainaus</p></blockquote>',
        signature: 'Terveisin\nHallitus',
      }),
    );
    expect(mail.text).toContain('Hei Maija Meikäläinen,');
    expect(mail.text).toContain('Ohjelma\n\nTervetuloa & ota naapurikin mukaan.');
    expect(mail.text).toContain('- Kahvit\n- Lisätiedot täältä (https://info.example/?a=1&b=2)');
    expect(mail.text).toContain('1. Eka\n2. Toka');
    expect(mail.text).toContain('> Lainaus');
    expect(mail.text).toContain('Terveisin\nHallitus');
    expect(mail.text).toContain(
      'Saat tämän kirjeen, koska olet taloyhtiön Asunto Oy Testikatu 1 asukas tai yhteistyökumppani.\nhttps://porta.example',
    );
    expect(mail.text).not.toMatch(/<\/?[a-z][^>]*>/i);
  });

  it('converts the HTML subset to lines', () => {
    expect(
      htmlToText(
        '<p>a<br>b</p><p>c &lt;d&gt; &#228;</p><hr><p><a href="mailto:x@y.example">x@y.example</a></p>',
      ),
    ).toBe('a\nb\n\nc <d> ä\n\n---\n\nx@y.example');
    expect(htmlToText('<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>')).toBe('- a\n  - b\n- c');
  });
});

describe('renderLetterMail: languages', () => {
  it('has every text in every language, none empty', () => {
    const keys = Object.keys(TEXTS.en).sort();
    expect(Object.keys(TEXTS).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      expect(Object.keys(TEXTS[language]).sort(), language).toEqual(keys);
      for (const [key, value] of Object.entries(TEXTS[language])) {
        expect(value.trim(), `${language}.${key}`).not.toBe('');
      }
      expect(TEXTS[language].greeting, language).toContain('{name}');
      expect(TEXTS[language].linksWorkUntil, language).toContain('{date}');
      expect(TEXTS[language].footer, language).toContain('{company}');
    }
  });

  it.each(LANGUAGES)('renders a full letter in %s', async (language) => {
    const mail = await renderLetterMail(
      input({
        language,
        template: 'warranty-meeting',
        linkedContent: { kind: 'step', title: 'Step', date: '2025-05-10', url: 'https://porta.example/s' },
        attachments: [{ name: 'a.pdf', url: 'https://files.example/a', size: 2048 }],
        attachmentsExpireAt: '2025-04-15T09:30:00Z',
        signature: 'Board',
      }),
    );
    expect(mail.html).toContain(`lang="${language}"`);
    expect(mail.html).toContain(escapeHtml(TEXTS[language].greeting.replace('{name}', 'Maija Meikäläinen')));
    expect(mail.html).toContain(escapeHtml(TEXTS[language].openInPorta));
    expect(mail.html).toContain(escapeHtml(TEXTS[language].step));
    expect(mail.text).toContain(TEXTS[language].completionDate);
  });
});

describe('renderLetterMail: the content HTML', () => {
  it('keeps the allowed tags and contains no script', async () => {
    const mail = await renderLetterMail(
      input({
        contentHtml:
          '<h2>H2</h2><h3>H3</h3><h4>H4</h4><p><strong>s</strong> <b>b</b> <em>e</em> <i>i</i> <u>u</u> <s>x</s><br>n</p>' +
          '<hr><blockquote><p>q</p></blockquote><ul><li>u1</li></ul><ol><li>o1</li></ol>' +
          '<p><a href="https://example.com/x">link</a></p>',
      }),
    );
    expect(mail.html).not.toContain('<script');
    for (const tag of [
      'h2',
      'h3',
      'h4',
      'p',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'blockquote',
      'ul',
      'ol',
      'li',
    ]) {
      expect(mail.html, tag).toMatch(new RegExp(`<${tag}[ >]`));
    }
    expect(mail.html).toMatch(/<br>n/);
    expect(mail.html).toMatch(/<hr[ >]/);
    expect(mail.html).toMatch(/<a href="https:\/\/example\.com\/x"[^>]*>link<\/a>/);
  });
});

describe('renderLetterMail: MJML failures', () => {
  // Our template is valid, so mjml is replaced to see that its errors are not swallowed.
  async function renderWithMjml(mjml: () => Promise<unknown>) {
    vi.resetModules();
    vi.doMock('mjml', () => ({ default: mjml }));
    try {
      const { renderLetterMail: render } = await import('./render.js');
      return await render(input());
    } finally {
      vi.doUnmock('mjml');
      vi.resetModules();
    }
  }

  it('throws when mjml returns errors', async () => {
    const error = { line: 3, message: 'bad', tagName: 'mj-text', formattedMessage: 'Line 3 of mj-text: bad' };
    await expect(renderWithMjml(async () => ({ html: '<html></html>', errors: [error] }))).rejects.toThrow(
      'Line 3 of mj-text: bad',
    );
  });

  it('throws when strict validation rejects', async () => {
    await expect(
      renderWithMjml(async () => {
        throw new Error('ValidationError: Attribute foo is illegal');
      }),
    ).rejects.toThrow('Attribute foo is illegal');
  });
});
