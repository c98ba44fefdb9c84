import { LeadApi } from './api.ts';
import { leadApiConfig } from './config.ts';

/** The one lead API of this server process, configured from its environment. */
export const leadApi = new LeadApi(leadApiConfig(process.env));
