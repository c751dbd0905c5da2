import { CONTACT_GROUP_PRIORITIES, CONTACT_PRIORITY_DEFAULT } from '@porta/contracts';
import Fastify from 'fastify';
import { openBareDatabase } from './bare-database.js';
import { listenUntilStopped } from './lifecycle.js';

/**
 * The baseline of the content scenarios: bare Fastify answering what the dashboard's content calls
 * answer, each as one SQL statement on the large data set, without authentication, policies,
 * logging, validation or response schemas. On PostgreSQL (DATABASE_URL) through a node-postgres
 * pool of 10, as Porta; else on PGlite in DATA_DIR/pglite (one in-process connection).
 *
 * Every statement starts from the reader's housing company in the directory read model (its
 * audience keys and phase), as Porta's reader does, and filters by the same rules: published,
 * inside the publication window, targeted at the company, its terms or all, and for the reader's
 * roles. The reader is given in the query string: `hc` (housing company), `roles` (comma list),
 * `lang`, and for campaigns `apartment`.
 *
 *   GET /news?hc=&roles=          4 latest news (sticky first) and their total
 *   GET /calendar?hc=&roles=      the next 4 calendar entries and their total
 *   GET /campaigns?hc=&roles=&apartment=   6 random campaigns the rules let the reader see
 *   GET /contacts/main?hc=&roles= the partners' key contacts and the default and primary contacts
 *   GET /steps?hc=&roles=         the lifecycle steps (none unless active)
 *   GET /feeds/recommended?lang=  4 newest recommended articles in the language, and their total
 *   GET /feeds/corporate          4 newest corporate news and their total
 *   GET /timeline?hc=&roles=[&cursor=]  a timeline page: around today, or 50 earlier than a cursor
 */
const { query, close } = await openBareDatabase();

const PAGE = 50;

/** The reader ($1 housing company): its audience keys, phase and completion date. */
const READER = `
  r as (
    select d.id, d.completion_date, d.lifecycle_steps_active, d.partner_contacts,
           array['all', 'hc:' || d.id] || array(select 'term:' || t from unnest(d.taxonomy_path) as t) as keys,
           case when d.completion_date < current_date then 'living' else 'construction' end as phase
      from content.directory_housing_companies d where d.id = $1
  )`;

/** Published to the reader now ($2: the reader's roles). */
const visible = (t: string) => `
  ${t}.status = 'published' and ${t}.publish_at <= now() and (${t}.unpublish_at is null or ${t}.unpublish_at > now())
  and ${t}.audience && r.keys and (cardinality(${t}.user_roles) = 0 or ${t}.user_roles && $2::text[])`;

/** Articles' own rules: building phase, ready-before/after dates, the welcome article. */
const ARTICLE_RULES = `
  (a.building_phase is null or a.building_phase = r.phase)
  and (a.ready_before is null or a.ready_before > r.completion_date)
  and (a.ready_after is null or a.ready_after < r.completion_date)
  and (r.phase = 'construction' or a.codename <> 'welcome-to-porta')`;

const NEWS = `
  with ${READER}
  select (select coalesce(json_agg(x), '[]') from (
            select a.id, a.codename, a.article_type, a.variants -> $3::text as texts, a.variants, a.default_language,
                   a.publish_at, a.sticky_until > now() as sticky, s.id as image_id, s.file_name as image_name
              from content.articles a cross join r
              left join content.assets s on s.id = a.image_ids[1]
             where ${visible('a')} and ${ARTICLE_RULES} and (a.archive_at is null or a.archive_at > now())
             order by coalesce(a.sticky_until > now(), false) desc, a.publish_at desc, a.id desc
             limit 4) as x) as items,
         (select count(*)::int from content.articles a cross join r
           where ${visible('a')} and ${ARTICLE_RULES} and (a.archive_at is null or a.archive_at > now())) as total`;

const CALENDAR = `
  with ${READER}
  select (select coalesce(json_agg(x), '[]') from (
            select c.id, c.codename, c.entry_type, c.variants -> $3::text as texts, c.variants, c.default_language,
                   c.start_at, c.end_at, c.location, s.id as image_id
              from content.calendar_entries c cross join r
              left join content.assets s on s.id = c.image_ids[1]
             where ${visible('c')} and (coalesce(c.end_at, c.start_at) is null or coalesce(c.end_at, c.start_at) >= now())
             order by c.start_at asc nulls last, c.id asc
             limit 4) as x) as items,
         (select count(*)::int from content.calendar_entries c cross join r
           where ${visible('c')} and (coalesce(c.end_at, c.start_at) is null or coalesce(c.end_at, c.start_at) >= now()))
           as total`;

/** Every rule of 02 §5 in SQL ($4: the reader's apartment, which may be null). */
const CAMPAIGNS = `
  with ${READER},
  apt as (select size, rooms from content.directory_apartments where id = $4::uuid and housing_company_id = $1)
  select c.id, c.codename, c.is_advertisement, c.variants -> $3::text as texts, c.variants, c.default_language, c.image_id,
         c.partner_name, c.shop_partner_id, c.start_at, c.end_at, c.sticky_until > now() as sticky,
         c.discount_percentage, c.urgent, c.categories, c.link
    from content.campaigns c cross join r left join apt on true
   where ${visible('c')}
     and (c.building_phase is null or c.building_phase = r.phase)
     and (c.start_at is null or c.start_at < date_trunc('day', now()) + interval '1 day')
     and (c.end_at is null or c.end_at >= date_trunc('day', now()))
     and ((c.weeks_before_completion is null and c.weeks_after_completion is null)
          or (r.completion_date is not null
              and (c.weeks_before_completion is null or current_date >= r.completion_date - 7 * c.weeks_before_completion)
              and (c.weeks_after_completion is null or current_date <= r.completion_date + 7 * c.weeks_after_completion)))
     and (apt.size is null or ((c.apartment_size_min is null or apt.size >= c.apartment_size_min)
                               and (c.apartment_size_max is null or apt.size <= c.apartment_size_max)))
     and (apt.rooms is null or c.rooms is null or cardinality(c.rooms) = 0 or apt.rooms = any(c.rooms))
   order by random()
   limit 6`;

const groups = Object.entries(CONTACT_GROUP_PRIORITIES)
  .sort(([, a], [, b]) => (a ?? 0) - (b ?? 0))
  .map(([group, priority]) => `when '${group}' = any(k.contact_taxonomies) then ${priority}`)
  .join(' ');
const CONTACT_PRIORITY = `case when k.priority <> ${CONTACT_PRIORITY_DEFAULT} then k.priority ${groups} else ${CONTACT_PRIORITY_DEFAULT} end`;

const MAIN_CONTACTS = `
  with ${READER}
  select r.partner_contacts,
         (select coalesce(json_agg(x), '[]') from (
            select k.id, k.name, k.variants -> $3::text as texts, k.variants, k.email, k.phone_number, k.is_default,
                   k.is_primary, ${CONTACT_PRIORITY} as priority
              from content.contacts k
             where ${visible('k')} and (k.is_default or k.is_primary)
             order by ${CONTACT_PRIORITY}, k.name, k.id
             limit 50) as x) as contacts
    from r`;

const STEPS = `
  with ${READER}
  select s.id, s.codename, s.variants -> $3::text as texts, s.variants, s.date_start, s.parent_id, a.id as image_id
    from content.steps s cross join r
    left join content.assets a on a.id = s.image_ids[1]
   where r.lifecycle_steps_active and ${visible('s')} and s.date_start is not null
   order by s.date_start, s.title, s.id`;

const feedPage = (languageFilter: string) => `
  select (select coalesce(json_agg(x), '[]') from (
            select i.id, i.slug, i.title, i.excerpt, i.link, i.image_url, i.categories, i.published_at
              from content.feed_items i join content.feeds f on f.id = i.feed_id
             where i.kind = $1 ${languageFilter}
             order by i.published_at desc, i.id asc
             limit 4) as x) as items,
         (select count(*)::int from content.feed_items i join content.feeds f on f.id = i.feed_id
           where i.kind = $1 ${languageFilter}) as total`;

/** The calendar entry's sort type, as Porta's timeline keys it. */
const CALENDAR_TYPE = `(case when c.entry_type = 'deadline' or strpos(c.codename, 'deadline') > 0 then 'deadline' else c.entry_type end)`;

/**
 * One timeline read per source and direction, each a keyset scan of at most `limit` rows from a key
 * ($4 date, $5 type, $6 id): the articles, calendar entries and (when active) steps after or before it.
 */
function timelineReads(reads: { dir: 'asc' | 'desc'; inclusive: boolean; limit: number }[]): string {
  const sources = (dir: 'asc' | 'desc', inclusive: boolean, limit: number) => {
    const op = `${dir === 'asc' ? '>' : '<'}${inclusive ? '=' : ''}`;
    const dateOp = dir === 'asc' ? '>=' : '<=';
    const tag = `'${dir}${inclusive ? '=' : ''}'`;
    return [
      `(select ${tag} as dir, a.id, a.publish_at as d, a.article_type as t, a.codename, a.variants -> $3::text as texts,
               a.image_ids[1] as image_id
          from content.articles a cross join r
         where ${visible('a')} and ${ARTICLE_RULES} and a.publish_at ${dateOp} $4::timestamptz
           and (a.publish_at, a.article_type collate "C", a.id) ${op} ($4::timestamptz, $5::text collate "C", $6::uuid)
         order by a.publish_at ${dir}, a.article_type collate "C" ${dir}, a.id ${dir}
         limit ${limit})`,
      `(select ${tag}, c.id, c.start_at, ${CALENDAR_TYPE}, c.codename, c.variants -> $3::text, c.image_ids[1]
          from content.calendar_entries c cross join r
         where ${visible('c')} and c.start_at ${dateOp} $4::timestamptz
           and (c.start_at, ${CALENDAR_TYPE} collate "C", c.id) ${op} ($4::timestamptz, $5::text collate "C", $6::uuid)
         order by c.start_at ${dir}, ${CALENDAR_TYPE} collate "C" ${dir}, c.id ${dir}
         limit ${limit})`,
      `(select ${tag}, s.id, s.date_start::timestamp at time zone 'UTC', 'step', s.codename, s.variants -> $3::text, s.image_ids[1]
          from content.steps s cross join r
         where r.lifecycle_steps_active and ${visible('s')}
           and s.date_start ${dateOp} ($4::timestamptz at time zone 'UTC')::date
           and (s.date_start::timestamp at time zone 'UTC', 'step'::text collate "C", s.id) ${op}
               ($4::timestamptz, $5::text collate "C", $6::uuid)
         order by s.date_start ${dir}, s.id ${dir}
         limit ${limit})`,
    ];
  };
  return `with ${READER}
    ${reads.flatMap((read) => sources(read.dir, read.inclusive, read.limit)).join('\n union all ')}`;
}

/** The first page: the next and the past items around today (51 each way per source). */
const TIMELINE_AROUND = timelineReads([
  { dir: 'asc', inclusive: false, limit: PAGE + 1 },
  { dir: 'desc', inclusive: false, limit: PAGE + 1 },
]);
/** A page earlier than a cursor, and whether anything lies at or after it. */
const TIMELINE_EARLIER = timelineReads([
  { dir: 'desc', inclusive: false, limit: PAGE + 1 },
  { dir: 'asc', inclusive: true, limit: 1 },
]);

interface Reader {
  hc: string;
  roles?: string;
  lang?: string;
  apartment?: string;
  cursor?: string;
}

const readerParams = (q: Reader) => [q.hc, (q.roles ?? '').split(',').filter(Boolean), q.lang ?? 'en'];

type Row = { dir: string; d: Date; t: string; id: string } & Record<string, unknown>;

/** Sort rows by their key (date, type, id), ascending or descending. */
function byKey(order: 1 | -1) {
  return (a: Row, b: Row) => {
    const d = a.d.getTime() - b.d.getTime();
    if (d !== 0) return order * d;
    if (a.t !== b.t) return order * (a.t < b.t ? -1 : 1);
    return order * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  };
}

const app = Fastify();
app.get('/ready', async () => ({ ok: true }));

app.get<{ Querystring: Reader }>('/news', async (request) => {
  const [row] = await query(NEWS, readerParams(request.query));
  return row;
});

app.get<{ Querystring: Reader }>('/calendar', async (request) => {
  const [row] = await query(CALENDAR, readerParams(request.query));
  return row;
});

app.get<{ Querystring: Reader }>('/campaigns', async (request) =>
  query(CAMPAIGNS, [...readerParams(request.query), request.query.apartment ?? null]),
);

app.get<{ Querystring: Reader }>('/contacts/main', async (request) => {
  const [row] = await query(MAIN_CONTACTS, readerParams(request.query));
  return row;
});

app.get<{ Querystring: Reader }>('/steps', async (request) => query(STEPS, readerParams(request.query)));

app.get<{ Querystring: { lang?: string } }>('/feeds/recommended', async (request) => {
  const [row] = await query(feedPage('and (f.language is null or f.language = $2)'), [
    'recommended',
    request.query.lang ?? 'en',
  ]);
  return row;
});

app.get('/feeds/corporate', async () => {
  const [row] = await query(feedPage(''), ['corporate']);
  return row;
});

app.get<{ Querystring: Reader }>('/timeline', async (request) => {
  const { cursor } = request.query;
  if (!cursor) {
    const today = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    const rows = (await query(TIMELINE_AROUND, [
      ...readerParams(request.query),
      today,
      '',
      '00000000-0000-0000-0000-000000000000',
    ])) as Row[];
    const next = rows.filter((r) => r.dir === 'asc').sort(byKey(1));
    const before = rows.filter((r) => r.dir === 'desc').sort(byKey(-1));
    const future = Math.min(next.length, Math.max(PAGE / 2, PAGE - before.length));
    const past = Math.min(before.length, PAGE - future);
    return {
      items: [...before.slice(0, past).reverse(), ...next.slice(0, future)],
      hasEarlier: before.length > past,
      hasLater: next.length > future,
    };
  }
  const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
    d: string;
    t: string;
    i: string;
  };
  const rows = (await query(TIMELINE_EARLIER, [
    ...readerParams(request.query),
    key.d,
    key.t,
    key.i,
  ])) as Row[];
  const page = rows.filter((r) => r.dir === 'desc').sort(byKey(-1));
  return {
    items: page.slice(0, PAGE).reverse(),
    hasEarlier: page.length > PAGE,
    hasLater: rows.some((r) => r.dir === 'asc='),
  };
});

await listenUntilStopped(app, close);
