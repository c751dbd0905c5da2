import Fastify from 'fastify';
import { openBareDatabase } from './bare-database.js';
import { listenUntilStopped } from './lifecycle.js';

/**
 * The baseline of the scale scenarios: bare Fastify answering the data of the three measured
 * routes straight from the large data set, without authentication, policies, logging or
 * validation. On PostgreSQL (DATABASE_URL) through a node-postgres pool of 10, as Porta; else on
 * PGlite in DATA_DIR/pglite (one in-process connection, as Porta's embedded mode).
 *
 *   GET /me?userId=…                  the user with housing companies, apartments and roles (one query)
 *   GET /features?housingCompanyId=…  the toggles of the company's taxonomy chain and global (one query)
 *   GET /users?q=…                    one page of the staff user search and its total (two queries)
 */
const { query, close } = await openBareDatabase();

const VALID = (t: string) =>
  `(${t}.valid_from is null or ${t}.valid_from <= current_date) and (${t}.valid_until is null or ${t}.valid_until >= current_date)`;

const ME = `
  select u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.phone, u.locale, u.roles,
         u.registered, u.public_profile as "publicProfile",
         u.selected_housing_company_id as "selectedHousingCompanyId", u.selected_apartment_id as "selectedApartmentId",
         coalesce((
           select json_agg(json_build_object(
                    'id', h.id, 'hcExt', h.hc_ext, 'name', h.name, 'marketingName', h.marketing_name,
                    'addressStreet', h.address_street, 'addressCity', h.address_city,
                    'addressCountry', h.address_country, 'businessUnit', h.business_unit,
                    'completionDate', h.completion_date, 'lifecycleStepsActive', h.lifecycle_steps_active,
                    'isDemo', h.is_demo,
                    'roles', coalesce((select json_agg(hr.role) from identity.housing_company_roles hr
                                        where hr.user_id = u.id and hr.housing_company_id = h.id and ${VALID('hr')}), '[]'),
                    'apts', coalesce((select json_agg(json_build_object('id', a.id, 'no', a.no,
                                                'externalName', a.external_name, 'aptext', a.aptext, 'role', ar.role)
                                              order by a.no)
                                        from identity.apartment_roles ar join identity.apartments a on a.id = ar.apartment_id
                                       where ar.user_id = u.id and a.housing_company_id = h.id and ${VALID('ar')}), '[]'))
                  order by h.is_demo desc, h.name)
             from identity.housing_companies h
            where h.id in (select hr.housing_company_id from identity.housing_company_roles hr
                            where hr.user_id = u.id and ${VALID('hr')}
                           union
                           select a.housing_company_id from identity.apartment_roles ar
                             join identity.apartments a on a.id = ar.apartment_id
                            where ar.user_id = u.id and ${VALID('ar')})
         ), '[]') as hcs,
         coalesce((select json_agg(json_build_object('id', p.id, 'externalId', p.external_id, 'name', p.name))
                     from identity.partner_company_users pu
                     join identity.partner_companies p on p.id = pu.partner_company_id
                    where pu.user_id = u.id), '[]') as "partnerCompanies"
    from identity.users u
   where u.id = $1`;

const FEATURES = `
  with recursive chain(id, parent_id, depth) as (
    select t.id, t.parent_id, 0
      from identity.housing_companies hc join identity.taxonomy_terms t on t.id = hc.building_taxonomy_term_id
     where hc.id = $1 and t."group" = 'buildingtaxonomy'
    union all
    select p.id, p.parent_id, c.depth + 1
      from chain c join identity.taxonomy_terms p on p.id = c.parent_id
     where c.depth < 32 and p."group" = 'buildingtaxonomy'
  )
  select t.feature_id, t.settings, t.active
    from identity.feature_toggles t
    join (select id::text as scope, depth from chain union all select 'global', 1000) s on s.scope = t.scope
   where (t.visible_from is null or t.visible_from <= now())
     and (t.visible_until is null or t.visible_until > now())
     and (t.languages is null or $2 = any(t.languages))
   order by t.feature_id, s.depth`;

const USER_SEARCH = `(email ilike $1 or first_name ilike $1 or last_name ilike $1 or (first_name || ' ' || last_name) ilike $1)`;

const app = Fastify();
app.get('/ready', async () => ({ ok: true }));

app.get<{ Querystring: { userId: string } }>('/me', async (request) => {
  const [user] = await query(ME, [request.query.userId]);
  return { user };
});

app.get<{ Querystring: { housingCompanyId: string; lang?: string } }>('/features', async (request) => {
  const rows = await query(FEATURES, [request.query.housingCompanyId, request.query.lang ?? 'en']);
  // The nearest scope's toggle decides (rows come nearest first per feature).
  const features: Record<string, { settings: unknown }> = {
    news: { settings: {} },
    calendar: { settings: {} },
  };
  const decided = new Set<string>();
  for (const row of rows) {
    const id = row.feature_id as string;
    if (decided.has(id)) continue;
    decided.add(id);
    if (row.active && !features[id]) features[id] = { settings: row.settings };
  }
  return { features };
});

app.get<{ Querystring: { q: string } }>('/users', async (request, reply) => {
  const pattern = `%${request.query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [rows, totals] = await Promise.all([
    query(`select * from identity.users where ${USER_SEARCH} order by email asc, id asc offset 0 limit 25`, [
      pattern,
    ]),
    query(`select count(*)::int as n from identity.users where ${USER_SEARCH}`, [pattern]),
  ]);
  const total = Number(totals[0]?.n ?? 0);
  reply.header('content-range', `users 0-${Math.max(0, rows.length - 1)}/${total}`);
  return rows;
});

await listenUntilStopped(app, close);
