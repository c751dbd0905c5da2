import { describe, expect, it } from 'vitest';
import { nameRowCheckboxes, watchRowCheckboxes } from './row-checkbox-labels';

const row = () => {
  const wrapper = document.createElement('span');
  wrapper.className = 'MuiCheckbox-root RaDatagrid-checkbox';
  wrapper.setAttribute('aria-label', 'Select this row');
  wrapper.append(document.createElement('input'));
  return wrapper;
};

describe('names of the Datagrid’s row checkboxes', () => {
  it('moves the name from the wrapper to the checkbox itself', () => {
    const root = document.createElement('div');
    const wrapper = row();
    root.append(wrapper);
    nameRowCheckboxes(root);
    expect(wrapper.hasAttribute('aria-label')).toBe(false);
    expect(wrapper.querySelector('input')!.getAttribute('aria-label')).toBe('Select this row');
  });

  it('names rows that appear later', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const stop = watchRowCheckboxes(root);
    const wrapper = row();
    root.append(wrapper);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(wrapper.querySelector('input')!.getAttribute('aria-label')).toBe('Select this row');
    stop();
    root.remove();
  });
});
