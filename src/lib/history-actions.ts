/**
 * Every action a lead's history is written in, each registered by the room that writes it (see
 * src/lib/pipeline/history.ts). A new owner's action is a line in its own room and one entry here;
 * the lead page (LeadActivity.astro) names each history line by this list.
 */
import { DESK_HISTORY_ACTIONS } from './desk/lead.ts';
import { HAJJ_HISTORY_ACTIONS } from './hajj/alerts.ts';
import { HistoryActions, TRAIL_HISTORY_ACTIONS } from './pipeline/history.ts';
import { QUOTE_HISTORY_ACTIONS } from './quotes/records.ts';
import { REVIEW_HISTORY_ACTIONS } from './reviews/review.ts';
import { TRIP_HISTORY_ACTIONS } from './trips/travellers.ts';

export const historyActions = new HistoryActions([
  ...TRAIL_HISTORY_ACTIONS,
  ...DESK_HISTORY_ACTIONS,
  ...QUOTE_HISTORY_ACTIONS,
  ...TRIP_HISTORY_ACTIONS,
  ...REVIEW_HISTORY_ACTIONS,
  ...HAJJ_HISTORY_ACTIONS,
]);
