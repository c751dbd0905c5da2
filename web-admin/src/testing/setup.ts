import { indexLabelControls, startAsFreshPage } from '@porta/web-kit/testing';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { forgetStyles } from './styles';

// CI runs several test processes on two cores: give asynchronous queries room (the first
// screen of a file is a lazy import that is transformed on demand).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  forgetStyles();
});

indexLabelControls();

// Each file starts from a fresh page (the package's files share one: ADR 0025).
beforeAll(startAsFreshPage);

// jsdom has no layout: react-admin scrolls to the top on navigation.
window.scrollTo = () => undefined;

// The rich-text editor (ProseMirror) measures the text to keep the cursor in view; jsdom has no
// layout, so every measure is an empty rectangle.
const emptyRect = {
  x: 0,
  y: 0,
  top: 0,
  left: 0,
  bottom: 0,
  right: 0,
  width: 0,
  height: 0,
  toJSON: () => ({}),
};
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => emptyRect as DOMRect;
Range.prototype.getClientRects = noRects;
Element.prototype.getClientRects = noRects;
document.elementFromPoint = () => null;
