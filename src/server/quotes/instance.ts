/** This process's quotes: the desk's quote store and the pilgrim's page, on the store main.ts opened. */
import type { QuoteSettings } from '../../lib/quotes/editor.ts';
import { serverConfig } from '../config.ts';
import { leadApi } from '../leads/instance.ts';
import { QuotePage } from './pilgrim-page.ts';
import { QuoteStore } from './store.ts';

/** Whether quotes send their emails: only where SMTP is set up, as the lead's own emails. */
export function quoteEmailsOn(): boolean {
  return serverConfig().SMTP_URL !== undefined;
}

/** Quotes, their links, payments and the bookings' accounts over this process's store. */
export function quotes(): QuoteStore {
  return new QuoteStore(leadApi.store.database, { emails: quoteEmailsOn() });
}

/** What a new quote starts with, from this process's configuration. */
export function quoteSettings(): QuoteSettings {
  const config = serverConfig();
  return {
    validForDays: config.QUOTE_VALID_DAYS,
    schedule: {
      depositPerTravellerCents: config.QUOTE_DEPOSIT_PER_TRAVELLER * 100,
      balanceDaysBeforeDeparture: config.QUOTE_BALANCE_DAYS_BEFORE_DEPARTURE,
      paymentsAfterDeposit: config.QUOTE_PAYMENTS_AFTER_DEPOSIT,
    },
  };
}

/** The pilgrim's quote page and the answers it takes, on this process's store. */
export const quotePage = new QuotePage(() => leadApi.store, {
  siteUrl: serverConfig().SITE_URL,
  limit: serverConfig().QUOTE_RATE_LIMIT,
  windowMs: serverConfig().LEADS_RATE_WINDOW_SECONDS * 1000,
  emails: quoteEmailsOn(),
});
