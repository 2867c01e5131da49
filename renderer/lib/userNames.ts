/**
 * A person's name from a user ID. Someone the account's cache does not hold — a server that limits
 * a guest's view of people keeps them out, or main is still looking them up — reads as Zulip's
 * "Unknown user"; main pushes the real name once it has it (main/accounts/unknown-users.ts).
 */
export const UNKNOWN_USER = 'Unknown user';

export function nameOfUser(users: readonly { id: number; fullName: string }[] | undefined, id: number): string {
  return users?.find((u) => u.id === id)?.fullName ?? UNKNOWN_USER;
}
