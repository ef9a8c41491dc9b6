// Inputs of sign-in, registration, codes and password reset, shared by the API and the console forms.
import { z } from 'zod';
import { accountSchema, emailPattern, isEmail, isPhone, mainlandMobile, passwordSchema, phoneCountryId } from './credentials.rules';

const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])]).transform((v) => v === true || v === 1 || v === '1' || v === 'true');
const optionalText = z.string().trim().max(100).optional().or(z.literal('').transform(() => undefined)).or(z.null().transform(() => undefined));

export const loginInput = z.object({
  account: accountSchema,
  password: z.string({ error: 'identity.password_required' }).min(1, 'identity.password_required').max(100),
  role: z.coerce.number({ error: 'identity.role_tab' }).int('identity.role_tab').min(1, 'identity.role_tab').max(4, 'identity.role_tab'),
  auth_uid: optionalText,
  confirm: flag.optional(),
  verification_code: optionalText,
});
export type LoginInput = z.infer<typeof loginInput>;

export const dotsLoginInput = z.object({ uuid: z.string().trim().min(1, 'validation.required').max(200) });

export const sendCodeQuery = z.object({
  account: z.string({ error: 'identity.account_required' }).trim().min(1, 'identity.account_required').refine((v) => isPhone(v) || isEmail(v), 'identity.code_target'),
  scene: z.enum(['register', 'login']).optional(),
});

export const registerInput = z
  .object({
    user_type: z.coerce.number().pipe(z.union([z.literal(10), z.literal(20)], { error: 'identity.user_type' })),
    country_id: z.coerce.number({ error: 'identity.country_required' }).int('identity.country_required').positive('identity.country_required'),
    current_locate: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])).default(1),
    type: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)], { error: 'identity.register_type' })),
    name: z.string({ error: 'identity.name_required' }).trim().min(1, 'identity.name_required').max(50, 'validation.too_big'),
    account: accountSchema,
    password: passwordSchema,
    repassword: z.string({ error: 'identity.repassword_required' }).min(1, 'identity.repassword_required'),
    team_number: z.string().max(64).optional().transform((v) => (v ? v.replace(/\s+/g, '') : undefined)),
    verification_code: z.string({ error: 'identity.code_required' }).trim().min(1, 'identity.code_required').max(12, 'validation.too_big'),
  })
  .superRefine((form, ctx) => {
    const mustBePhone = form.country_id === phoneCountryId;
    if (mustBePhone && form.type !== 1) ctx.addIssue({ code: 'custom', path: ['type'], message: 'identity.country_phone_only' });
    if (!mustBePhone && form.type !== 2) ctx.addIssue({ code: 'custom', path: ['type'], message: 'identity.country_email_only' });
    if (form.type === 1 && !mainlandMobile.test(form.account)) ctx.addIssue({ code: 'custom', path: ['account'], message: 'identity.phone_format' });
    if (form.type === 2 && !emailPattern.test(form.account)) ctx.addIssue({ code: 'custom', path: ['account'], message: 'identity.email_format' });
    if (form.repassword && form.password !== form.repassword) ctx.addIssue({ code: 'custom', path: ['repassword'], message: 'identity.password_inconsistent' });
  });
export type RegisterInput = z.infer<typeof registerInput>;

export const resetPasswordInput = z.object({
  account: accountSchema,
  code: z.string({ error: 'identity.code_required' }).trim().min(1, 'identity.code_required').max(12),
  password: passwordSchema,
});

export const bindChatInput = z.object({
  account: z.string().trim().max(100).optional(),
  ding_talk_account: z.string().trim().max(100).default(''),
});

export const managementLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  /** Only the events that name this project; an auditor reads only its own projects' events in any case. */
  projectId: z.uuid().optional(),
});

export const countriesQuery = z.object({ account: z.string().max(100).optional() });
