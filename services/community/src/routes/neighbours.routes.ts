import { zCommunityHousingCompanyQuery, zNeighbourList, zRecipientList } from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import type { CommunityContext } from '../context.js';
import { neighbourList, recipientList } from '../domain/neighbours.js';
import { COMMUNITY_POLICIES } from '../policies.js';

/**
 * The neighbour list (02 §2 /community/my-neighbours, §7 get-apartments-and-names) and whom one
 * may send a private message (§7 getUsersForPrivateMessages): members of the housing company only
 * (others: 404), the feature neighbours on; only members with a public profile are named.
 */
export async function neighbourRoutes(app: App, ctx: CommunityContext) {
  app.get(
    '/neighbours',
    {
      schema: {
        summary: "The housing company's apartments with the first names of residents with a public profile",
        querystring: zCommunityHousingCompanyQuery,
        response: { 200: zNeighbourList },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request) => neighbourList(ctx, principalOf(request), request.query),
  );

  app.get(
    '/conversations/recipients',
    {
      schema: {
        summary: 'The members one may start a private conversation with (those with a public profile)',
        querystring: zCommunityHousingCompanyQuery,
        response: { 200: zRecipientList },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request) => recipientList(ctx, principalOf(request), request.query),
  );
}
