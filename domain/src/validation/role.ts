import { z } from '../zod';
import { parseBinaryValue } from '../permissions';
import { fieldError, idField, MAX_LENGTHS, OBJECT_ERROR, requiredText } from './fields';
import { MESSAGES } from './messages';

/** A role's permission mask as the wire sends it (a decimal string), read as a number. */
export const binaryValueSchema = z
  .string({ error: fieldError('permissions', MESSAGES.invalidPermissionMask) })
  .refine((value) => parseBinaryValue(value) !== null, MESSAGES.invalidPermissionMask)
  .transform((value) => parseBinaryValue(value) ?? 0);

const roleName = requiredText('nom du rôle', MESSAGES.roleNameRequired, MAX_LENGTHS.shortText);

/** /api/user/createRole */
export const roleCreateSchema = z.object({ roleName, binaryValue: binaryValueSchema }, OBJECT_ERROR);

/** /api/user/editRole */
export const roleEditSchema = z.object(
  { roleId: idField('rôle', MESSAGES.invalidId), roleName, binaryValue: binaryValueSchema },
  OBJECT_ERROR,
);

/** /api/user/changeRole */
export const roleChangeSchema = z.object(
  { userId: idField('utilisateur', MESSAGES.invalidId), roleId: idField('rôle', MESSAGES.invalidId) },
  OBJECT_ERROR,
);

export type RoleCreateInput = z.input<typeof roleCreateSchema>;
export type RoleCreateData = z.output<typeof roleCreateSchema>;
export type RoleEditInput = z.input<typeof roleEditSchema>;
export type RoleEditData = z.output<typeof roleEditSchema>;
export type RoleChangeInput = z.input<typeof roleChangeSchema>;
