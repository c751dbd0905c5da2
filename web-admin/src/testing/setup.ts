import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// CI runs several test processes on two cores: give asynchronous queries room (the first
// screen of a file is a lazy import that is transformed on demand).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});

// jsdom has no layout: react-admin scrolls to the top on navigation.
window.scrollTo = () => undefined;
