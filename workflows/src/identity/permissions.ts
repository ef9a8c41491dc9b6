// Which roles may do what: the one table the server's route guards and the console's buttons, menus and pages read.
import { allRoles, internalRoles, pastReaderRoles, Role } from './roles';

export interface Permission {
  /** Roles let in wherever the platform runs. */
  roles: readonly Role[];
  /** Roles let in as well when the platform runs as a private deployment (seed section 6). */
  privateRoles?: readonly Role[];
  /** Gone in a private deployment (seed section 1: it hides algorithm management). */
  publicOnly?: boolean;
}

const internal = { roles: internalRoles } as const;
const adminOnly = { roles: [Role.Admin] } as const;
/** The staff, and an auditor within the projects given to it: reading only, never a write. */
const pastReaders = { roles: pastReaderRoles } as const;

export const permissions = {
  'project.read': { roles: allRoles },
  'project.create': internal,
  'project.edit': internal,
  'project.publish': internal,
  'project.pause': internal,
  'project.resume': internal,
  'project.finish': internal,
  'project.close': internal,
  'project.reopen': internal,
  'project.clone': internal,
  'project.members.read': { roles: [...pastReaderRoles, Role.Supplier] },
  'project.members.assign': internal,
  /** A supplier groups its own taggers within the links its team is on. */
  'project.groups.manage': { roles: [Role.Supplier] },
  /** Members read the batches of the links they are on; which ones is the batches context's view rule. */
  'batch.read': { roles: [...pastReaderRoles, Role.Supplier, Role.Tagger] },
  'batch.manage': internal,
  /** Taking items from a link's pool: the people on the link, never the staff. */
  'item.claim': { roles: [Role.Tagger] },
  /** Acting on an item without holding it (releasing a claim, rejecting in an inspection link): its claimer or the staff; which is the item machine's rule. */
  'item.work': { roles: [...internalRoles, Role.Tagger] },
  /** Working an item in hand (saving, submitting, marking validity, passing): only its claimer, and the staff never claim. */
  'item.annotate': { roles: [Role.Tagger] },
  /** Recycling items and deciding on held ones. */
  'item.manage': internal,
  /** Reading items; which ones is the item context's view rule (the links the caller works on). */
  'item.list': { roles: [...pastReaderRoles, Role.Supplier, Role.Tagger] },
  /** Reading one item with its media and thumbnail: whoever reads items, and a client acceptor the items of the acceptance batches naming them. */
  'item.read': { roles: [...pastReaderRoles, Role.Supplier, Role.Tagger, Role.Client] },
  /** Reading how links' pools are shared; a supplier sees only its own team's share and groups. */
  'distribution.read': { roles: [...internalRoles, Role.Supplier] },
  /** Sharing a link's pool among the teams on it. */
  'distribution.manage': internal,
  /** A supplier splits its team's share among its own groups. */
  'distribution.split': { roles: [Role.Supplier] },
  /** Sampling tasks: making them over finished items, starting a round after rework, deciding on a held task. */
  'sampling.manage': internal,
  /** Claiming and judging sample items: the staff, and taggers on a project's last link, which the quality context checks. */
  'sampling.inspect': { roles: [...internalRoles, Role.Tagger] },
  /** Asking for exports and annotation imports of a project, reading its export records and downloading them. */
  'export.manage': internal,
  /** Export records and their archives: the staff, and an auditor for the projects given to it, to check them against the log. */
  'export.read': pastReaders,
  /** Listing and viewing accounts; a supplier only ever sees its own team's taggers, in every deployment, since it
   * shares work among its groups; it manages them only in a private deployment (seed section 6). */
  'people.read': { roles: [...internalRoles, Role.Supplier] },
  'people.manage': { roles: internalRoles, privateRoles: [Role.Supplier] },
  /** The accounts of PMs and other admins. */
  'people.pms': adminOnly,
  'people.sign_in_link': adminOnly,
  /** Which projects an auditor reads: the admin's to give. */
  'people.auditors.assign': adminOnly,
  'team.read': internal,
  'team.manage': internal,
  'catalog.read': internal,
  /** Invalid-image reasons, which annotators choose from; error groups are read per project (its items' readers) or by the staff. */
  'catalog.marks.read': { roles: [...internalRoles, Role.Tagger, Role.Client] },
  'catalog.edit': internal,
  /** Making a project's acceptance batches from its finished items, and passing, rejecting or withdrawing them. */
  'acceptance.manage': internal,
  /** Reading acceptance batches: the staff every one, a client acceptor those naming them. */
  'acceptance.read': { roles: [...internalRoles, Role.Client] },
  /** Claiming, judging and submitting a batch: the acceptors it names (the acceptance context checks which); never the staff, for acceptance is the client's word. */
  'acceptance.accept': { roles: [Role.Client] },
  /** Algorithms (seed section 6: a PM has "algorithms"): the staff read the registry, the calls and their analysis,
   * and register, edit, version and switch algorithms. */
  'algorithm.read': { roles: internalRoles, publicOnly: true },
  'algorithm.manage': { roles: internalRoles, publicOnly: true },
  /** Starting, stopping and restarting a call on a batch or a link's pool: the admin's (seed: "call admin only"). */
  'algorithm.call': { roles: [Role.Admin], publicOnly: true },
  /** Reading one's own messages and marking them read: everyone signed in, each their own inbox only. */
  'message.read': { roles: allRoles },
  /** Documents and help (seed sections 2, 3, 6): an admin keeps them; every role reads those whose range names it,
   * which the documents' repository checks. A private deployment has neither (seed section 1). */
  'document.manage': { roles: [Role.Admin], publicOnly: true },
  'document.read': { roles: allRoles, publicOnly: true },
  /** Signed webhooks of a project: registering endpoints, reading their delivery log, replaying. */
  'webhook.manage': internal,
  /** Statistics: the staff read any project's and the dashboard; a tagger reads only their own, a supplier its team's. */
  'statistics.read': internal,
  /** One project's statistics: the staff, and an auditor for the projects given to it. */
  'statistics.project': pastReaders,
  'statistics.own': { roles: [Role.Tagger] },
  'statistics.team': { roles: [Role.Supplier] },
  /** Announcements: an admin writes, schedules, publishes and stops them; everyone reads those whose scope names them. */
  'announcement.manage': { roles: [Role.Admin], publicOnly: true },
  'announcement.read': { roles: allRoles, publicOnly: true },
  'chat.bind': internal,
  /** The management log: the staff every event, an auditor those of the projects given to it. */
  'history.read': pastReaders,
  /** An item or a project as it was at a past moment, and the result versions judgements named. */
  'past.read': pastReaders,
  'audit.read': pastReaders,
  'audit.request': internal,
  /** The whole ledger as a file, every project's events in it; a project's slice is for whoever may read the project. */
  'ledger.export_all': internal,
  'mailbox.read': adminOnly,
  'system.health': adminOnly,
} as const satisfies Record<string, Permission>;

export type Action = keyof typeof permissions;

export function can(role: string | undefined, action: Action, privateDeployment: boolean): boolean {
  if (!role) return false;
  const rule: Permission = permissions[action];
  if (privateDeployment && rule.publicOnly) return false;
  if ((rule.roles as readonly string[]).includes(role)) return true;
  return privateDeployment && (rule.privateRoles ?? ([] as readonly string[])).includes(role);
}

/** Whether a name (a machine's event, say) is one of the actions above; lifecycle events share their action's name. */
export const isAction = (name: string): name is Action => Object.hasOwn(permissions, name);
