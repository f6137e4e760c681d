import { describe, expect, it } from 'vitest';
import { invalid, stored } from './stored-shape';

describe('reading the shape of a stored field', () => {
  it('takes strings, booleans and finite numbers within their bounds, and nothing else', () => {
    expect(stored.string()('dark')).toBe('dark');
    expect(stored.string()(1)).toBe(invalid);
    expect(stored.boolean()(false)).toBe(false);
    expect(stored.boolean()('false')).toBe(invalid);
    expect(stored.number({ min: 0, max: 2 })(0.8)).toBe(0.8);
    expect(stored.number({ min: 0, max: 2 })(2.5)).toBe(invalid);
    expect(stored.number()('1')).toBe(invalid);
  });

  it('takes one of the given values, or null where it may be null', () => {
    expect(stored.oneOf(['light', 'dark', 'system'])('system')).toBe('system');
    expect(stored.oneOf(['light', 'dark', 'system'])('blue')).toBe(invalid);
    expect(stored.nullable(stored.number())(null)).toBeNull();
    expect(stored.nullable(stored.number())(undefined)).toBe(invalid);
    expect(stored.either(stored.string(), stored.number())(7)).toBe(7);
    expect(stored.either(stored.string(), stored.number())(true)).toBe(invalid);
  });

  it('refuses an array with one item of the wrong shape', () => {
    expect(stored.array(stored.string())(['a', 'b'])).toEqual(['a', 'b']);
    expect(stored.array(stored.string())(['a', 2])).toBe(invalid);
    expect(stored.array(stored.string())('a')).toBe(invalid);
  });

  it('keeps only the known fields of an object, and every field of a loose one', () => {
    const prompt = stored.object({ title: stored.string(), content: stored.string() });
    expect(prompt({ title: 't', content: 'c', stray: 1 })).toEqual({ title: 't', content: 'c' });
    expect(prompt({ title: 't' })).toBe(invalid);
    expect(prompt(['t', 'c'])).toBe(invalid);
    const message = stored.looseObject({ text: stored.string() });
    expect(message({ text: 'hi', role: 'user' })).toEqual({ text: 'hi', role: 'user' });
    expect(message({ role: 'user' })).toBe(invalid);
  });
});
