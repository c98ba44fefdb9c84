import { LeadApi } from './api.ts';
import { serverConfig } from '../config.ts';
import { leadSettings } from './config.ts';
import { offeredLeadStore } from './process-store.ts';

/** The one lead API of this server process, configured from its environment, on the store main.ts opened. */
export const leadApi = new LeadApi(leadSettings(serverConfig()), offeredLeadStore);
