import { describe, expect, it } from 'vitest';
import { padZip, ZIP_LENGTH } from './zip.js';

describe('padZip (03 §5)', () => {
  it('pads zips shorter than five characters with leading zeros', () => {
    expect(ZIP_LENGTH).toBe(5);
    expect(padZip('520')).toBe('00520');
    expect(padZip('1')).toBe('00001');
    expect(padZip('0')).toBe('00000');
    expect(padZip('1234')).toBe('01234');
    expect(padZip('0520')).toBe('00520');
  });

  it('leaves five-character and longer zips unchanged', () => {
    expect(padZip('00520')).toBe('00520');
    expect(padZip('33100')).toBe('33100');
    expect(padZip('123456')).toBe('123456');
  });

  it('accepts numbers, which lose their leading zeros', () => {
    expect(padZip(520)).toBe('00520');
    expect(padZip(0)).toBe('00000');
    expect(padZip(33100)).toBe('33100');
    expect(padZip(-520)).toBe('');
    expect(padZip(5.2)).toBe('');
    expect(padZip(Number.NaN)).toBe('');
  });

  it('trims whitespace', () => {
    expect(padZip(' 520 ')).toBe('00520');
    expect(padZip('\t00520\n')).toBe('00520');
  });

  it('does not pad codes that are not all digits', () => {
    expect(padZip('LV-1050')).toBe('LV-1050');
    expect(padZip('00-950')).toBe('00-950');
    expect(padZip('110 00')).toBe('110 00');
    expect(padZip('A1')).toBe('A1');
  });

  it('gives an empty string for empty input', () => {
    expect(padZip('')).toBe('');
    expect(padZip('   ')).toBe('');
    expect(padZip(null)).toBe('');
    expect(padZip(undefined)).toBe('');
  });
});
