/** A reference database that cannot be read as one: the message says which file and why. */
export class ReferenceDatabaseError extends Error {
  override readonly name = 'ReferenceDatabaseError';
}
