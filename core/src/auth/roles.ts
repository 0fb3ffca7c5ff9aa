/** Mage's roles, strongest first. */
export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type RoleName = (typeof ROLES)[number];

const rank: Record<RoleName, number> = { owner: 4, admin: 3, editor: 2, viewer: 1 };

export const atLeast = (role: RoleName | null, minimum: RoleName) => role !== null && rank[role] >= rank[minimum];

/** Role table as Mage seeds it (ids 1-4), and the two bit encodings Mage exposes. */
export const ROLE_IDS: Record<RoleName, number> = { owner: 1, admin: 2, editor: 3, viewer: 4 };
export const ROLE_DISPLAY: Record<RoleName, string> = { owner: 'Owner', admin: 'Admin', editor: 'Editor', viewer: 'Viewer' };
export const PROJECT_ACCESS: Record<RoleName, number> = { owner: 1, admin: 2, editor: 4, viewer: 8 };
export const LEGACY_ROLE_BITS: Record<RoleName, number | null> = { owner: null, admin: 1, editor: 2, viewer: 4 };

export const roleFromId = (id: number): RoleName | undefined => ROLES.find((role) => ROLE_IDS[role] === id);

/** Legacy `roles` bits: 1 admin, 2 editor, 4 viewer; the strongest bit wins. */
export function roleFromLegacyBits(bits: number): RoleName | null {
  if (bits & 1) return 'admin';
  if (bits & 2) return 'editor';
  if (bits & 4) return 'viewer';
  return null;
}
