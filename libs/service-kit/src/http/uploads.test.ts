import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policy } from '../auth/policy.js';
import { createTokenVerifier } from '../auth/verifier.js';
import { loadConfig, zBaseConfig } from '../config.js';
import type { AppError } from '../errors.js';
import { multipartFile, pngImage } from '../testing/images.js';
import { type App, createService } from './create-service.js';
import { acceptUploads, checkUpload, receiveUpload, type UploadRules } from './uploads.js';

const RULES: UploadRules = {
  accepts: { png: ['png'] },
  maxBytes: 10_000,
  errors: {
    illegalCharacters: 'COM_ILLEGAL_CHARACTERS',
    fileExtension: 'COM_FILE_EXTENSION',
    fileSize: 'COM_FILE_SIZE',
    mimeType: 'COM_MIME_TYPE',
  },
};

let app: App;

beforeAll(async () => {
  app = createService({
    name: 'uploads',
    config: loadConfig(zBaseConfig, { LOG_LEVEL: 'silent' }),
    verifier: createTokenVerifier({ kind: 'local', keys: async () => ({ keys: [] }) }),
  });
  await acceptUploads(app, RULES.maxBytes);
  app.post('/upload', { config: { policy: policy.public('test') } }, async (request) => {
    const upload = await receiveUpload(request, 'COM_FILE_SIZE');
    const { extension } = await checkUpload(upload, RULES);
    return { fileName: upload.fileName, extension };
  });
  await app.ready();
});
afterAll(() => app.close());

describe('a multipart body that cannot be read', () => {
  /*
   * Issue 16, point 9: busboy's errors (no boundary, a part cut short) reached the error handler
   * as plain errors and were answered 500 on all three upload routes.
   */
  it('answers 400 problem+json without a boundary and with a part cut short', async () => {
    const whole = multipartFile('yard.png', pngImage(4, 4), 'image/png');
    expect((await app.inject({ method: 'POST', url: '/upload', ...whole })).statusCode).toBe(200);
    const bodies = {
      'no boundary': { payload: whole.payload, headers: { 'content-type': 'multipart/form-data' } },
      'a part cut short': {
        payload: whole.payload.subarray(0, whole.payload.length - 60),
        headers: whole.headers,
      },
      'only a boundary line': {
        payload: '--x\r\nContent-Disp',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      },
    };
    for (const [what, body] of Object.entries(bodies)) {
      const res = await app.inject({ method: 'POST', url: '/upload', ...body });
      expect(res.statusCode, what).toBe(400);
      expect(res.headers['content-type'], what).toMatch(/^application\/problem\+json/);
      expect(res.json().code, what).toBe('VALIDATION_FAILED');
    }
    const cut = await app.inject({ method: 'POST', url: '/upload', ...bodies['a part cut short'] });
    expect(cut.json().errors).toEqual([{ path: 'body', message: 'The multipart body could not be read' }]);
  });
});

describe('checkUpload', () => {
  const png = pngImage(4, 4);
  const refusal = async (fileName: string) => {
    try {
      await checkUpload({ fileName, data: png }, RULES);
      return null;
    } catch (error) {
      return (error as AppError).code;
    }
  };

  /*
   * Issue 16, point 10 (h): bidirectional overrides and zero-width characters make a file's name
   * read as something else (`invoice\u202Egnp.exe` shows as `invoiceexe.png`); they are illegal
   * characters like control characters and slashes.
   */
  it('refuses bidirectional controls, zero-width and other invisible characters in the name', async () => {
    const names = {
      'right-to-left override': 'invoice\u202Egnp.png',
      'left-to-right isolate': 'a\u2066b.png',
      'right-to-left mark': 'a\u200Fb.png',
      'zero-width space': 'a\u200Bb.png',
      'zero-width joiner': 'a\u200Db.png',
      'byte order mark': '\uFEFFa.png',
      'word joiner': 'a\u2060b.png',
      'Arabic letter mark': 'a\u061Cb.png',
      'line separator': 'a\u2028b.png',
      'C1 control (next line)': 'a\u0085b.png',
      'C0 control': 'a\u0001b.png',
      slash: 'a/b.png',
      backslash: 'a\\b.png',
      blank: '   ',
    };
    for (const [what, name] of Object.entries(names)) {
      expect(await refusal(name), what).toBe('COM_ILLEGAL_CHARACTERS');
    }
  });

  it('takes names in any script, with accents and emoji', async () => {
    for (const name of ['Pihakuva äö.png', 'Ξένη εικόνα.png', 'дом 😀.png', 'صورة.png', '写真.png']) {
      expect(await refusal(name), name).toBeNull();
    }
  });

  it('refuses the same over HTTP with the illegal-characters code', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/upload',
      ...multipartFile('invoice\u202Egnp.png', pngImage(4, 4), 'image/png'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('COM_ILLEGAL_CHARACTERS');
  });
});
