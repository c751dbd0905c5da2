import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Database, migrateService } from '@porta/service-kit';
import { ROOT } from '../settings.js';
import { ascii, CITIES, COUNTRIES, TERM_PREFIX, TOGGLES } from './data.js';
import { type Exec, openPrepared, type Step, type StepFn, sqlOn, stepTimer } from './steps.js';

/**
 * The large data set of issue 3 (bench/): at scale 1, 1,000 housing companies, 50,000 apartments
 * and 100,000 users, with apartment roles (owners, tenants, family members, former tenants and
 * scheduled ownership changes), housing-company roles (boards, property and maintenance managers
 * serving many companies, site administrators), staff and partner users, partner companies,
 * building-taxonomy terms and feature toggles (global and per term).
 *
 * Everything is written in one transaction with set-based INSERT … SELECT statements inside the
 * database (no COPY: PGlite has none); housing companies, terms and toggles are planned here and
 * sent as arrays. Ids of apartments and users are derived from their numbers (md5 → uuid v4
 * layout), so no statement needs to look another one's ids up. Every user gets the same password
 * hash, computed once.
 */

/** The password of every user of the data set: the demo's, so that one login form fits all. */
export const LARGE_PASSWORD = 'Demo-Portal-2026';

/** The e-mail domain of every user of the data set; `--reset` removes them by it. */
export const LARGE_EMAIL_DOMAIN = 'large.porta.test';
/** hc_ext prefix of the data set's housing companies. */
export const LARGE_HC_PREFIX = 'LARGE-';
/** external_id prefix of the data set's partner companies. */
const LARGE_PC_PREFIX = 'LARGE-PC-';

export interface LargeCounts {
  housingCompanies: number;
  apartments: number;
  users: number;
}

/** The counts of scale 1 (issue 3). */
export const FULL_SIZE: LargeCounts = { housingCompanies: 1000, apartments: 50_000, users: 100_000 };

export function countsAt(scale: number): LargeCounts {
  const housingCompanies = Math.max(1, Math.round(FULL_SIZE.housingCompanies * scale));
  return {
    housingCompanies,
    apartments: Math.max(housingCompanies, Math.round(FULL_SIZE.apartments * scale)),
    users: Math.round(FULL_SIZE.users * scale),
  };
}

export interface SeedOptions {
  scale: number;
  /** The password every user of the data set signs in with. */
  password: string;
  /** Replace an existing large data set instead of refusing. */
  reset: boolean;
  log?: (line: string) => void;
}

export interface SeedResult {
  counts: Record<string, number>;
  steps: Step[];
  totalMs: number;
}

/** Thrown when the data set is there and `reset` was not asked for. */
export class LargeDataExists extends Error {
  override name = 'LargeDataExists';
}

/** A deterministic PRNG (mulberry32), so that two runs plan the same data. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** SQL: a uuid (version 4 layout) derived from a kind and a number, the same in every run. */
export const uuidOf = (kind: string, n: string) =>
  `overlay(overlay(md5('${kind}:' || (${n})::text) placing '4' from 13) placing '8' from 17)::uuid`;

/** SQL: a deterministic number 0…999 from a salt and a row number. */
export const rnd = (salt: number, n: string) => `(abs(hashint8((${n})::bigint * 64 + ${salt})) % 1000)::int`;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

interface PlannedCompany {
  g: number;
  id: string;
  hcExt: string;
  name: string;
  marketingName: string;
  street: string;
  zip: string;
  city: string;
  countryName: string;
  countryIndex: number;
  businessUnit: string;
  completionDate: string;
  construction: boolean;
  termId: string;
  buildingType: string;
  energyClass: string;
  aptFirst: number;
  aptCount: number;
  parkingPlaces: number;
}

/** The country at a point 0…1000 of the cumulated shares. */
function countryAt(point: number): number {
  let cumulated = 0;
  for (const [i, country] of COUNTRIES.entries()) {
    cumulated += country.share;
    if (point < cumulated) return i;
  }
  return 0;
}

/** The housing companies: country by share, a city term, a street, a size and a state. */
function planCompanies(counts: LargeCounts, cityTermIds: Map<string, string>): PlannedCompany[] {
  const random = prng(20_261_122);
  const today = Date.now();
  const companies: PlannedCompany[] = [];
  const weights: number[] = [];
  for (let g = 1; g <= counts.housingCompanies; g++) {
    const countryIndex = countryAt(random() * 1000);
    const country = COUNTRIES[countryIndex]!;
    const city = country.cities[Math.floor(random() * country.cities.length)]!;
    const street = country.streets[Math.floor(random() * country.streets.length)]!;
    const houseNo = 1 + Math.floor(random() * 60);
    const construction = random() < 0.15;
    const leisure = country.codename === 'finland' && random() < 0.04;
    const days = construction ? 30 + Math.floor(random() * 670) : -(30 + Math.floor(random() * 4000));
    const finnish = country.codename === 'finland';
    companies.push({
      g,
      id: randomUUID(),
      hcExt: `${LARGE_HC_PREFIX}${String(g).padStart(5, '0')}`,
      name: finnish ? `As Oy ${city} ${street} ${houseNo}` : `${street} ${houseNo}, ${city}`,
      marketingName: `${street} ${houseNo}`,
      street: `${street} ${houseNo}`,
      zip: String(Math.floor(random() * 99_000) + 100).padStart(5, '0'),
      city,
      countryName: country.name,
      countryIndex,
      businessUnit: country.businessUnit,
      completionDate: isoDay(new Date(today + days * 86_400_000)),
      construction,
      termId: cityTermIds.get(`${country.codename}-${ascii(city)}`)!,
      buildingType: leisure ? 'leisure_home' : 'block_of_flats',
      energyClass: 'ABCDE'[Math.floor(random() * 5)]!,
      aptFirst: 0,
      aptCount: 0,
      parkingPlaces: Math.floor(random() * 30),
    });
    weights.push(leisure ? 0.15 : 0.3 + random() * 1.4);
  }
  // Apartments in proportion to the weights, adding up to exactly the wanted total.
  const total = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.max(1, Math.floor((counts.apartments * w) / total)));
  let missing = counts.apartments - sizes.reduce((a, b) => a + b, 0);
  for (let i = 0; missing !== 0; i = (i + 1) % sizes.length) {
    if (missing > 0) {
      sizes[i]! += 1;
      missing -= 1;
    } else if (sizes[i]! > 1) {
      sizes[i]! -= 1;
      missing += 1;
    }
  }
  let next = 1;
  companies.forEach((c, i) => {
    c.aptFirst = next;
    c.aptCount = sizes[i]!;
    next += c.aptCount;
  });
  return companies;
}

/** Staff users with global roles: a handful, whatever the scale. */
const STAFF_ROLES: string[][] = [
  ['admin'],
  ['admin'],
  ['yitAdmin'],
  ['yitAdmin'],
  ...Array.from({ length: 12 }, () => ['yitUser']),
  ['contributor'],
  ['contributor'],
  ['contributor'],
  ['contributor'],
  ['yitBusinessAdmin'],
  ['yitMarketing'],
  ['yitMarketing'],
  ['yitProject'],
  ['yitProject'],
  ['yitProject'],
  ['consumptionManager'],
  ['contentPublisher'],
];

/** How many rows of the data set are there now. */
export async function existingLargeData(database: Database) {
  const [row] = await database.query<{ hcs: number; users: number }>(
    `select (select count(*)::int from identity.housing_companies where hc_ext like $1) as hcs,
            (select count(*)::int from identity.users where email like $2) as users`,
    [`${LARGE_HC_PREFIX}%`, `%@${LARGE_EMAIL_DOMAIN}`],
  );
  return { housingCompanies: row?.hcs ?? 0, users: row?.users ?? 0 };
}

async function removeLargeData(exec: Exec) {
  await exec(
    `delete from identity.feature_toggles where scope in
       (select id::text from identity.taxonomy_terms where "group" = 'buildingtaxonomy' and codename like $1)`,
    [`${TERM_PREFIX}%`],
  );
  await exec('delete from identity.housing_companies where hc_ext like $1', [`${LARGE_HC_PREFIX}%`]);
  await exec('delete from identity.users where email like $1', [`%@${LARGE_EMAIL_DOMAIN}`]);
  await exec('delete from identity.partner_companies where external_id like $1', [`${LARGE_PC_PREFIX}%`]);
  await exec(`delete from identity.taxonomy_terms where "group" = 'buildingtaxonomy' and codename like $1`, [
    `${TERM_PREFIX}%`,
  ]);
}

/** The tables the data set writes to, analysed after the load. */
const TABLES = [
  'users',
  'housing_companies',
  'apartments',
  'apartment_roles',
  'housing_company_roles',
  'partner_companies',
  'housing_company_partners',
  'partner_company_users',
  'taxonomy_terms',
  'feature_toggles',
  'scheduled_role_changes',
];

/** identity's own source file (not exported by the package), loaded at run time through tsx. */
async function identitySource<T>(path: string): Promise<T> {
  return (await import(pathToFileURL(join(ROOT, 'services/identity/src', path)).href)) as T;
}

/**
 * The demo (identity's seedDemo: demo companies, users, and global feature toggles) goes in
 * first, so that Porta's first start finds it there and the data set's global toggles give way
 * to the demo's.
 */
async function seedDemo(database: Database): Promise<boolean> {
  const schema = await identitySource<Record<string, unknown>>('db/schema.ts');
  const demo = await identitySource<{ seedDemo(db: unknown): Promise<boolean> }>('seed.ts');
  return demo.seedDemo(database.drizzle(schema));
}

/** Where the data set goes: PostgreSQL when url is given, else PGlite in dataDir. */
export interface LargeTarget {
  url?: string | undefined;
  /** The PGlite folder itself (DATA_DIR/pglite for Porta's embedded mode). */
  dataDir?: string | undefined;
}

export const describeTarget = (target: LargeTarget) =>
  target.url
    ? `PostgreSQL ${new URL(target.url).host}${new URL(target.url).pathname}`
    : `PGlite ${target.dataDir}`;

/**
 * Migrate identity's schema, then write the data set (refusing, or replacing it with `reset`, when
 * it is there). The load runs in one transaction with temporary tables, so on PostgreSQL it uses
 * one connection of its own (the migration needs two: the advisory lock holds one).
 */
export async function seedLarge(target: LargeTarget, options: SeedOptions): Promise<SeedResult> {
  const counts = countsAt(options.scale);
  const { step, steps } = stepTimer(options.log ?? (() => undefined));
  const started = performance.now();
  const migrations = join(ROOT, 'services/identity/drizzle');
  const { database } = await openPrepared(target, step, async (db) => {
    await step('migrate identity', () => migrateService(db, 'identity', migrations));
    await step('demo data (identity seedDemo, unless there)', () => seedDemo(db));
  });
  let loaded: Record<string, number>;
  try {
    loaded = await load(database, counts, options, step);
  } finally {
    await step('close the database', () => database.close());
  }
  return { counts: loaded, steps, totalMs: Math.round(performance.now() - started) };
}

async function load(
  database: Database,
  counts: LargeCounts,
  options: SeedOptions,
  step: StepFn,
): Promise<Record<string, number>> {
  const { exec, scalar } = sqlOn(database);

  const existing = await existingLargeData(database);
  if ((existing.housingCompanies || existing.users) && !options.reset) {
    throw new LargeDataExists(
      `The large data set is already in this database (${existing.housingCompanies} housing companies, ` +
        `${existing.users} users @${LARGE_EMAIL_DOMAIN}). Run with --reset to replace it.`,
    );
  }
  const passwordHash = await step('hash the shared password (scrypt, once)', async () => {
    const { hashPassword } = await identitySource<{ hashPassword(p: string): Promise<string> }>(
      'domain/password.ts',
    );
    return hashPassword(options.password);
  });

  await exec('begin');
  try {
    if (existing.housingCompanies || existing.users) {
      await step('reset: remove the previous large data set', () => removeLargeData(exec));
    }

    // Building-taxonomy terms: the countries, and their cities below them.
    const countryTermIds = new Map(COUNTRIES.map((c) => [c.codename, randomUUID()]));
    const cityTermIds = new Map(CITIES.map((c) => [c.codename, randomUUID()]));
    await step(
      'taxonomy terms',
      async () => {
        const terms = [
          ...COUNTRIES.map((c) => ({
            id: countryTermIds.get(c.codename)!,
            codename: c.codename,
            name: c.name,
            parent: null,
          })),
          ...CITIES.map((c) => ({
            id: cityTermIds.get(c.codename)!,
            codename: c.codename,
            name: c.name,
            parent: countryTermIds.get(c.country.codename)!,
          })),
        ];
        await exec(
          `insert into identity.taxonomy_terms (id, "group", codename, external_id, name, parent_id)
         select id, 'buildingtaxonomy', $5::text || codename, 'LARGE-T-' || codename, name, parent
           from unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[]) as t(id, codename, name, parent)`,
          [
            terms.map((t) => t.id),
            terms.map((t) => t.codename),
            terms.map((t) => t.name),
            terms.map((t) => t.parent),
            TERM_PREFIX,
          ],
        );
        return terms.length;
      },
      (n) => n,
    );

    await step(
      'feature toggles (global and per term)',
      async () => {
        const now = Date.now();
        const at = (days: number | undefined) =>
          days === undefined ? null : new Date(now + days * 86_400_000).toISOString();
        const scopeOf = (scope: string) =>
          scope === 'global' ? 'global' : (countryTermIds.get(scope) ?? cityTermIds.get(scope)!);
        await exec(
          `insert into identity.feature_toggles (feature_id, scope, settings, active, visible_from, visible_until, languages)
         select f, s, st::jsonb, a, vf, vu, case when l = '' then null else string_to_array(l, ',') end
           from unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::timestamptz[], $6::timestamptz[], $7::text[])
             as t(f, s, st, a, vf, vu, l)
         on conflict (feature_id, scope) do nothing`,
          [
            TOGGLES.map((t) => t.featureId),
            TOGGLES.map((t) => scopeOf(t.scope)),
            TOGGLES.map((t) => JSON.stringify(t.settings ?? {})),
            TOGGLES.map((t) => t.active ?? true),
            TOGGLES.map((t) => at(t.visibleFromDays)),
            TOGGLES.map((t) => at(t.visibleUntilDays)),
            TOGGLES.map((t) => (t.languages ?? []).join(',')),
          ],
        );
        return TOGGLES.length;
      },
      (n) => n,
    );

    const companies = planCompanies(counts, cityTermIds);
    await step(
      'housing companies',
      async () => {
        const col = <K extends keyof PlannedCompany>(k: K) => companies.map((c) => c[k]);
        await exec(
          `insert into identity.housing_companies
           (id, hc_ext, name, marketing_name, address_street, address_zip, address_city, address_country,
            business_unit, completion_date, lifecycle_steps_active, building_taxonomy_term_id, building_type,
            energy_class, number_of_apartments, number_of_non_sellable_parking_places, wizard_completed,
            housing_company_admin_email)
         select id, ext, name, mname, street, zip, city, country, bu, cd::date, cons, term, bt, ec, apts, parking,
                true, 'board.' || lower(ext) || '@${LARGE_EMAIL_DOMAIN}'
           from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                       $8::text[], $9::text[], $10::text[], $11::boolean[], $12::uuid[], $13::text[], $14::text[],
                       $15::int[], $16::int[])
             as t(id, ext, name, mname, street, zip, city, country, bu, cd, cons, term, bt, ec, apts, parking)`,
          [
            col('id'),
            col('hcExt'),
            col('name'),
            col('marketingName'),
            col('street'),
            col('zip'),
            col('city'),
            col('countryName'),
            col('businessUnit'),
            col('completionDate'),
            col('construction'),
            col('termId'),
            col('buildingType'),
            col('energyClass'),
            col('aptCount'),
            col('parkingPlaces'),
          ],
        );
        await exec(
          `create temp table large_hc on commit drop as
         select * from unnest($1::int[], $2::uuid[], $3::text[], $4::int[], $5::int[], $6::int[], $7::boolean[])
           as t(g, id, hc_ext, country, apt_first, apt_count, construction)`,
          [
            col('g'),
            col('id'),
            col('hcExt'),
            col('countryIndex'),
            col('aptFirst'),
            col('aptCount'),
            col('construction'),
          ],
        );
        await exec(
          `create temp table large_country on commit drop as
         select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
           as t(idx, locale, first_names, last_names, first_ascii, last_ascii, phone_prefix)`,
          [
            COUNTRIES.map((_, i) => i),
            COUNTRIES.map((c) => c.locale),
            // Arrays of names travel as one text each (a text[][] would need equal lengths).
            COUNTRIES.map((c) => c.firstNames.join('|')),
            COUNTRIES.map((c) => c.lastNames.join('|')),
            COUNTRIES.map((c) => c.firstNames.map(ascii).join('|')),
            COUNTRIES.map((c) => c.lastNames.map(ascii).join('|')),
            COUNTRIES.map((c) => PHONE_PREFIX[c.codename] ?? '+358'),
          ],
        );
        return companies.length;
      },
      (n) => n,
    );

    const apartments = await step(
      'apartments',
      async () => {
        await exec(
          `create temp table large_apt on commit drop as
         select h.apt_first + k - 1 as n, h.g, h.id as hc_id, h.hc_ext, h.construction, k
           from large_hc h cross join lateral generate_series(1, h.apt_count) as k`,
        );
        await exec(
          `insert into identity.apartments
           (id, housing_company_id, no, external_name, aptext, apartment_number, visible_apartment_number,
            floor_number, terrace, balcony, sauna, number_of_shares, share_numbers, size, rooms)
         select ${uuidOf('apt', 'a.n')}, a.hc_id, x.no, x.no, a.hc_ext || '-' || replace(x.no, ' ', ''),
                a.k::text, x.no, 1 + ((a.k - 1) % 24) / 4, ${rnd(21, 'a.n')} < 110, ${rnd(22, 'a.n')} < 850,
                ${rnd(23, 'a.n')} < 300, x.rooms * 480, ((a.k - 1) * 2400 + 1) || '-' || ((a.k - 1) * 2400 + x.rooms * 480),
                x.size, x.rooms
           from large_apt a
           cross join lateral (
             select chr(65 + ((a.k - 1) / 24)::int) || ' ' || a.k as no,
                    1 + ${rnd(24, 'a.n')} % 5 as rooms,
                    round((22 + ${rnd(24, 'a.n')} % 5 * 17 + ${rnd(25, 'a.n')} % 15)::numeric, 1)::float8 as size
           ) as x`,
        );
        return scalar('select count(*)::int as n from large_apt');
      },
      (n) => n,
    );

    // Who lives where. Construction-phase companies: 80 % of the apartments sold, owners only.
    // Living companies: 70 % owner-occupied (owner, often a spouse, family members), 30 % rented
    // (tenants and family, owned by investors who own about five apartments each); 10 % of the
    // rented ones have a former tenant (ended role), 1 % of the owner-occupied ones a scheduled
    // change of ownership (the owner until a date, the buyer from the next day).
    await step(
      'plan the residents',
      async () => {
        await exec(
          `create temp table large_occ on commit drop as
         select a.n, a.g, a.construction,
                (not a.construction and ${rnd(1, 'a.n')} < 300) as rented,
                ${rnd(2, 'a.n')} as r2, ${rnd(3, 'a.n')} as r3, ${rnd(4, 'a.n')} as r4
           from large_apt a
          where not a.construction or ${rnd(5, 'a.n')} < 800`,
        );
        await exec(
          `create temp table large_role on commit drop as
         select (row_number() over (order by n, role, slot))::int as user_n, n, g, role, slot,
                'resident'::text as kind,
                case when slot = 2 and ${rnd(7, 'n')} < 300 then n + 100000000 else n end as family,
                valid_from, valid_until
           from (
             select n, g, 'owner' as role, 1 as slot, null::date as valid_from,
                    case when r4 < 10 then current_date + (r4 * 9 + 5) end as valid_until
               from large_occ where not rented
             union all select n, g, 'owner', 2, null, null from large_occ where not rented and r2 < 500
             union all select n, g, 'familyMember', 1, null, null from large_occ
               where not rented and not construction and r3 < 400
             union all select n, g, 'familyMember', 2, null, null from large_occ
               where not rented and not construction and r3 < 150
             union all select n, g, 'owner', 9, current_date + (r4 * 9 + 6), null from large_occ
               where not rented and r4 < 10
             union all select n, g, 'tenant', 1, current_date - (r3 % 900 + 30), null from large_occ where rented
             union all select n, g, 'tenant', 2, current_date - (r3 % 900 + 30), null from large_occ
               where rented and r2 < 400
             union all select n, g, 'familyMember', 1, null, null from large_occ where rented and r3 < 200
             union all select n, g, 'tenant', 3, current_date - (r2 % 900 + 1000), current_date - (r2 % 900 + 40)
               from large_occ where rented and r4 < 100
           ) as s`,
        );
        const residents = await scalar('select count(*)::int as n from large_role');
        const rented = await scalar('select count(*)::int as n from large_occ where rented');
        const investors = Math.ceil(rented / 5);
        await exec(
          `insert into large_role (user_n, n, g, role, slot, kind, family, valid_from, valid_until)
         select $1 + 1 + ((row_number() over (order by n)) - 1) % $2, n, g, 'owner', 1, 'investor', null, null, null
           from large_occ where rented`,
          [residents, Math.max(1, investors)],
        );
        return residents + rented;
      },
      (n) => n,
    );

    const residents = await scalar('select coalesce(max(user_n), 0)::int as n from large_role');
    const propertyManagers = Math.max(2, Math.round(40 * options.scale));
    const maintenanceManagers = Math.max(2, Math.round(30 * options.scale));
    const businessPartners = Math.max(1, Math.round(10 * options.scale));
    // The special users, numbered after the residents and investors.
    const staffFirst = residents + 1;
    const pmFirst = staffFirst + STAFF_ROLES.length;
    const mmFirst = pmFirst + propertyManagers;
    const partnerFirst = mmFirst + maintenanceManagers;
    const restFirst = partnerFirst + 2 * businessPartners;
    const totalUsers = Math.max(counts.users, restFirst - 1);

    const users = await step(
      'users (one shared password hash)',
      async () => {
        await exec(
          `create temp table large_user on commit drop as
         select distinct on (r.user_n) r.user_n as n, r.kind, h.country, r.family, r.n as apt_n, r.g,
                '{}'::text[] as roles
           from large_role r join large_hc h using (g)
          order by r.user_n, r.n`,
        );
        await exec(
          `insert into large_user (n, kind, country, family, apt_n, g, roles)
         select $1 + i - 1, 'staff', 0, null, null, null, string_to_array(r, ',')
           from unnest($2::text[]) with ordinality as t(r, i)`,
          [staffFirst, STAFF_ROLES.map((r) => r.join(','))],
        );
        await exec(
          `insert into large_user (n, kind, country, family, apt_n, g, roles)
         select n, case when n < $2 then 'propertyManager' when n < $3 then 'maintenanceManager' else 'partner' end,
                0, null, null, null, case when n >= $3 then array['partner'] else '{}'::text[] end
           from generate_series($1::int, $4::int - 1) as n`,
          [pmFirst, mmFirst, partnerFirst, restFirst],
        );
        // Everyone else: people without a current role (invited, moved away, not yet placed).
        await exec(
          `insert into large_user (n, kind, country, family, apt_n, g, roles)
         select n, 'other', (select h.country from large_hc h where h.g = 1 + ${rnd(31, 'n')} * $3 / 1000),
                null, null, null, '{}'::text[]
           from generate_series($1::int, $2::int) as n`,
          [restFirst, totalUsers, counts.housingCompanies],
        );
        await exec(
          `insert into identity.users
           (id, email, first_name, last_name, phone, locale, external_id, password_hash, registered, enabled,
            public_profile, source, roles, selected_housing_company_id, selected_apartment_id, created_at,
            updated_at, last_login_at, registered_at)
         select ${uuidOf('user', 'u.n')},
                x.fa || '.' || x.la || '.' || u.n || '@${LARGE_EMAIL_DOMAIN}',
                x.f, x.l,
                case when ${rnd(41, 'u.n')} < 700 then c.phone_prefix || ' ' || (40 + ${rnd(42, 'u.n')} % 10)
                     || ' ' || lpad((${rnd(43, 'u.n')} * 1000 + ${rnd(44, 'u.n')})::text, 7, '0') end,
                case when c.locale = 'fi_FI' and ${rnd(45, 'u.n')} < 60 then 'sv_FI'
                     when ${rnd(45, 'u.n')} > 940 then 'en_US' else c.locale end,
                case when ${rnd(46, 'u.n')} < 250 then 'LARGE-EXT-' || u.n end,
                $1, ${rnd(47, 'u.n')} < 900 or u.kind not in ('resident', 'other'),
                ${rnd(48, 'u.n')} < 992 or u.kind not in ('resident', 'other'),
                ${rnd(49, 'u.n')} < 350,
                case when ${rnd(46, 'u.n')} < 250 then 'import' else 'portal' end,
                u.roles,
                case when u.apt_n is not null and ${rnd(50, 'u.n')} < 800 then h.id end,
                case when u.apt_n is not null and ${rnd(50, 'u.n')} < 800 then ${uuidOf('apt', 'u.apt_n')} end,
                x.created, x.created,
                case when ${rnd(51, 'u.n')} < 700 then now() - (${rnd(52, 'u.n')} % 90) * interval '1 day'
                     - ${rnd(53, 'u.n')} * interval '1 minute' end,
                case when ${rnd(47, 'u.n')} < 900 or u.kind not in ('resident', 'other') then x.created + interval '2 days' end
           from large_user u
           join large_country c on c.idx = u.country
           left join large_hc h on h.g = u.g
           cross join lateral (
             select string_to_array(c.first_names, '|') as fn, string_to_array(c.last_names, '|') as ln,
                    string_to_array(c.first_ascii, '|') as fa_all, string_to_array(c.last_ascii, '|') as la_all,
                    1 + ${rnd(54, 'u.n')} % cardinality(string_to_array(c.first_names, '|')) as fi,
                    1 + ${rnd(55, 'coalesce(u.family, u.n + 500000000)')}
                      % cardinality(string_to_array(c.last_names, '|')) as li,
                    now() - (${rnd(56, 'u.n')} * 3 + 90) * interval '1 day' as created
           ) as names
           cross join lateral (
             select names.fn[names.fi] as f, names.ln[names.li] as l, names.fa_all[names.fi] as fa,
                    names.la_all[names.li] as la, names.created
           ) as x`,
          [passwordHash],
        );
        return scalar('select count(*)::int as n from large_user');
      },
      (n) => n,
    );

    const apartmentRoles = await step(
      'apartment roles',
      async () => {
        await exec(
          `insert into identity.apartment_roles (user_id, apartment_id, role, valid_from, valid_until)
         select ${uuidOf('user', 'user_n')}, ${uuidOf('apt', 'n')}, role, valid_from, valid_until from large_role`,
        );
        await exec(
          `insert into identity.scheduled_role_changes (apartment_id, role, start_date, add_user_ids, remove_user_ids)
         select ${uuidOf('apt', 'b.n')}, 'owner', b.valid_from, array[${uuidOf('user', 'b.user_n')}],
                array[${uuidOf('user', 's.user_n')}]
           from large_role b join large_role s on s.n = b.n and s.role = 'owner' and s.slot = 1
          where b.role = 'owner' and b.slot = 9`,
        );
        return scalar('select count(*)::int as n from large_role');
      },
      (n) => n,
    );

    // Boards of living companies (a chairman and two to four members, owners living there);
    // every company has a property and a maintenance manager, each serving many companies;
    // construction sites have a site administrator from the staff.
    const companyRoles = await step(
      'housing-company roles',
      async () => {
        await exec(
          `insert into identity.housing_company_roles (user_id, housing_company_id, role)
         select ${uuidOf('user', 'b.user_n')}, h.id, r.role
           from (
             select user_n, g, n, row_number() over (partition by g order by n) as rank
               from large_role where kind = 'resident' and role = 'owner' and slot = 1 and valid_until is null
           ) as b
           join large_hc h on h.g = b.g and not h.construction
           cross join lateral (values ('boardMember'), ('chairman')) as r(role)
          where b.rank <= 3 + ${rnd(61, 'b.g')} % 3 and (r.role = 'boardMember' or b.rank = 1)`,
        );
        await exec(
          `insert into identity.housing_company_roles (user_id, housing_company_id, role, valid_from)
         select ${uuidOf('user', 'm.u')}, h.id, m.role, current_date - (${rnd(62, 'h.g')} * 2) from large_hc h
           cross join lateral (values ($1 + h.g % $2, 'propertyManager'), ($3 + (h.g * 7) % $4, 'maintenanceManager'))
             as m(u, role)`,
          [pmFirst, propertyManagers, mmFirst, maintenanceManagers],
        );
        await exec(
          `insert into identity.housing_company_roles (user_id, housing_company_id, role)
         select ${uuidOf('user', '$1::int + h.g % 3')}, h.id, 'siteAdministrator' from large_hc h where h.construction`,
          [staffFirst + STAFF_ROLES.findIndex((r) => r[0] === 'yitProject')],
        );
        return scalar(
          'select count(*)::int as n from identity.housing_company_roles where housing_company_id in (select id from large_hc)',
        );
      },
      (n) => n,
    );

    // Partner companies: property-management firms (five managers each), maintenance firms (six
    // each), business partners with two users each and an operational area.
    await step(
      'partner companies',
      async () => {
        const firms = [
          ...Array.from({ length: Math.ceil(propertyManagers / 5) }, (_, i) => ({
            type: 'PROPERTY_MANAGER',
            name: `Isännöinti ${['Aalto', 'Kivi', 'Lumo', 'Selkä', 'Vesa', 'Uusi', 'Meri', 'Koti'][i % 8]} ${i + 1} Oy`,
          })),
          ...Array.from({ length: Math.ceil(maintenanceManagers / 6) }, (_, i) => ({
            type: 'MAINTENANCE_MANAGER',
            name: `Kiinteistöhuolto ${i + 1} Oy`,
          })),
          ...Array.from({ length: businessPartners }, (_, i) => ({
            type: 'BUSINESS_PARTNER',
            name: `${['Kitchen', 'Sauna', 'Floor', 'Window', 'Garden'][i % 5]} Partners ${i + 1} Oy`,
          })),
        ].map((f, i) => ({ ...f, id: randomUUID(), externalId: `${LARGE_PC_PREFIX}${i + 1}` }));
        const ofType = (type: string) => firms.filter((f) => f.type === type).map((f) => f.id);
        const finlandTerm = countryTermIds.get('finland')!;
        await exec(
          `insert into identity.partner_companies (id, name, type, external_id, city, country, email, operational_area_zips,
                                                 operational_area_taxonomies)
         select id, name, type, ext, 'Helsinki', 'Finland', lower(replace(ext, '-', '.')) || '@${LARGE_EMAIL_DOMAIN}',
                case when type = 'BUSINESS_PARTNER' then array['00100', '00200', '02100', '33100'] else '{}' end,
                case when type = 'BUSINESS_PARTNER' then array[$5::uuid] else '{}' end
           from unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) as t(id, name, type, ext)`,
          [
            firms.map((f) => f.id),
            firms.map((f) => f.name),
            firms.map((f) => f.type),
            firms.map((f) => f.externalId),
            finlandTerm,
          ],
        );
        await exec(
          `insert into identity.housing_company_partners (housing_company_id, partner_company_id, type, key_contact_user_id)
         select h.id, (case when p.type = 'PropertyManager' then $1::uuid[] else $2::uuid[] end)[p.firm], p.type,
                ${uuidOf('user', 'p.u')}
           from large_hc h
           cross join lateral (values
             ('PropertyManager', 1 + (h.g % $4) / 5, $3 + h.g % $4),
             ('MaintenanceManager', 1 + ((h.g * 7) % $6) / 6, $5 + (h.g * 7) % $6)
           ) as p(type, firm, u)`,
          [
            ofType('PROPERTY_MANAGER'),
            ofType('MAINTENANCE_MANAGER'),
            pmFirst,
            propertyManagers,
            mmFirst,
            maintenanceManagers,
          ],
        );
        await exec(
          `insert into identity.partner_company_users (partner_company_id, user_id)
         select ($1::uuid[])[1 + (n - $2) / 2], ${uuidOf('user', 'n')} from generate_series($2::int, $3::int - 1) as n`,
          [ofType('BUSINESS_PARTNER'), partnerFirst, restFirst],
        );
        return firms.length;
      },
      (n) => n,
    );

    await step('commit', () => exec('commit'));
    await step('analyse the tables', () =>
      exec(`vacuum analyze ${TABLES.map((t) => `identity.${t}`).join(', ')}`),
    );
    return {
      housingCompanies: companies.length,
      apartments,
      users,
      apartmentRoles,
      housingCompanyRoles: companyRoles,
      buildingTaxonomyTerms: COUNTRIES.length + CITIES.length,
      featureToggles: TOGGLES.length,
    };
  } catch (err) {
    await exec('rollback').catch(() => undefined);
    throw err;
  }
}

const PHONE_PREFIX: Record<string, string> = {
  finland: '+358',
  estonia: '+372',
  latvia: '+371',
  lithuania: '+370',
  czechia: '+420',
  slovakia: '+421',
  poland: '+48',
};
