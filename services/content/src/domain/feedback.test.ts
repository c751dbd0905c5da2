import { csvSafe } from '@porta/service-kit';
import { describe, expect, it } from 'vitest';

describe('csvSafe', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+358 40 123', "'+358 40 123"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['Good service', 'Good service'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j becomes %j', (value, expected) => {
    expect(csvSafe(value)).toBe(expected);
  });
});
