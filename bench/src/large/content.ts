import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Database } from '@porta/service-kit';
import { ROOT } from '../settings.js';
import {
  CAMPAIGN_CATEGORIES,
  COMPANY_CONTACTS,
  SHOP_PARTNER_NAMES,
  VOCABULARY,
  type WordList,
} from './content-data.js';
import { LARGE_EMAIL_DOMAIN, LARGE_HC_PREFIX, type LargeTarget, rnd, uuidOf } from './seed.js';
import {
  type Exec,
  migrateAndTell,
  openPrepared,
  type Scalar,
  type Step,
  sqlOn,
  stepTimer,
} from './steps.js';

/**
 * The content of the large data set (issue 4): at scale 1, 200,000 news articles and 100,000
 * calendar entries over about three years, lifecycle steps (12 per housing company), contacts,
 * 3,000 service-shop campaigns with 20 shop partners, an image pool and external feed items,
 * written straight into the content service's tables, plus the content service's directory read
 * model of identity's housing companies and apartments.
 *
 * Targeting as staff write it: 96.2 % of the articles and calendar entries target one housing
 * company (`hc:<id>`), 1 % two neighbouring ones, 2.6 % a building-taxonomy term (half a city,
 * half a country), 0.2 % every company (`all`). Drafts (3 %), scheduled items (1 %), sticky,
 * archived and board-only articles are among them.
 *
 * The directory is filled from identity's tables in the same database with one set-based
 * statement per table, as the content service's first-start sync (rpc.identity.directory.get.v1,
 * page by page) would fill it, and a finished sync is recorded so that the service does not pull
 * it again; a sample is compared with identity's own directory answer. Articles and calendar
 * entries can be resized to a fraction of the full count (the timeline curve): their ids and
 * contents derive from their numbers, so a fraction is the first part of the full set.
 */

/** Counts of scale 1 (issue 4, point 7). */
export const CONTENT_FULL_SIZE = { articles: 200_000, calendarEntries: 100_000, campaigns: 3_000 };

/** Codename prefix of every content item of the data set. */
const PREFIX = 'large-';
/** Shop partners and images shared by the campaigns and items. */
const SHOP_PARTNERS = 20;
const IMAGE_POOL = 500;
/** Feed items: recommended articles in Finnish and English, corporate news. */
const FEEDS = [
  { n: 1, kind: 'recommended', language: 'fi', items: 800, url: 'recommended-fi.xml' },
  { n: 2, kind: 'recommended', language: 'en', items: 400, url: 'recommended-en.xml' },
  { n: 3, kind: 'corporate', language: null, items: 800, url: 'corporate.atom' },
] as const;
const FEED_HOST = 'https://feeds.large.porta.test/';
const STEPS_PER_COMPANY = 12;
/** Rows per INSERT of articles and calendar entries. */
const CHUNK = 20_000;

export interface ContentCounts {
  articles: number;
  calendarEntries: number;
  campaigns: number;
}

/** The counts at a scale (of the whole data set) and a fraction (of the articles and entries). */
export function contentCountsAt(scale: number, fraction = 1): ContentCounts {
  return {
    articles: Math.round(CONTENT_FULL_SIZE.articles * scale * fraction),
    calendarEntries: Math.round(CONTENT_FULL_SIZE.calendarEntries * scale * fraction),
    campaigns: Math.max(30, Math.round(CONTENT_FULL_SIZE.campaigns * scale)),
  };
}

export interface ContentOptions {
  scale: number;
  /** Fraction of the articles and calendar entries (1: all). */
  fraction: number;
  /** Remove the data set's content and write it again. */
  reset?: boolean;
  log?: (line: string) => void;
}

export interface ContentResult {
  counts: Record<string, number>;
  steps: Step[];
  totalMs: number;
  /** Nothing had to change. */
  unchanged: boolean;
}

/** SQL: 1…count, deterministic from a salt and a row number. */
const pick = (salt: number, n: string, count: number | string) =>
  `(1 + abs(hashint8((${n})::bigint * 64 + ${salt})) % (${count}))::int`;

/** SQL: 0…range-1, deterministic from a salt and a row number. */
const spread = (salt: number, n: string, range: number) =>
  `(abs(hashint8((${n})::bigint * 64 + ${salt})) % ${range})`;

/** SQL: a word of a list in a language (the temporary vocabulary table is `v`). */
const word = (list: WordList, lang: 'en' | 'fi', index: string) => `v.${list}_${lang}[${index}]`;

/** SQL: an index into a word list, deterministic from a salt and a row number. */
const wordIndex = (list: WordList, salt: number, n: string) => pick(salt, n, VOCABULARY[list].en.length);

/** What is there now. */
export async function existingLargeContent(database: Database) {
  const [table] = await database.query<{ ok: boolean }>(
    `select to_regclass('content.articles') is not null and to_regclass('identity.housing_companies') is not null as ok`,
  );
  if (!table?.ok) return { articles: 0, calendarEntries: 0, steps: 0, directory: 0, stale: false };
  const [row] = await database.query<{
    articles: number;
    calendar: number;
    steps: number;
    directory: number;
    stale: boolean;
  }>(
    `select (select count(*)::int from content.articles where codename like $1) as articles,
            (select count(*)::int from content.calendar_entries where codename like $1) as calendar,
            (select count(*)::int from content.steps where codename like $1) as steps,
            (select count(*)::int from content.directory_housing_companies d
               join identity.housing_companies h on h.id = d.id where h.hc_ext like $2) as directory,
            exists (select 1 from content.steps s where s.codename like $1 and not exists
                      (select 1 from identity.housing_companies h where h.id = s.housing_company_ids[1])) as stale`,
    [`${PREFIX}%`, `${LARGE_HC_PREFIX}%`],
  );
  return {
    articles: row?.articles ?? 0,
    calendarEntries: row?.calendar ?? 0,
    steps: row?.steps ?? 0,
    directory: row?.directory ?? 0,
    stale: row?.stale ?? false,
  };
}

async function removeLargeContent(exec: Exec) {
  const like = [`${PREFIX}%`];
  await exec('delete from content.articles where codename like $1', like);
  await exec('delete from content.calendar_entries where codename like $1', like);
  await exec('delete from content.steps where codename like $1', like);
  await exec('delete from content.contacts where codename like $1', like);
  await exec('delete from content.campaigns where codename like $1', like);
  await exec(`delete from content.shop_partners where external_id like 'LARGE-SP-%'`);
  await exec(
    `delete from content.feed_items where feed_id in (select id from content.feeds where url like $1)`,
    [`${FEED_HOST}%`],
  );
  await exec('delete from content.feeds where url like $1', [`${FEED_HOST}%`]);
  await exec('delete from content.assets where storage_key like $1', ['large/%']);
}

/**
 * The directory read model from identity's tables: every housing company (the demo's too) with
 * its taxonomy path (the term, then its ancestors), the partners' key contacts and its apartments,
 * and a finished full sync.
 */
async function fillDirectory(exec: Exec) {
  await exec('delete from content.directory_apartments');
  await exec('delete from content.directory_housing_companies');
  await exec(
    `insert into content.directory_housing_companies
       (id, hc_ext, name, marketing_name, address_country, address_area, address_city, address_zip, business_unit,
        completion_date, lifecycle_steps_active, building_type, taxonomy_path, is_demo, partner_contacts, synced_at)
     with recursive walk(term_id, node_id, depth, codename) as (
       select t.id, t.id, 0, t.codename from identity.taxonomy_terms t where t."group" = 'buildingtaxonomy'
       union all
       select w.term_id, parent.id, w.depth + 1, parent.codename
         from walk w
         join identity.taxonomy_terms node on node.id = w.node_id
         join identity.taxonomy_terms parent on parent.id = node.parent_id and parent."group" = 'buildingtaxonomy'
        where w.depth < 32
     ),
     paths as (select term_id, array_agg(codename order by depth) as path from walk group by term_id)
     select h.id, h.hc_ext, h.name, h.marketing_name, h.address_country, h.address_area, h.address_city, h.address_zip,
            h.business_unit, h.completion_date, h.lifecycle_steps_active, h.building_type,
            coalesce(p.path, '{}'::text[]), h.is_demo,
            coalesce((
              select jsonb_agg(jsonb_build_object(
                       'type', hp.type, 'partnerCompanyId', hp.partner_company_id, 'companyName', pc.name,
                       'name', case when u.id is not null then trim(u.first_name || ' ' || u.last_name) end,
                       'email', coalesce(u.email, pc.email), 'phone', coalesce(u.phone, pc.phone))
                     order by hp.type, hp.partner_company_id)
                from identity.housing_company_partners hp
                join identity.partner_companies pc on pc.id = hp.partner_company_id
                left join identity.users u on u.id = coalesce(hp.key_contact_user_id, pc.key_contact_user_id)
               where hp.housing_company_id = h.id), '[]'::jsonb),
            now()
       from identity.housing_companies h
       left join paths p on p.term_id = h.building_taxonomy_term_id`,
  );
  await exec(
    `insert into content.directory_apartments
       (id, housing_company_id, no, size, rooms, apartment_number, visible_apartment_number, aptext)
     select id, housing_company_id, no, size, rooms, apartment_number, visible_apartment_number, aptext
       from identity.apartments`,
  );
  await exec(
    `insert into content.directory_syncs (housing_companies, apartments)
     select (select count(*) from content.directory_housing_companies), (select count(*) from content.directory_apartments)`,
  );
}

/** identity's own directory answer (the rpc.identity.directory.get.v1 handler), loaded through tsx. */
async function identityDirectoryAnswer(database: Database, ids: string[]): Promise<unknown[]> {
  const source = (path: string) => import(pathToFileURL(join(ROOT, 'services/identity/src', path)).href);
  const schema = (await source('db/schema.ts')) as Record<string, unknown>;
  const directory = (await source('domain/directory.ts')) as {
    directoryAnswer(db: unknown, request: { ids: string[] }): Promise<{ housingCompanies: unknown[] }>;
  };
  return (await directory.directoryAnswer(database.drizzle(schema), { ids })).housingCompanies;
}

/** Plain JSON with object keys and arrays of objects in a stable order, for comparing. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(canonical);
    return items.every((i) => typeof i === 'object' && i !== null)
      ? items.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
      : items;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/** Compare a few filled companies with what identity's directory answer says about them. */
async function checkDirectory(database: Database) {
  const sample = await database.query<{ id: string }>(
    `select id from content.directory_housing_companies order by hc_ext like $1 desc, md5(id::text) limit 5`,
    [`${LARGE_HC_PREFIX}%`],
  );
  const ids = sample.map((s) => s.id);
  const expected = await identityDirectoryAnswer(database, ids);
  const rows = await database.query<Record<string, unknown>>(
    `select d.id, d.hc_ext as "hcExt", d.name, d.marketing_name as "marketingName", d.address_country as "addressCountry",
            d.address_area as "addressArea", d.address_city as "addressCity", d.address_zip as "addressZip",
            d.business_unit as "businessUnit", to_char(d.completion_date, 'YYYY-MM-DD') as "completionDate",
            d.lifecycle_steps_active as "lifecycleStepsActive", d.building_type as "buildingType",
            d.taxonomy_path as "taxonomyPath", d.is_demo as "isDemo", d.partner_contacts as "partnerContacts",
            coalesce((select json_agg(json_build_object('id', a.id, 'no', a.no, 'size', a.size, 'rooms', a.rooms,
                                                        'apartmentNumber', a.apartment_number,
                                                        'visibleApartmentNumber', a.visible_apartment_number,
                                                        'aptext', a.aptext))
                        from content.directory_apartments a where a.housing_company_id = d.id), '[]') as apartments
       from content.directory_housing_companies d where d.id = any($1::uuid[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const company of expected) {
    const id = (company as { id: string }).id;
    const mine = JSON.stringify(canonical(byId.get(id)));
    const theirs = JSON.stringify(canonical(company));
    if (mine !== theirs) {
      throw new Error(
        `the directory of housing company ${id} differs from identity's answer:\n  filled:   ${mine.slice(0, 600)}\n  identity: ${theirs.slice(0, 600)}`,
      );
    }
  }
  return expected.length;
}

/** The data set's housing companies (g = the number in their hc_ext) and the word lists. */
async function temporaryTables(exec: Exec) {
  await exec(
    `create temp table large_content_hc on commit drop as
     select substr(h.hc_ext, length($1) + 1)::int as g, h.id, h.completion_date,
            (h.completion_date is not null and h.completion_date < current_date) as living,
            t.codename as city, coalesce(p.codename, t.codename) as country,
            coalesce(p.codename, t.codename) = 'large-finland' as finnish
       from identity.housing_companies h
       join identity.taxonomy_terms t on t.id = h.building_taxonomy_term_id
       left join identity.taxonomy_terms p on p.id = t.parent_id
      where h.hc_ext like $1 || '%'`,
    [LARGE_HC_PREFIX],
  );
  const lists = Object.keys(VOCABULARY) as WordList[];
  const columns = lists.flatMap((list, i) => [
    `$${2 * i + 1}::text[] as ${list}_en`,
    `$${2 * i + 2}::text[] as ${list}_fi`,
  ]);
  await exec(
    `create temp table v on commit drop as select ${columns.join(', ')}`,
    lists.flatMap((list) => [VOCABULARY[list].en, VOCABULARY[list].fi]),
  );
  await exec('analyze large_content_hc, v');
}

/** Per mille of the items per kind of targeting, cumulated: [hc, hcs, city, country]; the rest is all. */
type Shares = readonly [number, number, number, number];
/** Articles and calendar entries: 96.2 % one company, 1 % two, 1.3 % a city, 1.3 % a country, 0.2 % all. */
const ITEM_SHARES: Shares = [962, 972, 985, 998];
/** Campaigns: 20 % one company, 45 % a city, 30 % a country, 5 % all. */
const CAMPAIGN_SHARES: Shares = [200, 200, 650, 950];

/**
 * SQL (a lateral subquery over `n`): whom an item targets. `kind` is hc (one housing company), hcs
 * (it and the next one: an item for two neighbouring companies), city or country (a
 * building-taxonomy term) or all; `h` is the housing company the item is about (for a term: a
 * company under it, so that terms are weighted by their companies), `h2` the next company.
 */
const targeting = (salt: number, companies: number, shares: Shares) => `
  cross join lateral (
    select case when ${rnd(salt, 'n')} < ${shares[0]} then 'hc' when ${rnd(salt, 'n')} < ${shares[1]} then 'hcs'
                when ${rnd(salt, 'n')} < ${shares[2]} then 'city' when ${rnd(salt, 'n')} < ${shares[3]} then 'country'
                else 'all' end as kind,
           ${pick(salt + 1, 'n', companies)} as g
  ) as tg
  join large_content_hc h on h.g = tg.g
  join large_content_hc h2 on h2.g = 1 + tg.g % ${companies}`;

/** SQL columns of a targeting (needs tg, h and h2). */
const TARGET_COLUMNS = `
  case tg.kind when 'hc' then array[h.id] when 'hcs' then array[h.id, h2.id] else '{}'::uuid[] end
    as housing_company_ids,
  case tg.kind when 'city' then array[h.city] when 'country' then array[h.country] else '{}'::text[] end
    as building_taxonomies,
  case tg.kind when 'hc' then array['hc:' || h.id] when 'hcs' then array['hc:' || h.id, 'hc:' || h2.id]
    when 'city' then array['term:' || h.city] when 'country' then array['term:' || h.country] else array['all'] end
    as audience,
  (tg.kind = 'all' or h.finnish) as finnish_text,
  case when tg.kind <> 'all' and h.finnish then 'fi' else 'en' end as default_language`;

/** SQL: the variants of an item from its English and Finnish texts (jsonb objects). */
const variantsOf = (salt: number, en: string, fi: string) => `
  case when x.finnish_text and x.default_language = 'fi' and ${rnd(salt, 'x.n')} >= 500
       then jsonb_build_object('fi', ${fi})
       when x.finnish_text then jsonb_build_object('fi', ${fi}, 'en', ${en})
       else jsonb_build_object('en', ${en}) end`;

/** Articles number first…last. */
async function insertArticles(exec: Exec, first: number, last: number, companies: number) {
  const title = (lang: 'en' | 'fi') =>
    `${word('newsSubjects', lang, 'x.s')} || ' ' || ${word('newsQualifiers', lang, 'x.q')}`;
  const texts = (lang: 'en' | 'fi') =>
    `jsonb_build_object('title', ${title(lang)}, 'introduction', ${word('introductions', lang, 'x.i')},
       'content', '<p>' || ${word('sentences', lang, 'x.b1')} || '</p><p>' || ${word('sentences', lang, 'x.b2')} || '</p>')`;
  await exec(
    `insert into content.articles
       (id, codename, article_type, title, variants, building_phase, ready_after, sticky_until, archive_at, image_ids,
        announced_at, status, publish_at, unpublish_at, housing_company_ids, building_taxonomies, audience, user_roles,
        author_name, author_roles, default_language, created_at, updated_at)
     select ${uuidOf('large-article', 'x.n')}, '${PREFIX}' || replace(x.article_type, '_', '-') || '-' || x.n,
            x.article_type,
            case when x.default_language = 'fi' then ${title('fi')} else ${title('en')} end,
            ${variantsOf(121, texts('en'), texts('fi'))},
            x.building_phase, x.ready_after,
            case when ${rnd(107, 'x.n')} < 20 then x.publish_at + interval '14 days' end,
            case when ${rnd(108, 'x.n')} < 250 then x.publish_at + interval '180 days' end,
            case when ${rnd(113, 'x.n')} < 400 then array[${uuidOf('large-asset', pick(122, 'x.n', IMAGE_POOL))}]
                 else '{}'::uuid[] end,
            case when x.status = 'published' and x.publish_at <= now() then x.publish_at end,
            x.status, x.publish_at,
            case when ${rnd(109, 'x.n')} < 20 then x.publish_at + interval '90 days' end,
            x.housing_company_ids, x.building_taxonomies, x.audience, x.user_roles,
            x.author_name, x.author_roles, x.default_language, x.created_at, x.created_at
       from (
         select n, ${TARGET_COLUMNS},
                case when ${rnd(103, 'n')} < 500 then 'news' when ${rnd(103, 'n')} < 720 then 'announcement'
                     when ${rnd(103, 'n')} < 840 then 'status_update' when ${rnd(103, 'n')} < 880 then 'priority_news'
                     else 'marketing' end as article_type,
                p.status, p.publish_at,
                coalesce(p.publish_at - interval '2 hours', now() - interval '1 day') as created_at,
                case when tg.kind not in ('hc', 'hcs') and ${rnd(110, 'n')} < 100 then 'construction'
                     when tg.kind not in ('hc', 'hcs') and ${rnd(110, 'n')} < 200 then 'living' end as building_phase,
                case when tg.kind not in ('hc', 'hcs') and ${rnd(111, 'n')} < 10 then current_date - 730 end as ready_after,
                case when ${rnd(112, 'n')} < 40 then array['boardMember', 'chairman']
                     when ${rnd(112, 'n')} < 50 then array['owner'] else '{}'::text[] end as user_roles,
                case when tg.kind not in ('hc', 'hcs') then 'Porta' when ${rnd(120, 'n')} < 200 then 'Board' else 'Property manager' end
                  as author_name,
                case when tg.kind not in ('hc', 'hcs') then array['yitMarketing'] when ${rnd(120, 'n')} < 200 then array['boardMember']
                     else array['propertyManager'] end as author_roles,
                ${wordIndex('newsSubjects', 114, 'n')} as s, ${wordIndex('newsQualifiers', 115, 'n')} as q,
                ${wordIndex('introductions', 116, 'n')} as i, ${wordIndex('sentences', 117, 'n')} as b1,
                ${wordIndex('sentences', 118, 'n')} as b2
           from generate_series($1::int, $2::int) as n
           ${targeting(101, companies, ITEM_SHARES)}
           cross join lateral (
             select case when ${rnd(104, 'n')} < 30 then 'draft' else 'published' end as status,
                    case when ${rnd(104, 'n')} < 30 then null
                         when ${rnd(104, 'n')} < 40 then now() + (1 + ${rnd(106, 'n')} % 30) * interval '1 day'
                         else now() - ${spread(105, 'n', 1095 * 1440)} * interval '1 minute' end as publish_at
           ) as p
       ) as x
       cross join v`,
    [first, last],
  );
}

/** Calendar entries number first…last: events, tasks and deadlines from 1,000 days ago to 95 days ahead. */
async function insertCalendarEntries(exec: Exec, first: number, last: number, companies: number) {
  const title = (lang: 'en' | 'fi') => word('calendarSubjects', lang, 'x.s');
  const texts = (lang: 'en' | 'fi') =>
    `jsonb_build_object('title', ${title(lang)}, 'location', ${word('locations', lang, 'x.l')},
       'content', '<p>' || ${word('sentences', lang, 'x.b1')} || '</p><p>' || ${word('sentences', lang, 'x.b2')} || '</p>')`;
  await exec(
    `insert into content.calendar_entries
       (id, codename, entry_type, title, variants, location, start_at, end_at, announced_at, deadline_notice_at, status,
        publish_at, housing_company_ids, building_taxonomies, audience, user_roles, author_name, author_roles,
        default_language, created_at, updated_at)
     select ${uuidOf('large-calendar', 'x.n')}, '${PREFIX}' || x.entry_type || '-' || x.n, x.entry_type,
            case when x.default_language = 'fi' then ${title('fi')} else ${title('en')} end,
            ${variantsOf(221, texts('en'), texts('fi'))},
            case when x.default_language = 'fi' then ${word('locations', 'fi', 'x.l')} else ${word('locations', 'en', 'x.l')} end,
            x.start_at,
            case when x.entry_type = 'event' then x.start_at + (1 + ${rnd(205, 'x.n')} % 3) * interval '1 hour' end,
            case when x.status = 'published' and x.publish_at <= now() then x.publish_at end,
            case when x.status = 'published' and x.entry_type = 'deadline' and x.start_at <= now() + interval '7 days'
                 then x.publish_at end,
            x.status, x.publish_at, x.housing_company_ids, x.building_taxonomies, x.audience, x.user_roles,
            case when x.housing_company_ids = '{}' then 'Porta' else 'Property manager' end,
            case when x.housing_company_ids = '{}' then array['yitUser'] else array['propertyManager'] end,
            x.default_language, coalesce(x.publish_at, now()) - interval '1 hour', coalesce(x.publish_at, now()) - interval '1 hour'
       from (
         select n, ${TARGET_COLUMNS},
                case when ${rnd(203, 'n')} < 600 then 'event' when ${rnd(203, 'n')} < 850 then 'task' else 'deadline' end
                  as entry_type,
                t.start_at,
                case when ${rnd(206, 'n')} < 30 then 'draft' else 'published' end as status,
                case when ${rnd(206, 'n')} < 30 then null
                     when ${rnd(206, 'n')} < 40 then now() + (1 + ${rnd(207, 'n')} % 20) * interval '1 day'
                     else least(t.start_at - (7 + ${rnd(207, 'n')} % 21) * interval '1 day', now() - interval '1 hour') end
                  as publish_at,
                case when ${rnd(208, 'n')} < 40 then array['boardMember', 'chairman'] else '{}'::text[] end as user_roles,
                ${wordIndex('calendarSubjects', 214, 'n')} as s, ${wordIndex('locations', 215, 'n')} as l,
                ${wordIndex('sentences', 217, 'n')} as b1, ${wordIndex('sentences', 218, 'n')} as b2
           from generate_series($1::int, $2::int) as n
           ${targeting(201, companies, ITEM_SHARES)}
           cross join lateral (
             select date_trunc('day', now()) - interval '1000 days' + ${spread(204, 'n', 1095)} * interval '1 day'
                    + (7 + ${rnd(209, 'n')} % 12) * interval '1 hour' as start_at
           ) as t
       ) as x
       cross join v`,
    [first, last],
  );
}

/** Images, shop partners, feeds and their items: the same at every scale. */
async function insertShared(exec: Exec) {
  await exec(
    `insert into content.assets (id, storage_key, file_name, mime_type, size, width, height, purpose, created_at)
     select ${uuidOf('large-asset', 'i')}, 'large/article-image-' || i || '.jpg', 'photo-' || i || '.jpg', 'image/jpeg',
            180000 + i * 97, 1920, 1080, 'article-image', now() - interval '3 years'
       from generate_series(1, ${IMAGE_POOL}) as i`,
  );
  await exec(
    `insert into content.shop_partners (id, name, description, rating, ratings_count, business_id, external_id, country,
                                        email, phone, source)
     select ${uuidOf('large-shop', 'i')}, ($1::text[])[1 + (i - 1) % cardinality($1::text[])] || ' ' || i || ' Oy',
            jsonb_build_object('en', 'Services for homes and housing companies.', 'fi', 'Palveluja koteihin ja taloyhtiöihin.'),
            3.5 + ${rnd(401, 'i')} / 666.0, 5 + ${rnd(402, 'i')}, lpad((1000000 + i)::text, 7, '0') || '-' || (i % 10),
            'LARGE-SP-' || i, 'Finland', 'partner' || i || '@${LARGE_EMAIL_DOMAIN}', '+358 9 555 ' || lpad(i::text, 4, '0'),
            'porta'
       from generate_series(1, ${SHOP_PARTNERS}) as i`,
    [SHOP_PARTNER_NAMES],
  );
  for (const feed of FEEDS) {
    const lang = feed.language === 'fi' ? 'fi' : 'en';
    await exec(
      `insert into content.feeds (id, kind, url, format, language, active, last_fetched_at)
       values (${uuidOf('large-feed', String(feed.n))}, $1, $2, $3, $4, false, now() - interval '20 minutes')`,
      [feed.kind, `${FEED_HOST}${feed.url}`, feed.url.endsWith('.atom') ? 'atom' : 'rss', feed.language],
    );
    await exec(
      `insert into content.feed_items (feed_id, kind, guid, slug, title, excerpt, content_html, link, image_url, categories,
                                       published_at, fetched_at)
       select ${uuidOf('large-feed', String(feed.n))}, $1, 'large-' || $2 || '-' || x.i,
              lower(regexp_replace(${word('feedTitles', 'en', 'x.t')}, '[^A-Za-z0-9]+', '-', 'g')) || '-${feed.n}-' || x.i,
              ${word('feedTitles', lang, 'x.t')}, ${word('introductions', lang, 'x.intro')},
              '<p>' || ${word('sentences', lang, 'x.b')} || '</p>', '${FEED_HOST}' || $2 || '/' || x.i,
              '${FEED_HOST}images/' || (x.i % 40) || '.jpg',
              case when x.i % 3 = 0 then array['Latest', 'Popular'] else array['Latest'] end,
              x.published_at, x.published_at + interval '10 minutes'
         from (
           select i, ${wordIndex('feedTitles', 411, 'i')} as t, ${wordIndex('introductions', 412, 'i')} as intro,
                  ${wordIndex('sentences', 413, 'i')} as b,
                  now() - ${spread(414, 'i', 1095 * 24)} * interval '1 hour' as published_at
             from generate_series(1, ${feed.items}) as i
         ) as x
         cross join v`,
      [feed.kind, `${feed.n}`],
    );
  }
}

/** Lifecycle steps (12 per housing company, around its completion), contacts and campaigns. */
async function insertPerCompany(exec: Exec, companies: number, campaignCount: number) {
  const stepTexts = (lang: 'en' | 'fi') =>
    `jsonb_build_object('title', ${word('stepTitles', lang, 'k')}, 'introduction', ${word('introductions', lang, pick(301, 'h.g * 100 + k', VOCABULARY.introductions.en.length))},
       'content', '<p>' || ${word('sentences', lang, pick(302, 'h.g * 100 + k', VOCABULARY.sentences.en.length))} || '</p>')`;
  await exec(
    `insert into content.steps (id, codename, title, variants, date_start, status, publish_at, housing_company_ids,
                                audience, author_name, author_roles, default_language, created_at, updated_at)
     select ${uuidOf('large-step', 'h.g * 100 + k')}, '${PREFIX}step-' || h.g || '-' || k,
            case when h.finnish then ${word('stepTitles', 'fi', 'k')} else ${word('stepTitles', 'en', 'k')} end,
            case when h.finnish then jsonb_build_object('fi', ${stepTexts('fi')}, 'en', ${stepTexts('en')})
                 else jsonb_build_object('en', ${stepTexts('en')}) end,
            d.day, 'published', least(d.day - 120, current_date - 1)::timestamptz, array[h.id], array['hc:' || h.id],
            'Project team', array['yitProject'], case when h.finnish then 'fi' else 'en' end,
            least(d.day - 120, current_date - 1)::timestamptz, least(d.day - 120, current_date - 1)::timestamptz
       from large_content_hc h
       cross join generate_series(1, ${STEPS_PER_COMPANY}) as k
       cross join lateral (select coalesce(h.completion_date, current_date)
                                  + case when k <= 10 then (k - 11) * 50 else (k - 11) * 14 end as day) as d
       cross join v`,
  );

  await exec(
    `insert into content.contacts (codename, name, variants, email, phone_number, is_primary, contact_taxonomies, priority,
                                   status, publish_at, housing_company_ids, audience, author_name, author_roles,
                                   default_language, created_at, updated_at)
     select '${PREFIX}contact-' || h.g || '-' || c.k, c.name || ' ' || h.g,
            jsonb_build_object('en', jsonb_build_object('title', c.title, 'openingHours', 'Mon–Fri 8–16')),
            'contact.' || h.g || '.' || c.k || '@${LARGE_EMAIL_DOMAIN}', '+358 40 ' || lpad((h.g * 10 + c.k)::text, 7, '0'),
            c.prim, array[c.taxonomy], c.priority, 'published', now() - interval '2 years', array[h.id], array['hc:' || h.id],
            'Property manager', array['propertyManager'], 'en', now() - interval '2 years', now() - interval '2 years'
       from large_content_hc h
       cross join unnest($1::text[], $2::text[], $3::int[], $4::boolean[], $5::text[])
         with ordinality as c(title, taxonomy, priority, prim, name, k)`,
    [
      COMPANY_CONTACTS.map((c) => c.title),
      COMPANY_CONTACTS.map((c) => c.taxonomy),
      COMPANY_CONTACTS.map((c) => c.priority),
      COMPANY_CONTACTS.map((c) => c.primary),
      ['Huolto', 'Hallitus', 'Isännöinti'],
    ],
  );
  // Per country: the developer's default contact and a primary one for warranty matters.
  await exec(
    `insert into content.contacts (codename, name, variants, email, phone_number, is_primary, is_default, contact_taxonomies,
                                   priority, status, publish_at, building_taxonomies, audience, author_name, author_roles,
                                   default_language, created_at, updated_at)
     select '${PREFIX}contact-' || c.country || '-' || k.k, k.name,
            jsonb_build_object('en', jsonb_build_object('title', k.title, 'openingHours', 'Mon–Fri 9–17')),
            k.kind || '.' || c.country || '@${LARGE_EMAIL_DOMAIN}', '+358 20 433 ' || lpad(k.k::text, 4, '0'),
            k.kind = 'warranty', k.kind = 'service', array['customer_service'], k.k, 'published',
            now() - interval '3 years', array[c.country], array['term:' || c.country], 'Porta', array['yitUser'], 'en',
            now() - interval '3 years', now() - interval '3 years'
       from (select distinct country from large_content_hc) as c
       cross join (values (1, 'service', 'Customer service', 'Customer service'),
                          (2, 'warranty', 'Warranty matters', 'Warranty service')) as k(k, kind, title, name)`,
  );

  const campaignTitle = (lang: 'en' | 'fi') =>
    `${word('campaignSubjects', lang, 'x.s')} || ' – ' || ${word('campaignOffers', lang, 'x.o')}`;
  const campaignTexts = (lang: 'en' | 'fi') =>
    `jsonb_build_object('title', ${campaignTitle(lang)}, 'content', '<p>' || ${word('sentences', lang, 'x.b')} || '</p>',
       'ctaText', case when x.advertisement then ${lang === 'fi' ? "'Pyydä tarjous'" : "'Ask for an offer'"} end)`;
  await exec(
    `insert into content.campaigns
       (id, codename, is_advertisement, title, variants, image_id, link, shop_partner_id, partner_name, start_at, end_at,
        sticky_until, discount_percentage, categories, building_phase, weeks_after_completion, rooms, apartment_size_min,
        apartment_size_max, status, publish_at, housing_company_ids, building_taxonomies, audience, author_name,
        author_roles, default_language, created_at, updated_at)
     select ${uuidOf('large-campaign', 'x.n')}, '${PREFIX}campaign-' || x.n, x.advertisement,
            case when x.default_language = 'fi' then ${campaignTitle('fi')} else ${campaignTitle('en')} end,
            case when x.finnish_text then jsonb_build_object('fi', ${campaignTexts('fi')}, 'en', ${campaignTexts('en')})
                 else jsonb_build_object('en', ${campaignTexts('en')}) end,
            ${uuidOf('large-asset', pick(320, 'x.n', IMAGE_POOL))}, 'https://shop.large.porta.test/offer/' || x.n,
            ${uuidOf('large-shop', 'x.sp')}, sp.name, x.start_at, x.end_at,
            case when ${rnd(306, 'x.n')} < 30 then x.start_at + interval '14 days' end,
            case when ${rnd(307, 'x.n')} < 300 then 0.05 + (${rnd(307, 'x.n')} % 6) * 0.05 end,
            array[($1::text[])[${pick(308, 'x.n', CAMPAIGN_CATEGORIES.length)}]],
            case when ${rnd(312, 'x.n')} < 70 then 'living' when ${rnd(312, 'x.n')} < 100 then 'construction' end,
            case when ${rnd(313, 'x.n')} < 50 then 26 end,
            case when ${rnd(310, 'x.n')} < 50 then array[1, 2] when ${rnd(310, 'x.n')} < 100 then array[3, 4, 5]
                 else '{}'::int[] end,
            case when ${rnd(311, 'x.n')} < 50 then 55 end, case when ${rnd(311, 'x.n')} between 50 and 99 then 60 end,
            x.status, case when x.status = 'published' then x.start_at - interval '1 day' end,
            x.housing_company_ids, x.building_taxonomies, x.audience, 'Marketing', array['yitMarketing'],
            x.default_language, x.start_at - interval '3 days', x.start_at - interval '3 days'
       from (
         select n, ${TARGET_COLUMNS},
                ${rnd(303, 'n')} < 200 as advertisement,
                w.start_at,
                case when ${rnd(305, 'n')} < 100 and ${rnd(303, 'n')} >= 200 then null
                     when ${rnd(303, 'n')} < 200 then w.start_at + (14 + ${rnd(304, 'n')} % 150) * interval '1 day'
                     else w.start_at + (14 + ${rnd(304, 'n')} % 166) * interval '1 day' end as end_at,
                case when ${rnd(315, 'n')} < 50 then 'draft' else 'published' end as status,
                ${pick(314, 'n', SHOP_PARTNERS)} as sp,
                ${wordIndex('campaignSubjects', 316, 'n')} as s, ${wordIndex('campaignOffers', 317, 'n')} as o,
                ${wordIndex('sentences', 318, 'n')} as b
           from generate_series(1, ${campaignCount}) as n
           ${targeting(301, companies, CAMPAIGN_SHARES)}
           cross join lateral (
             select date_trunc('hour', now()) - interval '1065 days' + ${spread(309, 'n', 1095 * 24)} * interval '1 hour'
                    as start_at
           ) as w
       ) as x
       join content.shop_partners sp on sp.id = ${uuidOf('large-shop', 'x.sp')}
       cross join v`,
    [CAMPAIGN_CATEGORIES],
  );
}

/** Bring the articles (or calendar entries) to `wanted`: add the missing numbers or drop the highest. */
async function resizeItems(
  exec: Exec,
  scalar: Scalar,
  table: 'articles' | 'calendar_entries',
  have: number,
  wanted: number,
  insert: (first: number, last: number) => Promise<void>,
) {
  if (wanted < have) {
    await exec(
      `delete from content.${table} where codename like $1 and substring(codename from '[0-9]+$')::int > $2`,
      [`${PREFIX}%`, wanted],
    );
  }
  for (let first = have + 1; first <= wanted; first += CHUNK) {
    await insert(first, Math.min(wanted, first + CHUNK - 1));
  }
  return scalar(`select count(*)::int as n from content.${table} where codename like $1`, [`${PREFIX}%`]);
}

/** The tables the content load writes, analysed after it (PGlite has no autovacuum). */
const TABLES = [
  'articles',
  'calendar_entries',
  'steps',
  'contacts',
  'campaigns',
  'shop_partners',
  'feeds',
  'feed_items',
  'assets',
  'directory_housing_companies',
  'directory_apartments',
];
const TABLES_SQL = TABLES.map((t) => `content.${t}`).join(', ');

/**
 * Migrate the content schema and bring the data set's content to the wanted size: the directory,
 * steps, contacts, campaigns and feeds once (again when identity's data set was replaced), the
 * articles and calendar entries to `fraction` of their full count. Needs identity's large data set.
 */
export async function seedLargeContent(target: LargeTarget, options: ContentOptions): Promise<ContentResult> {
  const { step, steps } = stepTimer(options.log ?? (() => undefined));
  const started = performance.now();
  const { database, prepared: migrated } = await openPrepared(target, step, (db) =>
    migrateAndTell(db, step, 'content'),
  );
  const { exec, scalar } = sqlOn(database);

  try {
    const companies = await scalar(
      'select count(*)::int as n from identity.housing_companies where hc_ext like $1',
      [`${LARGE_HC_PREFIX}%`],
    );
    if (companies === 0) throw new Error('the large data set of identity is missing: seed it first');
    const wanted = contentCountsAt(options.scale, options.fraction);
    const existing = await existingLargeContent(database);
    const rebuild =
      options.reset ||
      existing.stale ||
      existing.directory !== companies ||
      existing.steps !== companies * STEPS_PER_COMPANY;
    if (
      !rebuild &&
      existing.articles === wanted.articles &&
      existing.calendarEntries === wanted.calendarEntries
    ) {
      if (migrated)
        await step('analyse the content tables (new migration)', () => exec(`analyze ${TABLES_SQL}`));
      return { counts: {}, steps, totalMs: Math.round(performance.now() - started), unchanged: true };
    }

    await exec('begin');
    try {
      // Compiling the long generating statements would take longer than running them.
      await exec('set local jit = off');
      await temporaryTables(exec);
      let have = { articles: existing.articles, calendarEntries: existing.calendarEntries };
      if (rebuild) {
        await step('content: remove the previous content', () => removeLargeContent(exec));
        await step(
          'directory read model (from identity)',
          async () => {
            await fillDirectory(exec);
            return scalar('select count(*)::int as n from content.directory_housing_companies');
          },
          (n) => n,
        );
        await step(
          'directory compared with identity',
          () => checkDirectory(database),
          (n) => n,
        );
        await step('images, shop partners, feed items', () => insertShared(exec));
        await step(
          'steps, contacts, campaigns',
          async () => {
            await insertPerCompany(exec, companies, wanted.campaigns);
            return scalar(
              `select (select count(*) from content.steps where codename like $1)
                    + (select count(*) from content.contacts where codename like $1)
                    + (select count(*) from content.campaigns where codename like $1) as n`,
              [`${PREFIX}%`],
            );
          },
          (n) => n,
        );
        have = { articles: 0, calendarEntries: 0 };
      }
      const articles = await step(
        `articles ${have.articles} → ${wanted.articles}`,
        () =>
          resizeItems(exec, scalar, 'articles', have.articles, wanted.articles, (first, last) =>
            insertArticles(exec, first, last, companies),
          ),
        (n) => n,
      );
      const calendarEntries = await step(
        `calendar entries ${have.calendarEntries} → ${wanted.calendarEntries}`,
        () =>
          resizeItems(
            exec,
            scalar,
            'calendar_entries',
            have.calendarEntries,
            wanted.calendarEntries,
            (first, last) => insertCalendarEntries(exec, first, last, companies),
          ),
        (n) => n,
      );
      await step('commit', () => exec('commit'));
      await step('analyse the content tables', () => exec(`vacuum analyze ${TABLES_SQL}`));
      return {
        counts: { articles, calendarEntries, campaigns: wanted.campaigns },
        steps,
        totalMs: Math.round(performance.now() - started),
        unchanged: false,
      };
    } catch (err) {
      await exec('rollback').catch(() => undefined);
      throw err;
    }
  } finally {
    await database.close();
  }
}
