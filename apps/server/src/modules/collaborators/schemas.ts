import { appPermissions, collaboratorRole, invitationRole, LIMITS, PERMISSION_MATRIX } from '@lintel/shared';
import { z } from 'zod';

// Request and response schemas of the collaborators area that packages/shared does not hold yet
// (spec 2 §7). They belong there; they live here until packages/shared can take them.

const appId = z.number().int().positive().max(2_147_483_647);

/** `?developer_app_id=ID`, the query every collaborator and invitation call carries. */
export const developerAppQuery = z.strictObject({ developer_app_id: z.coerce.number().pipe(appId) });

export const updateCollaboratorsRequest = z.strictObject({
  developer_app_id: appId,
  collaborators: z
    .array(z.strictObject({ id: z.number().int().positive().max(2_147_483_647), role: collaboratorRole }))
    .min(1, { message: "can't be empty" })
    .max(100, { message: 'must hold at most 100 entries' }),
});
export type UpdateCollaboratorsRequest = z.infer<typeof updateCollaboratorsRequest>;

export const createInvitationRequest = z.strictObject({
  developer_app_id: appId,
  email: z
    .string()
    .trim()
    .max(LIMITS.email, { message: `must be at most ${LIMITS.email} characters` })
    .pipe(z.email({ message: 'is not a valid e-mail address' }))
    .transform((value) => value.toLowerCase()),
  role: invitationRole,
});
export type CreateInvitationRequest = z.infer<typeof createInvitationRequest>;

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

export const permissionMatrix = (): DeveloperAppPermissions['matrix'] =>
  PERMISSION_MATRIX.map((row) => ({ ...row }));
