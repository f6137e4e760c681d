import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { connectHttpToSession } from '../app/http-session';
import { installBlobArrayBuffer } from './blob-array-buffer';
import { installMatchMedia } from './match-media';
import { installResizeObserver } from './resize-observer';
import { installScrollTo } from './scroll-to';

// findBy*/waitFor give up after this long: generous, since a loaded CI machine is slow, and they
// return as soon as what they wait for is there
configure({ asyncUtilTimeout: 5_000 });

// The HTTP client takes its tokens from the session store, as main.tsx connects it in the app.
connectHttpToSession();

installBlobArrayBuffer();
installMatchMedia();
installResizeObserver();
installScrollTo();

afterEach(() => {
  cleanup();
});
