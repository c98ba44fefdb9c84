/*
 * What each owner holds about a lead's person, for a privacy request: its part of the export and its
 * erasure. Each owner (the quotes, the trips, the reviews, the Hajj list) registers what it holds,
 * src/server/personal-data.ts lists them, and the privacy store loops over that list: it names no
 * owner, and a new owner touches no desk file. As the message kinds are to the outbox.
 */
import type { SqlDatabase, SqlStatements } from '../db/database.ts';

/** One owner's personal data about a lead. */
export interface PersonalData {
  /** Its key in each lead of the person's export, e.g. `quotes`. */
  readonly key: string;
  /** What it holds about the lead, as the export writes it (plain JSON; null or [] when nothing). */
  export(db: SqlDatabase, leadId: string): Promise<unknown>;
  /**
   * Erases it (or keeps only what is not the person's) for the leads the caller's transaction has
   * locked and is erasing, before the leads themselves go.
   */
  erase(tx: SqlStatements, leadIds: readonly string[], now: Date): Promise<void>;
}

/** The owners' personal data, each once: a key registered twice is a mistake found at start. */
export function personalDataList(owners: readonly PersonalData[]): readonly PersonalData[] {
  const keys = new Set<string>();
  for (const owner of owners) {
    if (keys.has(owner.key)) throw new Error(`The personal data "${owner.key}" is registered twice`);
    keys.add(owner.key);
  }
  return owners;
}
