import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installMatchMedia } from './match-media';
import { installResizeObserver } from './resize-observer';

installMatchMedia();
installResizeObserver();

afterEach(() => {
  cleanup();
});
