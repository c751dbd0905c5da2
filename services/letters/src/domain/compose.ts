import {
  type DirectoryHousingCompany,
  IDENTITY_SIGNATURE_RPC,
  type Language,
  type SignatureRpcResponse,
} from '@porta/contracts';
import { type MailMessage, publicUrl } from '@porta/service-kit';
import type { LettersContext } from '../context.js';
import type { LetterRow } from './access.js';
import { escapeHtml, type RenderedMail, renderLetterMail } from './render.js';

/** Stands for the recipient's name in a mail rendered once per language (MJML is slow: 10,000 renders would not do). */
const NAME_MARK = 'PORTARECIPIENTNAME7f3a';

/** The sender's signature from identity, or null (none chosen, or no longer theirs). */
export async function signatureOf(
  ctx: LettersContext,
  userId: string,
  signatureId: string | null,
): Promise<string | null> {
  if (!signatureId) return null;
  const answer = await ctx.bus.request<SignatureRpcResponse>(IDENTITY_SIGNATURE_RPC, { userId, signatureId });
  return answer.signature?.content ?? null;
}

/**
 * The mails of one letter: rendered once per language with a mark where the name goes, then
 * personalised per recipient (the name escaped in the HTML).
 */
export class LetterMails {
  private readonly rendered = new Map<Language, Promise<RenderedMail>>();

  constructor(
    private readonly ctx: LettersContext,
    private readonly letter: LetterRow,
    private readonly housingCompany: DirectoryHousingCompany,
    private readonly signature: string | null,
  ) {}

  render(language: Language, named: boolean): Promise<RenderedMail> {
    const key = `${language}:${named}` as Language;
    let mail = this.rendered.get(key);
    if (!mail) {
      const hc = this.housingCompany;
      mail = renderLetterMail({
        language,
        title: this.letter.title,
        preheader: this.letter.preheader,
        template: this.letter.template,
        contentHtml: this.letter.content,
        recipientName: named ? NAME_MARK : null,
        housingCompany: {
          name: hc.name,
          marketingName: hc.marketingName,
          completionDate: hc.completionDate,
          partnerContacts: hc.partnerContacts,
        },
        signature: this.signature,
        linkedContent: null,
        attachments: [],
        attachmentsExpireAt: null,
        portalUrl: publicUrl(this.ctx.config),
      });
      this.rendered.set(key, mail);
      // A failed render is not kept.
      mail.catch(() => this.rendered.delete(key));
    }
    return mail;
  }

  /** The mail to one address, in its language, greeting the name when there is one. */
  async mailTo(to: { email: string; name: string; language: Language }): Promise<MailMessage> {
    const named = to.name.trim() !== '';
    const mail = await this.render(to.language, named);
    return {
      to: to.email,
      subject: mail.subject,
      html: named ? mail.html.replaceAll(NAME_MARK, escapeHtml(to.name)) : mail.html,
      text: named ? mail.text.replaceAll(NAME_MARK, to.name) : mail.text,
      headers: { 'X-Porta-Letter': this.letter.id },
    };
  }
}
