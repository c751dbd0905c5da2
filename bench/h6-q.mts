import { PGlite } from '@electric-sql/pglite';

const db = await PGlite.create(process.argv[2]!);
for (const q of [
  `select kind, count(*) from (select u.email, coalesce(array_to_string(u.roles, ','), '') r, (select count(*) from identity.apartment_roles a where a.user_id = u.id) apt, (select count(*) from identity.housing_company_roles h where h.user_id=u.id) hc from identity.users u) s cross join lateral (select case when apt>0 and hc>0 then 'apt+hc' when apt>1 then 'apt>1' when apt=1 then 'apt1' when hc>0 then 'hc' when r<>'' then 'global:'||r else 'none' end kind) k group by kind order by 2 desc`,
  `select role, count(*), count(*) filter (where valid_until < current_date) ended, count(*) filter (where valid_from > current_date) future from identity.apartment_roles group by role`,
  `select role, count(*), count(distinct user_id) from identity.housing_company_roles group by role`,
  `select email, first_name, last_name, phone, locale, source, registered, roles, selected_housing_company_id is not null sel from identity.users order by random() limit 8`,
  `select name, address_city, address_zip, completion_date, number_of_apartments, building_type from identity.housing_companies order by random() limit 5`,
  `select no, aptext, floor_number, size, rooms, share_numbers from identity.apartments order by random() limit 5`,
  `select type, count(*) from identity.housing_company_partners group by type`,
  `select count(*) from identity.scheduled_role_changes`,
]) {
  console.log(q.slice(0, 60));
  console.table((await db.query(q)).rows);
}
await db.close();
