import { describe, expect, it } from 'vitest';
import { imageLoadsInline } from './image-hosts';

const origin = 'https://parley.example';
const allowed = ['cdn.example.com'];

describe('which pictures load by themselves', () => {
  it.each([
    ['an upload of this site', '/files/images/0f8fad5b-d9cb-469f-a165-70867728950e'],
    ['this site by its full address', 'https://parley.example/files/avatars/robot.svg'],
    ['a data: picture', 'data:image/png;base64,AAAA'],
    ['a blob: picture', 'blob:https://parley.example/0f8fad5b-d9cb-469f-a165-70867728950e'],
    ['an allowed host over https', 'https://cdn.example.com/logo.png?v=2'],
    ['an allowed host written in capitals', 'https://CDN.Example.com/logo.png'],
  ])('%s does', (_label, address) => {
    expect(imageLoadsInline(address, allowed, origin)).toBe(true);
  });

  it.each([
    ['another host', 'https://evil.example/p.png?q=chat'],
    ['a sub-domain of an allowed host', 'https://img.cdn.example.com/logo.png'],
    ['an allowed host over plain http', 'http://cdn.example.com/logo.png'],
    ['an allowed host on another port', 'https://cdn.example.com:8443/logo.png'],
    ['another host written without a scheme', '//evil.example/p.png'],
    ['not an address at all', 'https://'],
  ])('%s does not', (_label, address) => {
    expect(imageLoadsInline(address, allowed, origin)).toBe(false);
  });

  it('none from another host when none is allowed', () => {
    expect(imageLoadsInline('https://cdn.example.com/logo.png', [], origin)).toBe(false);
  });
});
