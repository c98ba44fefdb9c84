import { LeadApi } from './api.ts';
import { leadApiConfig } from './config.ts';
import { offeredLeadStore } from './process-store.ts';

/** The one lead API of this server process, configured from its environment, on the store main.ts opened. */
export const leadApi = new LeadApi(leadApiConfig(process.env), offeredLeadStore);
