/**
 * react-admin's Datagrid names each row's selection checkbox with an `aria-label` on MUI's
 * Checkbox, which puts it on the checkbox's wrapping <span>: a name on an element that takes none
 * (axe: aria-prohibited-attr) and an <input> without a name (axe: label, critical). Its header
 * checkbox names the input itself. Until react-admin does the same for rows, the name is moved
 * from the wrapper to the input as rows appear.
 */
export function nameRowCheckboxes(root: ParentNode): void {
  for (const wrapper of root.querySelectorAll<HTMLElement>('span.RaDatagrid-checkbox[aria-label]')) {
    const input = wrapper.querySelector('input');
    const name = wrapper.getAttribute('aria-label');
    if (!input || !name) continue;
    input.setAttribute('aria-label', name);
    wrapper.removeAttribute('aria-label');
  }
}

/** Keeps naming row checkboxes under `root` while the app runs; returns the stop function. */
export function watchRowCheckboxes(root: HTMLElement): () => void {
  nameRowCheckboxes(root);
  const observer = new MutationObserver(() => nameRowCheckboxes(root));
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-label'],
  });
  return () => observer.disconnect();
}
