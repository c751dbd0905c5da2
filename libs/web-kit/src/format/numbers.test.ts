import { describe, expect, it } from 'vitest';
import { BYTES_PER_K, formatFileSize, formatPrice, NBSP } from './numbers.js';

/** Writes expected texts with ordinary spaces; the formatters use no-break spaces. */
const nb = (text: string) => text.replaceAll(' ', NBSP);

describe('formatPrice (01 §9)', () => {
  it('shows two decimals and a decimal comma', () => {
    expect(formatPrice(12.5)).toBe('12,50');
    expect(formatPrice(12)).toBe('12,00');
    expect(formatPrice(0.1)).toBe('0,10');
    expect(formatPrice(12.345)).toBe('12,35');
    expect(formatPrice(12.344)).toBe('12,34');
    expect(formatPrice(0.999)).toBe('1,00');
  });

  it('puts the currency after the amount with a no-break space', () => {
    expect(formatPrice(12.5, { currency: '€' })).toBe(nb('12,50 €'));
    expect(formatPrice(12.5, { currency: '€' })).toBe('12,50\u00a0€');
    expect(formatPrice(12.5, { currency: 'EUR' })).toBe(nb('12,50 EUR'));
    expect(formatPrice(12.5, { currency: '' })).toBe('12,50');
    expect(formatPrice(12.5, { currency: '  ' })).toBe('12,50');
    expect(formatPrice(12.5, {})).toBe('12,50');
  });

  it('rounds the decimal value half away from zero', () => {
    expect(formatPrice(1.005)).toBe('1,01');
    expect(formatPrice(2.675)).toBe('2,68');
    expect(formatPrice(1.115)).toBe('1,12');
    expect(formatPrice(8.345)).toBe('8,35');
    expect(formatPrice(0.125)).toBe('0,13');
    expect(formatPrice(-1.005)).toBe('-1,01');
    expect(formatPrice(-0.125)).toBe('-0,13');
    expect(formatPrice(0.1 + 0.2)).toBe('0,30');
  });

  it('handles zero and negative amounts', () => {
    expect(formatPrice(0)).toBe('0,00');
    expect(formatPrice(-0)).toBe('0,00');
    expect(formatPrice(-0.001)).toBe('0,00');
    expect(formatPrice(-0.004, { currency: '€' })).toBe(nb('0,00 €'));
    expect(formatPrice(-0.005)).toBe('-0,01');
    expect(formatPrice(-12.5, { currency: '€' })).toBe(nb('-12,50 €'));
    expect(formatPrice(-1234.5)).toBe(nb('-1 234,50'));
  });

  it('groups thousands with no-break spaces', () => {
    expect(formatPrice(999.99)).toBe('999,99');
    expect(formatPrice(999.995)).toBe(nb('1 000,00'));
    expect(formatPrice(1234.5, { currency: '€' })).toBe(nb('1 234,50 €'));
    expect(formatPrice(1234567.891)).toBe(nb('1 234 567,89'));
    expect(formatPrice(123456789.005)).toBe(nb('123 456 789,01'));
  });

  it('handles huge amounts without exponent notation', () => {
    expect(formatPrice(Number.MAX_SAFE_INTEGER)).toBe(nb('9 007 199 254 740 991,00'));
    expect(formatPrice(1e21)).toBe(nb('1 000 000 000 000 000 000 000,00'));
    expect(formatPrice(Number.MAX_VALUE)).toMatch(/^179\u00a0769\u00a0313[\d\u00a0]+,00$/);
    expect(formatPrice(5e-324)).toBe('0,00');
  });

  it('gives an empty string for non-numbers', () => {
    expect(formatPrice(Number.NaN)).toBe('');
    expect(formatPrice(Number.POSITIVE_INFINITY, { currency: '€' })).toBe('');
    expect(formatPrice(Number.NEGATIVE_INFINITY)).toBe('');
    expect(formatPrice(null)).toBe('');
    expect(formatPrice(undefined)).toBe('');
  });
});

describe('formatFileSize (01 §9)', () => {
  it('uses binary kilobytes', () => {
    expect(BYTES_PER_K).toBe(1024);
    expect(formatFileSize(1024)).toBe(nb('1 k'));
    expect(formatFileSize(12 * 1024)).toBe(nb('12 k'));
    expect(formatFileSize(12 * 1024)).toBe('12\u00a0k');
  });

  it('rounds up so a non-empty file is at least 1 k', () => {
    expect(formatFileSize(0)).toBe(nb('0 k'));
    expect(formatFileSize(1)).toBe(nb('1 k'));
    expect(formatFileSize(0.5)).toBe(nb('1 k'));
    expect(formatFileSize(1023)).toBe(nb('1 k'));
    expect(formatFileSize(1025)).toBe(nb('2 k'));
    expect(formatFileSize(12 * 1024 + 1)).toBe(nb('13 k'));
  });

  it('groups thousands with no-break spaces', () => {
    expect(formatFileSize(999 * 1024)).toBe(nb('999 k'));
    expect(formatFileSize(1234 * 1024)).toBe(nb('1 234 k'));
    expect(formatFileSize(8 * 1024 * 1024)).toBe(nb('8 192 k'));
    expect(formatFileSize(36_700_160)).toBe(nb('35 840 k'));
    expect(formatFileSize(35_000_000)).toBe(nb('34 180 k'));
  });

  it('handles huge sizes without exponent notation', () => {
    expect(formatFileSize(1024 ** 5)).toBe(nb('1 099 511 627 776 k'));
    expect(formatFileSize(1e30)).toMatch(/^976\u00a0562\u00a0[\d\u00a0]+\u00a0k$/);
    expect(formatFileSize(1e30)).not.toMatch(/e/);
  });

  it('gives an empty string for negative or non-finite sizes', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(-1024)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
    expect(formatFileSize(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatFileSize(null)).toBe('');
    expect(formatFileSize(undefined)).toBe('');
  });
});
