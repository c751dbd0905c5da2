import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// jsdom has no layout: react-admin scrolls to the top on navigation.
window.scrollTo = () => undefined;
