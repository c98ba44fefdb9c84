/*
 * The phase alert's email, registered with the outbox as its kind (HAJJ_ALERT_KIND). Its row holds
 * the alert's facts; the words are written when it is sent (src/lib/hajj/alerts.ts), and only if the
 * person may still be mailed then: unsubscribed or erased since it was queued, nothing is sent. Each
 * email carries an unsubscribe link of its own, of which only the SHA-256 is kept.
 */
import { facts } from '../../lib/facts.ts';
import { alertEmail, alertSubject, unsubscribeUrl } from '../../lib/hajj/alerts.ts';
import { messageKind } from '../outbox/kinds.ts';
import { composedMail } from '../outbox/mail.ts';
import { issueUnsubscribeToken, mayEmail, type HajjAlertMessage } from './store.ts';

/** A phase alert as an outbox kind: each email carries a one-click unsubscribe (RFC 8058), in its text and its headers. */
export const HAJJ_ALERT_KIND = messageKind<HajjAlertMessage>({
  kind: 'hajj-alert',
  label: (message) => `Hajj phase alert "${alertSubject(message.alert)}"`,
  compose: async (delivery, message, context) => {
    const { leadId } = delivery;
    if (leadId === null || !(await mayEmail(context.database, leadId))) return null;
    const link = unsubscribeUrl(context.siteUrl, await issueUnsubscribeToken(context.database, leadId, context.now));
    const words = alertEmail(message.alert, {
      steps: facts.hajj.steps,
      nusukRule: facts.hajj.nusuk.text,
      siteUrl: context.siteUrl,
      unsubscribeUrl: link,
    });
    return {
      ...composedMail(delivery, { audience: 'pilgrim', ...words }, context.from),
      headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  },
});
