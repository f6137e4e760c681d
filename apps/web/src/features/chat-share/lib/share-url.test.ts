import { describe, expect, it } from 'vitest';
import { shareChatUrl } from './share-url';

describe('the share link', () => {
  it('points at /shareChat/<code> on this site', () => {
    expect(shareChatUrl('https://parley.example', 'AbCdEfGhIjKlMnOpQrSt_-')).toBe(
      'https://parley.example/shareChat/AbCdEfGhIjKlMnOpQrSt_-',
    );
  });

  it('does not double the slash after an origin that ends with one', () => {
    expect(shareChatUrl('http://localhost:3000/', 'code')).toBe('http://localhost:3000/shareChat/code');
  });
});
