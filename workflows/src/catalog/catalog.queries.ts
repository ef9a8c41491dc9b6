// The query of the catalog's lists: a keyword the server matches against names, so every picker searches the whole catalog.
import { z } from 'zod';

export const catalogListQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
});
