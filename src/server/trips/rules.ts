/** The checklist's rules on the server: the site's facts and seasons, with the late-arrival margin from the settings. */
import { settings } from '../../lib/facts.ts';
import { checklistRules, type ChecklistRules } from '../../lib/trips/checklist.ts';
import { serverConfig } from '../config.ts';

/** The rules every checklist on this server reads: `facts` as given (a test hands in an edited copy), the margin `TRIP_ARRIVAL_MARGIN_DAYS`. */
export function tripRules(facts: typeof settings.facts = settings.facts): ChecklistRules {
  return checklistRules(facts, settings.seasons, serverConfig().TRIP_ARRIVAL_MARGIN_DAYS);
}
