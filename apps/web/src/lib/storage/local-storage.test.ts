import { beforeEach, describe, expect, it } from 'vitest';
import { readRecord, readString, writeRecord, writeString } from './local-storage';
import { stored } from './stored-shape';

const schema = { collapsed: stored.boolean(), theme: stored.oneOf(['light', 'dark']), count: stored.number() };
const defaults = { collapsed: false, theme: 'light' as const, count: 1 };

beforeEach(() => localStorage.clear());

describe('reading a stored record', () => {
  it('gives the defaults when nothing is stored', () => {
    expect(readRecord('setting', schema, defaults)).toEqual(defaults);
  });

  it('merges what is stored over the defaults', () => {
    localStorage.setItem('setting', JSON.stringify({ theme: 'dark' }));
    expect(readRecord('setting', schema, defaults)).toEqual({ collapsed: false, theme: 'dark', count: 1 });
  });

  it.each([
    ['bad JSON', '{"theme": "dark"'],
    ['an array', '[1, 2]'],
    ['a string', '"dark"'],
    ['null', 'null'],
    ['a number', '42'],
  ])('falls back to the defaults when the stored value is %s', (_what, raw) => {
    localStorage.setItem('setting', raw);
    expect(readRecord('setting', schema, defaults)).toEqual(defaults);
  });

  it('keeps the default for a field of the wrong shape and the stored value for the rest', () => {
    localStorage.setItem('setting', JSON.stringify({ collapsed: 'yes', theme: 'dark', count: 3 }));
    expect(readRecord('setting', schema, defaults)).toEqual({ collapsed: false, theme: 'dark', count: 3 });
  });

  it('drops fields it does not know', () => {
    localStorage.setItem('setting', JSON.stringify({ theme: 'dark', stray: true }));
    expect(readRecord('setting', schema, defaults)).not.toHaveProperty('stray');
  });
});

describe('writing', () => {
  it('writes records as plain JSON under their key', () => {
    writeRecord('setting', { theme: 'dark' });
    expect(localStorage.getItem('setting')).toBe('{"theme":"dark"}');
  });

  it('removes a string key when the value is empty', () => {
    writeString('SECRET_TOKEN', 'abc');
    expect(readString('SECRET_TOKEN')).toBe('abc');
    writeString('SECRET_TOKEN', '');
    expect(localStorage.getItem('SECRET_TOKEN')).toBeNull();
  });
});
