// The roles of the platform by code, the login tab that admits each, and where each lands after sign-in.
export const Role = {
  Admin: '01',
  Pm: '10',
  SeniorPm: '20',
  Supplier: '30',
  Tagger: '40',
  Client: '50',
  /** Reads everything of the projects an admin gives it, past moments included, and changes nothing. */
  Auditor: '60',
} as const;
export type Role = (typeof Role)[keyof typeof Role];
export const allRoles: Role[] = Object.values(Role);
export const internalRoles: Role[] = [Role.Admin, Role.Pm, Role.SeniorPm];
/** Who reads a project as it was at a past moment: those who run it, and its auditors. */
export const pastReaderRoles: Role[] = [...internalRoles, Role.Auditor];

/** Login tabs: 1 user, 2 team, 3 client, 4 internal (which also asks for a verification code; auditors sign in there too). */
export const loginTabs = { 1: [Role.Tagger], 2: [Role.Supplier], 3: [Role.Client], 4: pastReaderRoles } as const satisfies Record<number, readonly Role[]>;

export function landingPath(role: string): string {
  if (role === Role.Tagger) return '/tag';
  if (role === Role.Supplier) return '/supplier';
  if (role === Role.Client) return '/checkout';
  if (role === Role.Auditor) return '/audit/projects';
  return '/home';
}

/** Registration kinds: a user becomes a tagger, a team becomes a supplier. */
export const registrationRoles = { 10: Role.Tagger, 20: Role.Supplier } as const;
