import { z } from 'zod';

export const zUuid = z.uuid();
export const zIsoDateTime = z.iso.datetime({ offset: true });
/** Calendar dates travel as YYYY-MM-DD (03 §5). */
export const zIsoDate = z.iso.date();

/** react-admin list query (ra-data-simple-rest): JSON-encoded sort, range and filter. */
function jsonParam<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Value in field is not in correct format' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

export function zAdminListQuery<F extends z.ZodRawShape, S extends readonly [string, ...string[]]>(
  filter: F,
  sortFields: S,
) {
  return z.strictObject({
    sort: jsonParam(z.tuple([z.enum(sortFields), z.enum(['ASC', 'DESC'])])).optional(),
    range: jsonParam(
      z
        .tuple([z.number().int().min(0), z.number().int().min(0)])
        .refine(([from, to]) => to >= from && to - from < 1000, 'range spans at most 1000 rows'),
    ).optional(),
    filter: jsonParam(z.strictObject(filter)).optional(),
  });
}
