import { describe, expect, it } from 'vitest';
import { indexLabelControls } from './testing.js';

const PAGE = `
  <label id="for-input" for="name">Name</label><input id="name">
  <label id="for-hidden" for="secret">Secret</label><input id="secret" type="hidden">
  <label id="for-div" for="box">Box</label><div id="box"></div>
  <label id="for-missing" for="nowhere">Nowhere</label>
  <label id="for-empty" for="">Empty</label>
  <label id="for-twice" for="twice">Twice</label><select id="twice"></select><input id="twice">
  <label id="wrapping">Wrapped <textarea id="inner"></textarea></label>
  <label id="for-button" for="go">Go</label><button id="go">Go</button>
`;

/** Each label's control (its id, or null) and each control's labels, as the DOM answers them. */
function answers() {
  const controls = Object.fromEntries(
    Array.from(document.querySelectorAll('label')).map((label) => [label.id, label.control?.id ?? null]),
  );
  const labels = Object.fromEntries(
    ['name', 'inner', 'go'].map((id) => [
      id,
      Array.from((document.getElementById(id) as HTMLInputElement).labels ?? []).map((l) => l.id),
    ]),
  );
  return {
    controls,
    labels,
    twice: document.querySelector<HTMLLabelElement>('#for-twice')?.control?.tagName,
  };
}

describe('indexLabelControls', () => {
  it("answers every label's control and every control's labels as jsdom's own walk does", () => {
    document.body.innerHTML = PAGE;
    const walked = answers();
    expect(indexLabelControls()).toBe(true);
    const indexed = answers();
    expect(indexed).toEqual(walked);
    expect(indexed).toEqual({
      controls: {
        'for-input': 'name',
        'for-hidden': null,
        'for-div': null,
        'for-missing': null,
        'for-empty': null,
        'for-twice': 'twice',
        wrapping: 'inner',
        'for-button': 'go',
      },
      labels: { name: ['for-input'], inner: ['wrapping'], go: ['for-button'] },
      // The first element in tree order with the id.
      twice: 'SELECT',
    });
    // A second call leaves the lookup as it is.
    expect(indexLabelControls()).toBe(true);
  });

  it('follows the document as it changes', () => {
    indexLabelControls();
    document.body.innerHTML = '<label id="l" for="x">X</label>';
    const label = document.getElementById('l') as HTMLLabelElement;
    expect(label.control).toBeNull();
    const input = document.createElement('input');
    input.id = 'x';
    document.body.append(input);
    expect(label.control).toBe(input);
    input.id = 'y';
    expect(label.control).toBeNull();
  });
});
