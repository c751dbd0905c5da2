import { describe, expect, it } from 'vitest';
import { isUuid, readProblem } from './answer.js';
import { ApiError, apiErrorOf } from './session.js';

describe('readProblem', () => {
  it('reads the code, title and field errors of a problem+json', () => {
    expect(
      readProblem({
        type: 'about:blank',
        title: 'Value in field is not in correct format',
        status: 400,
        code: 'VALIDATION',
        errors: [{ path: 'email', message: 'Invalid e-mail' }, { path: 3 }],
      }),
    ).toEqual({
      code: 'VALIDATION',
      title: 'Value in field is not in correct format',
      errors: [{ path: 'email', message: 'Invalid e-mail' }],
    });
  });

  it('is null for anything else: a proxy page, an empty body, a problem without its code', () => {
    expect(readProblem('<html>Bad gateway</html>')).toBeNull();
    expect(readProblem(undefined)).toBeNull();
    expect(readProblem(null)).toBeNull();
    expect(readProblem([{ code: 'X', title: 'Y' }])).toBeNull();
    expect(readProblem({ title: 'Not found', status: 404 })).toBeNull();
  });
});

describe('apiErrorOf', () => {
  it('names a refused answer by its problem, else by its status', () => {
    const refused = apiErrorOf(409, JSON.stringify({ code: 'IDN_EMAIL_IN_USE', title: 'E-mail in use' }));
    expect(refused).toBeInstanceOf(ApiError);
    expect([refused.status, refused.code, refused.message]).toEqual([
      409,
      'IDN_EMAIL_IN_USE',
      'E-mail in use',
    ]);
    const proxied = apiErrorOf(502, '<html>Bad gateway</html>');
    expect([proxied.status, proxied.code, proxied.message]).toEqual([
      502,
      'HTTP_502',
      'Something went wrong',
    ]);
    expect(apiErrorOf(500, '').code).toBe('HTTP_500');
  });
});

describe('isUuid', () => {
  it('accepts what the contracts accept and nothing else', () => {
    expect(isUuid('3f0b8c5e-6a4f-4d2b-9c1e-2a7d5e8f9b10')).toBe(true);
    expect(isUuid('3F0B8C5E-6A4F-7D2B-AC1E-2A7D5E8F9B10')).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
    expect(isUuid('ffffffff-ffff-ffff-ffff-ffffffffffff')).toBe(true);
    expect(isUuid('3f0b8c5e-6a4f-0d2b-9c1e-2a7d5e8f9b10')).toBe(false);
    expect(isUuid('3f0b8c5e-6a4f-4d2b-7c1e-2a7d5e8f9b10')).toBe(false);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid('3f0b8c5e-6a4f-4d2b-9c1e-2a7d5e8f9b10x')).toBe(false);
  });
});
