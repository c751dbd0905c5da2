import { serviceRequestManageUrl } from '@porta/contracts';
import { LinkSigner, linkSecret } from '@porta/service-kit';
import type { ServiceRequestsConfig } from '../config.js';

/** What a manage link's token is for: nothing else accepts it, and it accepts nothing else. */
export const MANAGE_LINK_PURPOSE = 'service-request-manage';

const DAY_MS = 86_400_000;

/**
 * The manage links of service requests (01 §2 /service-requests/manage/{id}/{userId}/{token}, ADR
 * 0018): a recipient's own link to one request, signed over the purpose, the request id, the user
 * id and an expiry MANAGE_LINK_DAYS after the notice. Disabled (none given, none accepted) in
 * production without MANAGE_LINK_SECRET.
 */
export class ManageLinks {
  private readonly signer: LinkSigner | null;
  private readonly days: number;

  constructor(config: Pick<ServiceRequestsConfig, 'NODE_ENV' | 'MANAGE_LINK_SECRET' | 'MANAGE_LINK_DAYS'>) {
    const secret = linkSecret(config, 'MANAGE_LINK_SECRET', config.MANAGE_LINK_SECRET);
    this.signer = secret ? new LinkSigner(secret) : null;
    this.days = config.MANAGE_LINK_DAYS;
  }

  get enabled(): boolean {
    return this.signer !== null;
  }

  /** The token of the user's link to the request, valid until expiresAt. */
  token(requestId: string, userId: string, expiresAt: Date): string {
    if (!this.signer) throw new Error('manage links are disabled: MANAGE_LINK_SECRET is not set');
    return this.signer.sign(MANAGE_LINK_PURPOSE, [requestId, userId], expiresAt);
  }

  /** Each user's manage link to the request, valid MANAGE_LINK_DAYS from now; undefined when disabled. */
  urlsFor(requestId: string, userIds: readonly string[], now: Date): Record<string, string> | undefined {
    if (!this.signer || userIds.length === 0) return undefined;
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
    return !!this.signer?.verify(MANAGE_LINK_PURPOSE, [requestId, userId], token, now);
  }
}
