// Inputs of the personnel and team screens, shared by the API and the console forms.
import { z } from 'zod';
import { allRoles } from './roles';
import { emailPattern, mainlandMobile, passwordSchema } from './credentials.rules';

const text = (max: number) => z.string().trim().max(max, 'validation.too_big');
const nullableText = (max: number) => text(max).nullable().optional().transform((v) => (v ? v : null));

export const personStatus = z.enum(['active', 'disabled']);

export const createPersonInput = z
  .object({
    role: z.enum(allRoles as [string, ...string[]], { error: 'people.role_invalid' }),
    name: text(50).min(1, 'identity.name_required'),
    account: text(100).min(1, 'identity.account_required'),
    phone: nullableText(20).refine((v) => v === null || mainlandMobile.test(v), 'identity.phone_format'),
    email: nullableText(100).refine((v) => v === null || emailPattern.test(v), 'identity.email_format'),
    password: passwordSchema,
    teamId: z.uuid('people.team_invalid').nullable().optional().transform((v) => v ?? null),
    company: nullableText(100),
  })
  .strict();
export type CreatePersonInput = z.infer<typeof createPersonInput>;

export const editPersonInput = z
  .object({
    name: text(50).min(1, 'identity.name_required').optional(),
    phone: nullableText(20).refine((v) => v === null || mainlandMobile.test(v), 'identity.phone_format'),
    email: nullableText(100).refine((v) => v === null || emailPattern.test(v), 'identity.email_format'),
    teamId: z.uuid('people.team_invalid').nullable().optional(),
    company: nullableText(100),
    password: passwordSchema.optional(),
  })
  .strict();
export type EditPersonInput = z.infer<typeof editPersonInput>;

export const listPeopleQuery = z.object({
  role: z.enum(allRoles as [string, ...string[]]).optional(),
  status: personStatus.optional(),
  teamId: z.uuid().optional(),
  keyword: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(500).optional(),
});

/** A team's contact is a mainland mobile or a company email. */
export const teamInput = z
  .object({
    name: text(50).min(1, 'team.name_required'),
    organisationId: text(64).min(1, 'team.organisation_required').transform((v) => v.replace(/\s+/g, '')),
    hiveId: text(32).regex(/^\d{1,32}$/, 'team.hive_id_format'),
    size: z.coerce.number({ error: 'validation.positive_integer' }).int('validation.positive_integer').positive('validation.positive_integer'),
    mobile: text(100).refine((v) => mainlandMobile.test(v) || emailPattern.test(v), 'team.contact_format'),
  })
  .strict();
export type TeamInput = z.infer<typeof teamInput>;

export const personView = z.object({
  id: z.string(),
  name: z.string(),
  account: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  role: z.string(),
  teamId: z.string().nullable(),
  teamName: z.string().nullable(),
  company: z.string().nullable(),
  status: personStatus,
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  version: z.string(),
});
export type PersonView = z.infer<typeof personView>;

/** The teams list, searched by name on the server so a picker finds a team past the first screenful. */
export const listTeamsQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
});

/** The whole set of projects an auditor reads; each named once, in any order. */
export const auditorProjectsInput = z
  .object({ projectIds: z.array(z.uuid('people.project_invalid')).max(1000, 'validation.too_big').transform((ids) => [...new Set(ids)].sort()) })
  .strict();
