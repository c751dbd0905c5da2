import { describe, expect, it } from 'vitest';
import { isToggleVisible, isUniqueViolation } from './features.js';

const now = new Date('2026-06-01T12:00:00Z');
const base = { active: true, visibleFrom: null, visibleUntil: null, languages: null };

describe('isToggleVisible', () => {
  it('needs the toggle active', () => {
    expect(isToggleVisible(base, now, 'en')).toBe(true);
    expect(isToggleVisible({ ...base, active: false }, now, 'en')).toBe(false);
  });

  it('honours the schedule: from inclusive, until exclusive', () => {
    expect(isToggleVisible({ ...base, visibleFrom: now }, now, 'en')).toBe(true);
    expect(isToggleVisible({ ...base, visibleFrom: new Date('2026-06-02T00:00:00Z') }, now, 'en')).toBe(
      false,
    );
    expect(isToggleVisible({ ...base, visibleUntil: now }, now, 'en')).toBe(false);
    expect(isToggleVisible({ ...base, visibleUntil: new Date('2026-06-02T00:00:00Z') }, now, 'en')).toBe(
      true,
    );
  });

  it('honours the language restriction; none or empty means every language', () => {
    expect(isToggleVisible({ ...base, languages: ['fi', 'sv'] }, now, 'sv')).toBe(true);
    expect(isToggleVisible({ ...base, languages: ['fi', 'sv'] }, now, 'en')).toBe(false);
    expect(isToggleVisible({ ...base, languages: [] }, now, 'en')).toBe(true);
  });
});

describe('isUniqueViolation', () => {
  it('finds 23505 however deep the driver wraps it', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('query failed', { cause: { code: '23505' } }))).toBe(true);
    expect(isUniqueViolation(new Error('query failed', { cause: { code: '23503' } }))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
