/**
 * The actions a lead's history is written in, each registered with its label by the room that writes
 * it, as the message kinds are: the trail's own here, the desk's, the quotes', the trips', the
 * reviews' and the Hajj list's in their rooms, listed once in src/lib/history-actions.ts. The lead
 * page names a line by this list; a new owner adds its actions and names no desk file.
 */

/** One action of the history and how the lead page names it ("Quote", "Trip reminders"). */
export interface HistoryActionKind {
  readonly action: string;
  readonly label: string;
}

/** The trail's own actions (src/server/pipeline/trail.ts writes them): status, follow-up, note, erasure. */
export const TRAIL_HISTORY_ACTIONS: readonly HistoryActionKind[] = [
  { action: 'status', label: 'Status' },
  { action: 'follow-up', label: 'Follow-up' },
  { action: 'note', label: 'Note' },
  { action: 'erased', label: 'Erased' },
];

/** Every action registered, looked up by the string a history line holds. */
export class HistoryActions {
  private readonly labels = new Map<string, string>();

  constructor(kinds: readonly HistoryActionKind[]) {
    for (const { action, label } of kinds) {
      if (this.labels.has(action)) throw new Error(`The history action "${action}" is registered twice`);
      this.labels.set(action, label);
    }
  }

  /** How the lead page names a line's action; one nobody registered keeps its own word. */
  label = (action: string): string => this.labels.get(action) ?? action;

  /** Whether `action` is registered. */
  has(action: string): boolean {
    return this.labels.has(action);
  }
}
