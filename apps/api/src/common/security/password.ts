import bcrypt from 'bcryptjs';

/** bcrypt with cost 10 (2^10 rounds); hashes are self-describing, so the cost can be raised later. */
export const BCRYPT_COST = 10;

export function hashPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, BCRYPT_COST);
}

/** A hash of a random string, compared against when the account does not exist, so timing does not reveal it. */
const DUMMY_HASH = bcrypt.hashSync('jara-no-such-account', BCRYPT_COST);

export async function verifyPassword(plain: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    await bcrypt.compare(plain, DUMMY_HASH);
    return false;
  }
  return bcrypt.compare(plain, hash);
}
