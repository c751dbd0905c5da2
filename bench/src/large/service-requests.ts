import { SERVICE_REQUEST_FALLBACK_RECIPIENT_ROLES, SERVICE_REQUEST_RECIPIENT_ROLES } from '@porta/contracts';
import type { Database } from '@porta/service-kit';
import { LARGE_HC_PREFIX, type LargeTarget, rnd } from './seed.js';
import { type Exec, migrateAndTell, openPrepared, type Step, sqlOn, stepTimer } from './steps.js';

/**
 * The service requests of the large data set (issue 6 §7): at the default size 500,000 requests
 * over three years in the data set's housing companies, with their recipients (decided by the
 * type's rule, as the service decides them when a request is sent), responses and a few
 * attachments (metadata only, no files), written straight into the service-requests schema.
 *
 * One housing company — the largest lived-in Finnish one where the feature is on, "the busy
 * company" — holds `busyShare` of them (10 %: about 50,000); the rest go to senders picked evenly
 * among every resident of the data set, so larger companies get more. They are written in the
 * order of their creation time, a few minutes apart, as a table that grows has them. A sender is a registered, enabled
 * user with an apartment role in force; the request carries their name, apartment and (70 %)
 * phone. Ids are UUIDv7 of the creation time, as the service makes them, so newest first by id is
 * newest first by time.
 *
 * Everything is generated inside the database (`generate_series`, deterministic numbers from the
 * row number), in chunks through a temporary table, in one transaction; `vacuum analyze` after
 * (PGlite has no autovacuum).
 */

/** The busy company's share of the requests. */
export const SRQ_BUSY_SHARE = 0.1;
/** Requests per generating statement. */
const CHUNK = 50_000;

export interface SrqOptions {
  requests: number;
  busyShare: number;
  /** Remove the data set's requests and write them again even when the count is right. */
  reset?: boolean;
  log?: (line: string) => void;
}

export interface SrqResult {
  counts: Record<string, number>;
  steps: Step[];
  totalMs: number;
  /** Nothing had to change. */
  unchanged: boolean;
}

/** SQL: the busy company: the largest lived-in Finnish company of the data set with the feature on. */
export const BUSY_COMPANY = `
  select h.id, h.hc_ext as "hcExt", h.number_of_apartments as apartments
    from identity.housing_companies h
    join identity.taxonomy_terms t on t.id = h.building_taxonomy_term_id
   where h.hc_ext like '${LARGE_HC_PREFIX}%' and h.address_country = 'Finland' and h.completion_date < current_date
     and not exists (select 1 from identity.feature_toggles f
                      where f.feature_id = 'service-requests' and not f.active
                        and f.scope in (t.id::text, t.parent_id::text))
     and exists (select 1 from identity.housing_company_roles r
                  where r.housing_company_id = h.id and r.role = 'propertyManager')
   order by h.number_of_apartments desc, h.hc_ext
   limit 1`;

/** SQL: a UUIDv7 of a timestamptz, its random part from a row number (as uuidv7() lays it out). */
const uuidv7Of = (
  at: string,
  n: string,
) => `(lpad(to_hex(floor(extract(epoch from ${at}) * 1000)::bigint), 12, '0')
    || '7' || substr(md5('srq:' || (${n})::text), 1, 3) || '8' || substr(md5('srq:' || (${n})::text), 4, 15))::uuid`;

/** SQL: 0…range-1, deterministic from a salt and a row number. */
const spread = (salt: number, n: string, range: number) =>
  `(abs(hashint8((${n})::bigint * 64 + ${salt})) % ${range})`;

/** Subjects and texts a resident writes, and what handlers answer (English, Finnish). */
const SUBJECTS = {
  en: [
    'Dripping tap',
    'Blocked drain',
    'Broken door lock',
    'Radiator is cold',
    'Ventilation noise',
    'Lamp out in the stairwell',
    'Sauna heater fault',
    'Parking place question',
    'Garbage room door does not close',
    'Water leak under the sink',
    'Balcony glazing stuck',
    'Key order',
    'Noise, late evenings',
    'Yard lighting',
    'Laundry room booking',
    'Lift out of order',
  ],
  fi: [
    'Vuotava hana',
    'Tukkeutunut viemäri',
    'Rikkinäinen ovilukko',
    'Patteri on kylmä',
    'Ilmanvaihdon melu',
    'Porraskäytävän lamppu pimeänä',
    'Saunan kiukaan vika',
    'Autopaikkakysymys',
    'Jätekatoksen ovi ei sulkeudu',
    'Vesivuoto tiskialtaan alla',
    'Parvekelasit jumissa',
    'Avaintilaus',
    'Melua, myöhään illalla',
    'Pihavalaistus',
    'Pesutuvan varaus',
    'Hissi epäkunnossa',
  ],
};
const SENTENCES = {
  en: [
    'It started a few days ago and is getting worse.',
    'Could someone come and have a look this week?',
    'I am at home on weekdays after four.',
    'The same happened last winter as well.',
    'You may use the master key if I am not at home.',
    'Neighbours have noticed it too.',
    'Please tell me when the repair is planned.',
    'There is a photo attached to an earlier message.',
  ],
  fi: [
    'Se alkoi muutama päivä sitten ja pahenee.',
    'Voisiko joku tulla katsomaan tällä viikolla?',
    'Olen kotona arkisin neljän jälkeen.',
    'Sama tapahtui myös viime talvena.',
    'Saatte käyttää yleisavainta, jos en ole kotona.',
    'Naapuritkin ovat huomanneet sen.',
    'Kertokaa, milloin korjaus on suunniteltu.',
    'Kuva on liitetty aiempaan viestiin.',
  ],
};
const ANSWERS = {
  en: [
    'Thank you, we will take care of it.',
    'A maintenance person will visit this week.',
    'Done: please check that everything works.',
    'Could you send a photo?',
    'Ordered the spare part, it arrives next week.',
  ],
  fi: [
    'Kiitos, hoidamme asian.',
    'Huoltomies käy tällä viikolla.',
    'Tehty: tarkistathan, että kaikki toimii.',
    'Voisitko lähettää kuvan?',
    'Varaosa on tilattu, se tulee ensi viikolla.',
  ],
};

/** The data set's requests there now (those of its housing companies). */
export async function existingServiceRequests(database: Database): Promise<number> {
  const [table] = await database.query<{ ok: boolean }>(
    `select to_regclass('service_requests.requests') is not null as ok`,
  );
  if (!table?.ok) return 0;
  const [row] = await database.query<{ n: number }>(
    `select count(*)::int as n from service_requests.requests r
      where r.housing_company_id in (select id from identity.housing_companies where hc_ext like $1)`,
    [`${LARGE_HC_PREFIX}%`],
  );
  return row?.n ?? 0;
}

/** The data set's companies, their senders (residents), handlers and the word lists, for one transaction. */
async function temporaryTables(exec: Exec) {
  const inForce = (t: string) =>
    `(${t}.valid_from is null or ${t}.valid_from <= current_date) and (${t}.valid_until is null or ${t}.valid_until >= current_date)`;
  // Everyone with an apartment role in force, numbered company by company: a company's senders
  // are the numbers first_k … first_k + senders - 1.
  await exec(
    `create temp table srq_sender on commit drop as
     select (row_number() over (order by h.hc_ext, a.no, s.user_id))::int as k, h.id as hc, a.id as apartment_id,
            a.no, s.user_id, trim(u.first_name || ' ' || u.last_name) as name, u.phone
       from identity.housing_companies h
       join identity.apartments a on a.housing_company_id = h.id
       join (select distinct r.apartment_id, r.user_id from identity.apartment_roles r where ${inForce('r')}) s
         on s.apartment_id = a.id
       join identity.users u on u.id = s.user_id and u.registered and u.enabled
      where h.hc_ext like $1`,
    [`${LARGE_HC_PREFIX}%`],
  );
  await exec('create unique index on srq_sender (k)');
  await exec(
    `create temp table srq_hc on commit drop as
     select s.hc as id, min(s.k) as first_k, count(*)::int as senders,
            (h.completion_date is not null and h.completion_date < current_date) as living,
            h.address_country = 'Finland' as finnish,
            (select p.partner_company_id from identity.housing_company_partners p
              where p.housing_company_id = s.hc and p.type = 'MaintenanceManager'
              order by p.partner_company_id limit 1) as maintenance_firm
       from srq_sender s join identity.housing_companies h on h.id = s.hc
      group by s.hc, h.completion_date, h.address_country`,
  );
  await exec('create unique index on srq_hc (id)');
  // The holders of the companies' roles in force, by role: the recipients and answerers.
  await exec(
    `create temp table srq_holder on commit drop as
     select r.housing_company_id as hc, r.role, r.user_id, u.first_name, trim(u.first_name || ' ' || u.last_name) as name
       from identity.housing_company_roles r
       join identity.users u on u.id = r.user_id and u.enabled
      where ${inForce('r')} and r.housing_company_id in (select id from srq_hc)`,
  );
  await exec('create index on srq_holder (hc, role)');
  const rules = [
    ...Object.entries(SERVICE_REQUEST_RECIPIENT_ROLES).flatMap(([type, roles]) =>
      roles.map((role) => [type, role] as const),
    ),
  ];
  await exec(
    `create temp table srq_rule on commit drop as
     select * from unnest($1::text[], $2::text[]) as t(type_id, role)`,
    [rules.map(([type]) => type), rules.map(([, role]) => role)],
  );
  await exec(
    `create temp table srq_words on commit drop as
     select $1::text[] as subject_en, $2::text[] as subject_fi, $3::text[] as sentence_en, $4::text[] as sentence_fi,
            $5::text[] as answer_en, $6::text[] as answer_fi`,
    [SUBJECTS.en, SUBJECTS.fi, SENTENCES.en, SENTENCES.fi, ANSWERS.en, ANSWERS.fi],
  );
  await exec('analyze srq_sender, srq_hc, srq_holder, srq_rule, srq_words');
}

/** The requests numbered first…last, through the temporary table srq_chunk, with their recipients, responses and attachments. */
async function insertChunk(
  exec: Exec,
  first: number,
  last: number,
  plan: { busyShare: number; busyFirst: number; busySenders: number; senders: number; total: number },
) {
  const words = (list: 'subject' | 'sentence' | 'answer', salt: number, n: string) =>
    `(case when c.finnish then w.${list}_fi else w.${list}_en end)[1 + ${spread(salt, n, list === 'subject' ? SUBJECTS.en.length : list === 'sentence' ? SENTENCES.en.length : ANSWERS.en.length)}]`;
  await exec(
    `create temp table srq_chunk on commit drop as
     select x.*,
            ${uuidv7Of('x.created_at', 'x.n')} as id,
            case when x.status_key in ('closed', 'declined')
                 then least(x.created_at + (1 + ${rnd(8, 'x.n')} % 20) * interval '1 day' + ${rnd(9, 'x.n')} * interval '1 minute', now())
            end as closed_at
       from (
         select n, s.hc, s.user_id as sender_id, s.name as sender_name, s.apartment_id, s.no as apartment_no,
                case when ${rnd(1, 'n')} < 700 then s.phone end as sender_tel, h.finnish, h.maintenance_firm,
                t.created_at,
                case when h.living then
                       case when ${rnd(2, 'n')} < 400 then 'maintenance_dispatch'
                            when ${rnd(2, 'n')} < 650 then 'common_area_fault'
                            when ${rnd(2, 'n')} < 770 then 'housing_association_board'
                            when ${rnd(2, 'n')} < 840 then 'rental_service'
                            when ${rnd(2, 'n')} < 920 and h.maintenance_firm is not null then 'partner'
                            when ${rnd(2, 'n')} < 920 then 'maintenance_dispatch'
                            when ${rnd(2, 'n')} < 960 then 'apartment_furnishing'
                            when ${rnd(2, 'n')} < 980 then 'fit_out'
                            when ${rnd(2, 'n')} < 990 then 'sanitary_studio'
                            else 'construction_yard' end
                     else
                       case when ${rnd(2, 'n')} < 300 then 'construction_yard'
                            when ${rnd(2, 'n')} < 500 then 'fit_out'
                            when ${rnd(2, 'n')} < 650 then 'sanitary_studio'
                            when ${rnd(2, 'n')} < 800 then 'apartment_furnishing'
                            when ${rnd(2, 'n')} < 950 then 'maintenance_dispatch'
                            else 'common_area_fault' end
                end as type_id,
                case when t.created_at < now() - interval '30 days' then
                       case when ${rnd(3, 'n')} < 850 then 'closed' when ${rnd(3, 'n')} < 900 then 'declined'
                            when ${rnd(3, 'n')} < 950 then 'inprogress' else 'open' end
                     else
                       case when ${rnd(3, 'n')} < 300 then 'open' when ${rnd(3, 'n')} < 600 then 'inprogress'
                            when ${rnd(3, 'n')} < 950 then 'closed' else 'declined' end
                end as status_key,
                -- 2 %: private, to another resident of the company (the next sender but some).
                case when ${rnd(4, 'n')} < 20 and h.senders > 1
                     then h.first_k + (s.k - h.first_k + 1 + ${rnd(5, 'n')} % (h.senders - 1)) % h.senders end as target_k,
                ${rnd(4, 'n')} >= 20 and ${rnd(6, 'n')} < 150 as is_public,
                s.apartment_id is not null and ${rnd(7, 'n')} < 200 as visible_in_apartment,
                ${rnd(10, 'n')} < 50 as urgent_request,
                case when ${rnd(11, 'n')} < 550 then 0 when ${rnd(11, 'n')} < 850 then 1
                     when ${rnd(11, 'n')} < 960 then 2 else 3 end as response_count,
                ${rnd(12, 'n')} < 30 as attachment,
                ${rnd(13, 'n')} as r13
           from generate_series($1::int, $2::int) as n
           cross join lateral (
             select case when ${spread(17, 'n', 1_000_000)} < $3 then $4 + ${spread(14, 'n', 1_000_000_000)} % $5
                         else 1 + ${spread(15, 'n', 1_000_000_000)} % $6 end as k,
                    -- In the order they were written (as a table that grows does it), a few minutes apart.
                    now() - interval '1095 days' + ((n - 0.5) / $7::float8) * interval '1095 days'
                      - ${spread(16, 'n', 600_000)} * interval '1 millisecond' as created_at
           ) as t
           join srq_sender s on s.k = t.k
           join srq_hc h on h.id = s.hc
       ) as x`,
    [
      first,
      last,
      Math.round(plan.busyShare * 1_000_000),
      plan.busyFirst,
      plan.busySenders,
      plan.senders,
      plan.total,
    ],
  );
  await exec(
    `insert into service_requests.requests
       (id, housing_company_id, internal_id, type_id, subject, content, status_key, is_public, visible_in_apartment,
        urgent_request, targeted_to_user, target_user_id, partner_company_id, sender_id, sender_name, apartment_id,
        apartment_no, sender_tel, response_count, created_at, updated_at, closed_at)
     select c.id, c.hc, case when c.status_key <> 'open' and c.r13 < 300 then 'PM-' || c.n end, c.type_id,
            ${words('subject', 20, 'c.n')},
            '<p>' || ${words('sentence', 21, 'c.n')} || '</p><p>' || ${words('sentence', 22, 'c.n')} || '</p>',
            c.status_key, c.is_public, c.visible_in_apartment, c.urgent_request,
            t.user_id is not null, t.user_id, case when c.type_id = 'partner' then c.maintenance_firm end,
            c.sender_id, c.sender_name, c.apartment_id, c.apartment_no, c.sender_tel, c.response_count,
            c.created_at, coalesce(c.closed_at, c.created_at + c.response_count * interval '5 hours'), c.closed_at
       from srq_chunk c
       cross join srq_words w
       left join srq_sender t on t.k = c.target_k and t.user_id <> c.sender_id`,
  );
  // Recipients as the service decides them: the target; else the holders of the type's roles (a
  // partner request: the partner's users, none in this data set); else the property managers.
  await exec(
    `insert into service_requests.recipients (request_id, user_id, first_name, created_at)
     select r.id, r.target_user_id, u.first_name, r.created_at
       from service_requests.requests r join srq_chunk c on c.id = r.id
       join identity.users u on u.id = r.target_user_id
      where r.target_user_id is not null`,
  );
  await exec(
    `insert into service_requests.recipients (request_id, user_id, first_name, created_at)
     select distinct on (c.id, h.user_id) c.id, h.user_id, h.first_name, c.created_at
       from srq_chunk c
       join service_requests.requests r on r.id = c.id and r.target_user_id is null
       join srq_rule ru on ru.type_id = c.type_id
       join srq_holder h on h.hc = c.hc and h.role = ru.role and h.user_id <> c.sender_id
      order by c.id, h.user_id`,
  );
  await exec(
    `insert into service_requests.recipients (request_id, user_id, first_name, created_at)
     select distinct on (c.id, h.user_id) c.id, h.user_id, h.first_name, c.created_at
       from srq_chunk c
       join service_requests.requests r on r.id = c.id and r.target_user_id is null
       join srq_holder h on h.hc = c.hc and h.role = any($1::text[]) and h.user_id <> c.sender_id
      where c.type_id <> 'partner'
        and not exists (select 1 from service_requests.recipients x where x.request_id = c.id)
      order by c.id, h.user_id`,
    [[...SERVICE_REQUEST_FALLBACK_RECIPIENT_ROLES]],
  );
  // Responses: the company's property manager answers first, then the sender and the manager in turn.
  await exec(
    `insert into service_requests.responses
       (id, request_id, housing_company_id, content, sender_id, sender_name, apartment_id, apartment_no, created_at)
     select ${uuidv7Of('x.at', "c.n || ':' || i")}, c.id, c.hc, '<p>' || x.text || '</p>',
            case when i % 2 = 1 and pm.user_id is not null then pm.user_id else c.sender_id end,
            case when i % 2 = 1 and pm.user_id is not null then pm.name else c.sender_name end,
            case when i % 2 = 1 and pm.user_id is not null then null else c.apartment_id end,
            case when i % 2 = 1 and pm.user_id is not null then null else c.apartment_no end,
            x.at
       from srq_chunk c
       cross join srq_words w
       cross join generate_series(1, c.response_count) as i
       left join lateral (select h.user_id, h.name from srq_holder h
                           where h.hc = c.hc and h.role = 'propertyManager' order by h.user_id limit 1) as pm on true
       cross join lateral (
         select least(c.created_at + i * (1 + ${rnd(23, 'c.n')} % 48) * interval '1 hour', coalesce(c.closed_at, now())) as at,
                case when i % 2 = 1 then ${words('answer', 24, 'c.n * 4 + i')} else ${words('sentence', 25, 'c.n * 4 + i')} end as text
       ) as x`,
  );
  await exec(
    `insert into service_requests.attachments
       (housing_company_id, uploaded_by, request_id, storage_key, file_name, mime_type, size, created_at)
     select c.hc, c.sender_id, c.id, 'large/service-requests/' || c.n || '.jpg', 'photo-' || c.n || '.jpg', 'image/jpeg',
            100000 + ${rnd(26, 'c.n')} * 1000, c.created_at
       from srq_chunk c where c.attachment`,
  );
  await exec('drop table srq_chunk');
}

const TABLES_SQL = ['requests', 'recipients', 'responses', 'attachments']
  .map((t) => `service_requests.${t}`)
  .join(', ');

/**
 * Migrate the service-requests schema and bring the data set's requests to `requests` (written
 * again when the count differs, or with `reset`). Needs identity's large data set.
 */
export async function seedServiceRequests(target: LargeTarget, options: SrqOptions): Promise<SrqResult> {
  const { step, steps } = stepTimer(options.log ?? (() => undefined));
  const started = performance.now();
  const { database, prepared: migrated } = await openPrepared(target, step, (db) =>
    migrateAndTell(db, step, 'service-requests'),
  );
  const { exec, scalar } = sqlOn(database);

  try {
    const [busy] = await database.query<{ id: string; hcExt: string; apartments: number }>(BUSY_COMPANY);
    if (!busy) throw new Error('the large data set of identity is missing: seed it first');
    const existing = await existingServiceRequests(database);
    if (!options.reset && existing === options.requests) {
      if (migrated) await step('analyse the tables (new migration)', () => exec(`analyze ${TABLES_SQL}`));
      return { counts: {}, steps, totalMs: Math.round(performance.now() - started), unchanged: true };
    }

    await exec('begin');
    try {
      // Compiling the long generating statements would take longer than running them.
      await exec('set local jit = off');
      if (existing > 0) {
        const all = await scalar('select count(*)::int as n from service_requests.requests');
        await step('remove the previous requests', () =>
          all === existing
            ? exec(`truncate ${TABLES_SQL}`)
            : exec(
                `delete from service_requests.requests
                  where housing_company_id in (select id from identity.housing_companies where hc_ext like $1)`,
                [`${LARGE_HC_PREFIX}%`],
              ),
        );
      }
      const plan = await step('plan: senders, handlers, rules', async () => {
        await temporaryTables(exec);
        const [row] = await database.query<{ first_k: number; senders: number; total: number }>(
          `select h.first_k, h.senders, (select count(*)::int from srq_sender) as total from srq_hc h where h.id = $1`,
          [busy.id],
        );
        if (!row) throw new Error(`the busy company ${busy.hcExt} has no residents`);
        return {
          busyShare: options.busyShare,
          total: options.requests,
          busyFirst: row.first_k,
          busySenders: row.senders,
          senders: row.total,
        };
      });
      await step(
        `requests (${Math.round(options.busyShare * 100)} % in ${busy.hcExt}), recipients, responses`,
        async () => {
          for (let first = 1; first <= options.requests; first += CHUNK) {
            await insertChunk(exec, first, Math.min(options.requests, first + CHUNK - 1), plan);
          }
          return options.requests;
        },
        (n) => n,
      );
      await step('commit', () => exec('commit'));
    } catch (err) {
      await exec('rollback').catch(() => undefined);
      throw err;
    }
    await step('analyse the tables', () => exec(`vacuum analyze ${TABLES_SQL}`));
    const counts = {
      requests: await scalar('select count(*)::int as n from service_requests.requests'),
      recipients: await scalar('select count(*)::int as n from service_requests.recipients'),
      responses: await scalar('select count(*)::int as n from service_requests.responses'),
      attachments: await scalar('select count(*)::int as n from service_requests.attachments'),
      busyCompany: await scalar(
        'select count(*)::int as n from service_requests.requests where housing_company_id = $1',
        [busy.id],
      ),
    };
    return { counts, steps, totalMs: Math.round(performance.now() - started), unchanged: false };
  } finally {
    await database.close();
  }
}
