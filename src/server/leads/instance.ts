import { InboxAuth } from './admin-auth.ts';
import { LeadApi } from './api.ts';
import { leadApiConfig } from './config.ts';

/** The one lead API of this server process, configured from its environment. */
export const leadApi = new LeadApi(leadApiConfig(process.env));

/** The staff inbox's password check; off until `ADMIN_PASSWORD` is set. */
export const inboxAuth = new InboxAuth(process.env['ADMIN_PASSWORD'], () => leadApi.store);
