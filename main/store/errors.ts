/**
 * Why a database could not be used. Each carries a message written for a person, because
 * it ends up on screen (through an IpcError) or in the log with the file it is about.
 */
export type StoreErrorCode =
  /** The file is not a SQLite database or is damaged; it has been moved aside (see movedTo). */
  | 'CORRUPT'
  /** Written by a newer Parley with a schema this version does not know; left untouched. */
  | 'TOO_NEW'
  /** Could not be opened at all (permissions, missing folder, disk error). */
  | 'UNREADABLE'
  /** Its folder cannot be written (a read-only mount, no permission): SQLite cannot even read it then. */
  | 'READ_ONLY';

export class StoreError extends Error {
  override readonly name = 'StoreError';
  readonly code: StoreErrorCode;
  readonly file: string;
  /** Where a damaged file was moved to, so nothing is deleted. */
  readonly movedTo: string | null;

  constructor(
    code: StoreErrorCode,
    file: string,
    message: string,
    opts: { movedTo?: string | null; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.code = code;
    this.file = file;
    this.movedTo = opts.movedTo ?? null;
  }
}
