import { describe, expect, it } from 'vitest';
import { readBounce } from './reports.js';

/** A bounce as Postfix writes one (RFC 3464): the notice, the report, the returned headers. */
function postfixBounce(messageId: string, action = 'failed', status = '5.1.1') {
  return [
    'From: MAILER-DAEMON@mail.example.com (Mail Delivery System)',
    'To: no-reply@porta.example',
    'Subject: Undelivered Mail Returned to Sender',
    'Message-ID: <20261128101010.ABC@mail.example.com>',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
    '',
    '--B',
    'Content-Type: text/plain',
    '',
    "I'm sorry to have to inform you that your message could not be delivered.",
    '',
    '--B',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mail.example.com',
    '',
    'Final-Recipient: rfc822; gone@example.com',
    `Action: ${action}`,
    `Status: ${status}`,
    'Diagnostic-Code: smtp; 550 5.1.1 <gone@example.com>: Recipient address',
    '    rejected: User unknown in virtual mailbox table',
    '',
    '--B',
    'Content-Type: text/rfc822-headers',
    '',
    'From: Porta <no-reply@porta.example>',
    'To: gone@example.com',
    'Subject: Spring cleaning',
    `Message-ID: ${messageId}`,
    '',
    '--B--',
  ].join('\r\n');
}

describe('reading a bounce', () => {
  it('finds the returned mail by its Message-ID (not the bounce’s own) and keeps the server’s words', () => {
    expect(readBounce(postfixBounce('<abc-1@porta.example>'))).toEqual({
      messageId: '<abc-1@porta.example>',
      outcome: 'failed',
      answer:
        '550 5.1.1 <gone@example.com>: Recipient address rejected: User unknown in virtual mailbox table',
    });
  });

  it('reads a delivery report as delivered, and says nothing of a delay', () => {
    expect(readBounce(postfixBounce('<abc-2@porta.example>', 'delivered', '2.0.0'))).toMatchObject({
      outcome: 'delivered',
      answer: null,
    });
    expect(readBounce(postfixBounce('<abc-3@porta.example>', 'delayed', '4.4.1'))).toBeNull();
  });

  it('answers null for a message that is no report about a mail', () => {
    expect(readBounce('Subject: hello\r\n\r\nJust text, no report.')).toBeNull();
    expect(readBounce('')).toBeNull();
  });
});
