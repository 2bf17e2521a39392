import { ApiError } from '../../../http/api-error.js';

/**
 * The roles every organisation has: administrators, users, viewers, merchants and the users
 * restricted to areas and stores. Roles an organisation defines itself are named by their id.
 */
const PREDEFINED_ROLES: readonly string[] = ['ADMIN', 'USER', 'VIEWER', 'MERCHANT', 'USER_RESTRICTED'];

/** A custom role's id, as the dashboard's addresses show it (`role_` and letters and digits). */
const CUSTOM_ROLE = /^role_[A-Za-z0-9]+$/;

/**
 * The role, when it is one: predefined, or shaped as a custom role's id (the organisation's
 * custom roles are defined in the dashboard, which the mock does not have, so any such id is one).
 *
 * @throws ApiError 400 `used_incorrect_role` for anything else, in the service's words.
 */
export const checkedRole = (role: string): string => {
  if (PREDEFINED_ROLES.includes(role) || CUSTOM_ROLE.test(role)) return role;
  throw new ApiError(400, 'used_incorrect_role', 'Used incorrect role', { details: `The role '${role}' is incorrect` });
};
