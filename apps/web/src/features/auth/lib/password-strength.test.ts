import { describe, expect, it } from 'vitest';
import { meetsPasswordRule, passwordStrength } from './password-strength';

describe('the password strength hint', () => {
  it('calls anything the server refuses weak', () => {
    expect(passwordStrength('short1')).toBe('weak');
    expect(passwordStrength('onlyletters')).toBe('weak');
    expect(passwordStrength('1234567890')).toBe('weak');
    expect(meetsPasswordRule('onlyletters')).toBe(false);
  });

  it('calls a repetitive password that passes the rule weak', () => {
    expect(meetsPasswordRule('aaaa1111')).toBe(true);
    expect(passwordStrength('aaaa1111')).toBe('weak');
  });

  it('calls a varied password fair and a long mixed one strong', () => {
    expect(passwordStrength('walnut42')).toBe('fair');
    expect(passwordStrength('Walnut-42-Harbour')).toBe('strong');
  });
});
