import { atLeast, type RoleName } from './roles.js';
import type { PolicyContext, Rule } from '../policy.js';

/** Policy rules shared by the resources: Mage's role checks. */
export const always: Rule = () => true;
export const never: Rule = () => false;
export const role =
  (minimum: RoleName): Rule =>
  ({ caller }) =>
    atLeast(caller.role, minimum);

/** Nobody signed in, with user authentication on: Mage's role checks pass for no user (mage_ai/api/utils.py). */
export const signedOut: Rule = ({ caller }) => caller.authEnabled && caller.user === null;

/** The caller is the user the record is (users: update yourself). */
export const isSelf: Rule = ({ caller, record }: PolicyContext) =>
  caller.user !== null && typeof record === 'object' && record !== null && 'id' in record && record.id === caller.user.id;

export const anyOf =
  (...rules: Rule[]): Rule =>
  (ctx) =>
    rules.some((rule) => rule(ctx));

/** Every attribute in `names` under the same rule. */
export function each<const K extends string>(names: readonly K[], rule: Rule): Partial<Record<K, Rule>> {
  const rules: Partial<Record<K, Rule>> = {};
  for (const name of names) rules[name] = rule;
  return rules;
}
