/**
 * For the web apps' test setups. A package's test files run one after another in one page
 * (vitest's `isolate: false`, ADR 0025): each file starts as a fresh page would, with nothing
 * stored, the document as loaded and the address at `/`.
 */
export function startAsFreshPage(): void {
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute('lang');
  document.title = '';
  window.history.replaceState(null, '', '/');
}

/** The elements a label may label (HTML's "labelable elements"; custom elements take no part here). */
const LABELABLE = new Set(['button', 'meter', 'output', 'progress', 'select', 'textarea']);

interface LabelImpl {
  hasAttributeNS(ns: null, name: string): boolean;
  getAttributeNS(ns: null, name: string): string | null;
  getRootNode(options: object): { getElementById?: (id: string) => ElementImpl | null; _byIdCache?: unknown };
}
interface ElementImpl {
  _localName: string;
  getAttributeNS(ns: null, name: string): string | null;
}

/**
 * jsdom finds a label's control by walking the whole document for the element of its `for` id,
 * and an element's labels by asking every node of the document for its control: on a react-admin
 * form of a few thousand nodes one `getByLabelText` walked the document millions of times (40 % of
 * a form test's CPU). A document keeps an index of its ids; the control is looked up there, which
 * answers the same (the first element in tree order with that id, if labelable). Labels without
 * `for`, and labels outside a document, keep jsdom's own walk. Answers whether the lookup is
 * indexed (false: this DOM is not jsdom as known, and is left alone).
 */
export function indexLabelControls(): boolean {
  const wrapper = document.createElement('label');
  const implKey = Object.getOwnPropertySymbols(wrapper).find((key) => key.description === 'impl');
  if (!implKey) return false;
  const proto = Object.getPrototypeOf((wrapper as unknown as Record<symbol, object>)[implKey]) as object;
  const own = Object.getOwnPropertyDescriptor(proto, 'control');
  if (!own?.get) return false;
  if ((own.get as { indexed?: boolean }).indexed) return true;
  const walk = own.get;
  const control = function (this: LabelImpl) {
    if (!this.hasAttributeNS(null, 'for')) return walk.call(this);
    const id = this.getAttributeNS(null, 'for');
    if (!id) return null;
    const root = this.getRootNode({});
    if (!root._byIdCache || !root.getElementById) return walk.call(this);
    const target = root.getElementById(id);
    if (!target) return null;
    const name = target._localName;
    const labelable =
      LABELABLE.has(name) ||
      (name === 'input' && target.getAttributeNS(null, 'type')?.toLowerCase() !== 'hidden');
    return labelable ? target : null;
  };
  Object.assign(control, { indexed: true });
  Object.defineProperty(proto, 'control', { ...own, get: control });
  return true;
}
