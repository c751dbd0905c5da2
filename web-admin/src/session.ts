import { SessionClient } from '@porta/web-kit';

/**
 * The one browser session of this tab. Tokens are stored where the resident app stores them
 * (same origin), so one sign-in serves both apps.
 */
export const session = new SessionClient();
