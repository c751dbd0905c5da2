import { serviceRequestManageUrl } from '@porta/contracts';
import { LinkSigner, linkSecret } from '@porta/service-kit';
import type { ServiceRequestsConfig } from '../config.js';

/** What a manage link's token is for: nothing else accepts it, and it accepts nothing else. */
export const MANAGE_LINK_PURPOSE = 'service-request-manage';

const DAY_MS = 86_400_000;

/**
 * The manage links of service requests (01 §2 /service-requests/manage/{id}/{userId}/{token}, ADR
 * 0018): a recipient's own link to one request, signed over the purpose, the request id, the user
 * id and an expiry MANAGE_LINK_DAYS after the notice. Production needs MANAGE_LINK_SECRET (the
 * service refuses to start without it).
 */
export class ManageLinks {
  private readonly signer: LinkSigner;
  private readonly days: number;

  constructor(config: Pick<ServiceRequestsConfig, 'NODE_ENV' | 'MANAGE_LINK_SECRET' | 'MANAGE_LINK_DAYS'>) {
    this.signer = new LinkSigner(linkSecret(config, 'MANAGE_LINK_SECRET', config.MANAGE_LINK_SECRET));
    this.days = config.MANAGE_LINK_DAYS;
  }

  /** The token of the user's link to the request, valid until expiresAt. */
  token(requestId: string, userId: string, expiresAt: Date): string {
    return this.signer.sign(MANAGE_LINK_PURPOSE, [requestId, userId], expiresAt);
  }

  /** Each user's manage link to the request, valid MANAGE_LINK_DAYS from now; undefined for nobody. */
  urlsFor(requestId: string, userIds: readonly string[], now: Date): Record<string, string> | undefined {
    if (userIds.length === 0) return undefined;
    const expiresAt = new Date(now.getTime() + this.days * DAY_MS);
    return Object.fromEntries(
      userIds.map((userId) => [
        userId,
        serviceRequestManageUrl(requestId, userId, this.token(requestId, userId, expiresAt)),
      ]),
    );
  }

  /** Is the token this service's, for this request and user, and not expired? */
  accepts(requestId: string, userId: string, token: string, now: Date = new Date()): boolean {
    return this.signer.verify(MANAGE_LINK_PURPOSE, [requestId, userId], token, now);
  }
}
