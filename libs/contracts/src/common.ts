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

/** skip/limit paging of the resident app's lists (02 §7): the default page and the most one page may ask for. */
export function zSkipLimitPaging(defaultLimit: number, maxLimit: number) {
  return {
    skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  };
}

/** A page of a skip/limit list: the items, the total and the paging asked for. */
export function zSkipLimitPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    skip: z.number().int(),
    limit: z.number().int(),
  });
}
