import { LANGUAGES } from '@porta/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { namedTranslations, type Translations, TranslationsFieldset } from './TranslatedNames';

/** The fieldset as the dialogs use it, its state shown so a test can read what was typed. */
function Harness({ initial }: { initial: Translations }) {
  const [value, setValue] = useState<Translations>(initial);
  return (
    <>
      <TranslationsFieldset
        legend="names.legend"
        help="names.help"
        value={value}
        onChange={setValue}
        maxLength={12}
      />
      <output>{JSON.stringify(namedTranslations(value))}</output>
    </>
  );
}

describe('names in the other languages', () => {
  it('sends the trimmed names only, in the languages’ order', () => {
    expect(namedTranslations({ sv: ' Avtal ', fi: 'Sopimukset', cs: '   ', et: '' })).toEqual({
      fi: 'Sopimukset',
      sv: 'Avtal',
    });
    expect(Object.keys(namedTranslations({ sv: 'b', cs: 'a' }))).toEqual(['cs', 'sv']);
  });

  it('groups one field per language under its legend and keeps what is typed in each', async () => {
    // Outside the app the texts show as their keys.
    render(<Harness initial={{ fi: 'Sopimukset' }} />);
    const user = userEvent.setup();

    const group = screen.getByRole('group', { name: 'names.legend' });
    expect(within(group).getByText('names.help')).toBeTruthy();
    const fields = within(group).getAllByRole('textbox');
    expect(fields.map((field) => field.getAttribute('lang'))).toEqual([...LANGUAGES]);
    expect(fields.every((field) => field.getAttribute('maxlength') === '12')).toBe(true);
    expect(within(group).getByRole('textbox', { name: 'Suomi (fi)' })).toHaveProperty('value', 'Sopimukset');

    await user.type(within(group).getByRole('textbox', { name: 'Svenska (sv)' }), ' Avtal ');
    expect(screen.getByRole('status').textContent).toBe(JSON.stringify({ fi: 'Sopimukset', sv: 'Avtal' }));
  });
});
