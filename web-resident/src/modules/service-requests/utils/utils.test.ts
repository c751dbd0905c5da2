import { describe, expect, it } from 'vitest';
import { attachmentAccept, checkAttachment, refusalOf } from './attachments';
import { listSearch, readListView } from './paths';
import { handlesStatus, nextStatuses } from './status';

describe('attachment checks (02 §5, §9)', () => {
  it('refuses in the service’s order: the name, the extension, the size', () => {
    expect(checkAttachment({ name: 'plan.pdf', size: 10 }, false)).toBeNull();
    expect(checkAttachment({ name: 'PLAN.PDF', size: 10 }, false)).toBeNull();
    expect(checkAttachment({ name: 'c:\\plan.pdf', size: 10 }, false)).toBe('illegal_characters');
    expect(checkAttachment({ name: 'dir/plan.pdf', size: 10 }, false)).toBe('illegal_characters');
    expect(checkAttachment({ name: 'bad\u0007.pdf', size: 10 }, false)).toBe('illegal_characters');
    expect(checkAttachment({ name: 'c:\\setup.exe', size: 0 }, false)).toBe('illegal_characters');
    expect(checkAttachment({ name: 'setup.exe', size: 0 }, false)).toBe('file_extension');
    expect(checkAttachment({ name: 'noextension', size: 10 }, false)).toBe('file_extension');
    expect(checkAttachment({ name: 'empty.pdf', size: 0 }, false)).toBe('file_size');
    expect(checkAttachment({ name: 'big.pdf', size: 36_700_160 }, false)).toBeNull();
    expect(checkAttachment({ name: 'big.pdf', size: 36_700_161 }, false)).toBe('file_size');
  });

  it('takes archives only from yitUser or admin', () => {
    expect(checkAttachment({ name: 'files.zip', size: 10 }, false)).toBe('file_extension');
    expect(checkAttachment({ name: 'files.zip', size: 10 }, true)).toBeNull();
    expect(attachmentAccept(false)).not.toContain('.zip');
    expect(attachmentAccept(true)).toContain('.zip');
    expect(attachmentAccept(false).split(',')).toContain('.docx');
  });

  it("reads the service's refusal from its code or message", () => {
    expect(refusalOf({ code: 'SRQ_FILE_SIZE', message: 'file_size' })).toBe('file_size');
    expect(refusalOf({ code: 'SRQ_ILLEGAL_CHARACTERS', message: 'x' })).toBe('illegal_characters');
    expect(refusalOf({ code: 'mime_type', message: 'x' })).toBe('mime_type');
    expect(refusalOf({ code: 'VALIDATION_FAILED', message: 'file_extension' })).toBe('file_extension');
    expect(refusalOf({ code: 'SRQ_NOT_FOUND', message: 'Service request not found' })).toBeNull();
    expect(refusalOf(null)).toBeNull();
  });
});

describe('the list view in the address', () => {
  it('reads filter, type and page, with defaults for anything else', () => {
    expect(readListView(new URLSearchParams(''))).toEqual({ filter: 'all', type: null, page: 1 });
    expect(readListView(new URLSearchParams('filter=pending&type=fit_out&page=3'))).toEqual({
      filter: 'pending',
      type: 'fit_out',
      page: 3,
    });
    expect(readListView(new URLSearchParams('filter=nope&type=nope&page=-2'))).toEqual({
      filter: 'all',
      type: null,
      page: 1,
    });
  });

  it('writes only what is not the default', () => {
    expect(listSearch({ filter: 'all', type: null, page: 1 })).toBe('');
    expect(listSearch({ filter: 'closed', type: 'partner', page: 2 })).toBe(
      '?filter=closed&type=partner&page=2',
    );
  });
});

describe('statuses (ADR 0018)', () => {
  it('moves open and in progress both ways, either to closed or declined, and those back to open', () => {
    expect(nextStatuses('open')).toEqual(['inprogress', 'closed', 'declined']);
    expect(nextStatuses('inprogress')).toEqual(['open', 'closed', 'declined']);
    expect(nextStatuses('closed')).toEqual(['open']);
    expect(nextStatuses('declined')).toEqual(['open']);
  });

  it('tells a handler from a sender who may only close', () => {
    const base = { isOwn: false, canChangeStatus: true, canForward: true, statusKey: 'open' as const };
    expect(handlesStatus(base)).toBe(true);
    expect(handlesStatus({ ...base, canChangeStatus: false })).toBe(false);
    expect(handlesStatus({ ...base, isOwn: true, canForward: false })).toBe(false);
    expect(handlesStatus({ ...base, isOwn: true, canForward: true })).toBe(true);
    expect(handlesStatus({ ...base, isOwn: true, canForward: false, statusKey: 'closed' })).toBe(true);
  });
});
