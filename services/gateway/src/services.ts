import { communityService } from '@porta/community';
import { contentService } from '@porta/content';
import { documentsService } from '@porta/documents';
import { identityService } from '@porta/identity';
import { lettersService } from '@porta/letters';
import { notificationsService } from '@porta/notifications';
import type { ServiceDefinition } from '@porta/service-kit';
import { serviceRequestsService } from '@porta/service-requests';

/**
 * Every service of Porta, in the order the embedded gateway brings them up: identity first, as the
 * others ask it for its directory and demo. The gateway's settings, its routes (embedded) or proxies
 * (distributed) and the OpenAPI document, `npm run start:cluster` (manifest.ts), docker-compose.yml
 * (scripts/compose.mjs) and the e2e portal all read this list; a new service is one line here.
 */
export const SERVICES = [
  identityService,
  contentService,
  notificationsService,
  communityService,
  serviceRequestsService,
  documentsService,
  lettersService,
] as const satisfies readonly ServiceDefinition[];
