import { z } from 'zod';
import {
  type AppPermissions,
  appPermissions,
  type CollaboratorRole,
  collaboratorRole,
  invitationRole,
  PERMISSION_MATRIX,
} from './developer-apps';
import { emailAddress } from './fields';
import { LIMITS } from './limits';
import { id, MAX_ID } from './query';

// The collaborators area (spec 2 §5–§7): its rules, which the server enforces and the web shows, and
// the request and response schemas of its endpoints.

/** Every role a collaborator may hold, in the order the role table shows them. */
export const COLLABORATOR_ROLES = collaboratorRole.options;
/** The roles an invitation may carry: never owner (ownership is transferred, not given away). */
export const INVITATION_ROLES = invitationRole.options;

/** The abilities the rules read: both come from permissionsFor (the role matrix). */
export type CollaboratorAbilities = Pick<AppPermissions, 'canManageCollaborators' | 'canTransferOwnership'>;

/** The collaborator a rule is about: a row of the table (`Collaborator`) or of the database. */
export interface CollaboratorTarget {
  user_id: number;
  role: CollaboratorRole;
}

/** Why giving a collaborator a role is refused. */
export type RoleChangeRefusal = 'not_allowed' | 'own_role' | 'owner_role' | 'owner_only_transfers';

/**
 * Whether the actor (`actorId`) may give `target` the role `role`, else why not: managing needs
 * canManageCollaborators; never your own row nor the owner's; `owner` transfers ownership, which only
 * the owner may do.
 */
export function roleChangeRefusal(
  actorId: number,
  can: CollaboratorAbilities,
  target: CollaboratorTarget,
  role: CollaboratorRole,
): RoleChangeRefusal | null {
  if (!can.canManageCollaborators) return 'not_allowed';
  if (target.user_id === actorId) return 'own_role';
  if (target.role === 'owner') return 'owner_role';
  if (role === 'owner' && !can.canTransferOwnership) return 'owner_only_transfers';
  return null;
}

/** Whether the actor may give `target` the role `role` (see roleChangeRefusal). */
export function canChangeRole(
  actorId: number,
  can: CollaboratorAbilities,
  target: CollaboratorTarget,
  role: CollaboratorRole,
): boolean {
  return roleChangeRefusal(actorId, can, target, role) === null;
}

/** Whether the actor may make `target` the owner: the owner hands over to anyone but themself. */
export function canTransferOwnershipTo(
  actorId: number,
  can: CollaboratorAbilities,
  target: CollaboratorTarget,
): boolean {
  return canChangeRole(actorId, can, target, 'owner');
}

/** Why removing a collaborator is refused. */
export type RemovalRefusal = 'not_allowed' | 'owner' | 'self';

/** Whether the actor may remove `target`, else why not: never the owner, never yourself. */
export function removalRefusal(
  actorId: number,
  can: CollaboratorAbilities,
  target: CollaboratorTarget,
): RemovalRefusal | null {
  if (!can.canManageCollaborators) return 'not_allowed';
  if (target.role === 'owner') return 'owner';
  if (target.user_id === actorId) return 'self';
  return null;
}

/** Whether the actor may remove `target` (see removalRefusal). */
export function canRemove(actorId: number, can: CollaboratorAbilities, target: CollaboratorTarget): boolean {
  return removalRefusal(actorId, can, target) === null;
}

/** An app has one owner: one edit of the roles may make at most one collaborator the owner. */
export function hasSingleNewOwner(changes: readonly { role: CollaboratorRole }[]): boolean {
  return changes.filter((change) => change.role === 'owner').length <= 1;
}

/** An invitation is accepted only by the account of the e-mail address it was sent to, in any case. */
export function isInvitee(accountEmail: string, invitationEmail: string): boolean {
  return accountEmail.toLowerCase() === invitationEmail.toLowerCase();
}

const appId = z
  .number()
  .int()
  .positive()
  .max(MAX_ID, { message: `must be at most ${MAX_ID}` });

/** `?developer_app_id=ID`, the query of the collaborator and invitation lists and of a removal. */
export const developerAppQuery = z.strictObject({ developer_app_id: id });

export const collaboratorResponse = z.object({
  id: z.number().int(),
  role: collaboratorRole,
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  developer: z.object({ name: z.string(), email: z.string() }),
  created_at: z.string(),
});
export type Collaborator = z.infer<typeof collaboratorResponse>;

export const invitationStatus = z.enum(['pending', 'accepted', 'canceled', 'expired']);
export const invitationResponse = z.object({
  id: z.number().int(),
  email: z.string(),
  role: invitationRole,
  status: invitationStatus,
  created_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationResponse>;

/** Role changes: `owner` transfers ownership (the old owner becomes admin). */
export const updateCollaboratorsRequest = z.strictObject({
  developer_app_id: appId,
  collaborators: z
    .array(z.strictObject({ id: appId, role: collaboratorRole }))
    .min(1, { message: "can't be empty" })
    .max(100, { message: 'must hold at most 100 entries' }),
});
export type UpdateCollaboratorsRequest = z.input<typeof updateCollaboratorsRequest>;
export type RoleChange = z.output<typeof updateCollaboratorsRequest>['collaborators'][number];

export const createInvitationRequest = z.strictObject({
  developer_app_id: appId,
  email: emailAddress,
  role: invitationRole,
});
export type CreateInvitationRequest = z.input<typeof createInvitationRequest>;
export type NewInvitation = z.output<typeof createInvitationRequest>;

/** The one change an invitation takes: canceling it. */
export const updateInvitationRequest = z.strictObject({
  developer_app_id: appId,
  invitation: z.strictObject({
    status: z.literal('canceled', { message: 'can only be canceled' }),
  }),
});

export const acceptInvitationRequest = z.strictObject({
  token: z.string().min(1, { message: "can't be blank" }).max(LIMITS.token),
});

export const acceptInvitationResponse = z.object({ developer_app_id: z.number().int() });

export const permissionMatrixRow = z.object({
  action: z.string(),
  owner: z.boolean(),
  admin: z.boolean(),
  developer: z.boolean(),
});

export const developerAppPermissionsResponse = z.object({
  developer_app_id: z.number().int(),
  /** The actor's role; null for a platform administrator who is not a collaborator. */
  role: collaboratorRole.nullable(),
  permissions: appPermissions,
  matrix: z.array(permissionMatrixRow),
});
export type DeveloperAppPermissions = z.infer<typeof developerAppPermissionsResponse>;

/** The rows of "View permission details", as the permissions endpoint sends them. */
export function permissionMatrix(): DeveloperAppPermissions['matrix'] {
  return PERMISSION_MATRIX.map((row) => ({ ...row }));
}
