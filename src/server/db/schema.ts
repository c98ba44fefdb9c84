/*
 * The one schema of the database, for SQLite and PostgreSQL alike: every table of the lead store
 * (leads, outbox, attempts, captchas, settings, idempotency keys, rate limits) and of the lead desk
 * (staff, sessions, the pipeline's columns, notes, history, quotes and their payments, a booking's
 * travellers). Each step moves a database one version on; sqlite.ts records the count in
 * `PRAGMA user_version`, postgres.ts in `schema_steps`.
 *
 * The steps follow the SQLite file's history, so a file keeps its version number. PostgreSQL arrived
 * later with its own two migrations; postgres.ts translates what they recorded (LEGACY_STEPS).
 *
 * A step is written once. Where the dialects spell a type differently it says so by placeholder:
 * `{id}` is an auto-numbered primary key, `{sorted_text}` text that sorts byte by byte (ISO times;
 * PostgreSQL would otherwise sort by the server's locale). Both read INTEGER and BIGINT alike:
 * SQLite stores any whole number in up to 8 bytes, so write BIGINT for times in milliseconds and ids.
 * No foreign key cascades: the stores delete dependent rows themselves, dependants first, as both
 * databases enforce the keys (node:sqlite turns them on). tests/unit/schema-parity.test.ts compares
 * what both databases end up with.
 */
import { maskCardNumbers } from '../../lib/card-number.ts';
import { contactIndex } from '../../lib/leads/contact-index.ts';
import { newReference } from '../../lib/leads/reference.ts';
import { SHIPPED_VACCINE_LINE, STARTING_TEMPLATES, vaccineTemplateLine } from '../../lib/desk/reply-templates.ts';
import { facts } from '../../lib/facts.ts';
import { tokenHash } from '../secrets.ts';
import type { Dialect, SqlValue } from './database.ts';

/** Fills a new column of the rows already there: each row the SELECT returns gives the UPDATE its parameters. */
export interface Backfill {
  readonly select: string;
  readonly update: string;
  /** One UPDATE's parameters per row; given every row at once, so values can be kept unique among them. */
  params(rows: readonly Record<string, unknown>[]): SqlValue[][];
}

/** SQL one dialect alone runs, where the other cannot say the same thing (each use says why). */
interface DialectOnly {
  readonly only: Dialect;
  readonly sql: string;
}

/** SQL for both databases (with placeholders), SQL for one of them, or a backfill. */
type SchemaAction = string | Backfill | DialectOnly;

/** One version of the schema: its actions run in order, in one transaction. */
type SchemaStep = readonly SchemaAction[];

const PLACEHOLDERS: Record<Dialect, Record<string, string>> = {
  sqlite: { id: 'INTEGER PRIMARY KEY AUTOINCREMENT', sorted_text: 'TEXT' },
  postgresql: { id: 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY', sorted_text: 'TEXT COLLATE "C"' },
};

/** A unique reference for each existing lead: references arrived after the first leads did. */
const giveReferences: Backfill = {
  select: 'SELECT id FROM leads',
  update: 'UPDATE leads SET reference = ? WHERE id = ?',
  params(rows) {
    const taken = new Set<string>();
    return rows.map((row) => {
      let reference = newReference();
      while (taken.has(reference)) reference = newReference();
      taken.add(reference);
      return [reference, row['id'] as string];
    });
  },
};

/** The contact columns the desk searches, for leads stored before the desk existed. */
const indexContacts: Backfill = {
  select: 'SELECT id, form_id, fields FROM leads',
  update: 'UPDATE leads SET contact_name = ?, contact_email = ?, contact_phone = ? WHERE id = ?',
  params(rows) {
    return rows.map((row) => {
      const fields = JSON.parse(row['fields'] as string) as Record<string, string>;
      const contact = contactIndex(row['form_id'] as string, fields);
      return [contact.name, contact.email, contact.phone, row['id'] as string];
    });
  },
};

/**
 * The phone digits the desk searches by, again for the leads whose number was typed in Arabic, Urdu,
 * Bengali or full-width digits: stored before step 26, they had none, and no search, linked enquiry
 * or privacy request found them by their number. Only the rows whose digits change are written.
 */
const reindexTypedDigits: Backfill = {
  select: 'SELECT id, form_id, fields, contact_phone FROM leads',
  update: 'UPDATE leads SET contact_phone = ? WHERE id = ?',
  params(rows) {
    return rows.flatMap((row) => {
      const fields = JSON.parse(row['fields'] as string) as Record<string, string>;
      const { phone } = contactIndex(row['form_id'] as string, fields);
      return phone === row['contact_phone'] ? [] : [[phone, row['id'] as string]];
    });
  },
};

/**
 * The Hajj list's unsubscribe tokens, kept readable until step 20, as the links of each email they
 * were in: only their SHA-256, so a link already emailed keeps working and none can be read back.
 */
const hashUnsubscribeTokens: Backfill = {
  select: 'SELECT lead_id, unsubscribe_token FROM hajj_interest',
  update: 'INSERT INTO hajj_unsubscribe_links (token_hash, lead_id, issued_at) VALUES (?, ?, ?)',
  params(rows) {
    const at = new Date().toISOString();
    return rows.map((row) => [tokenHash(row['unsubscribe_token'] as string), row['lead_id'] as string, at]);
  },
};

/**
 * The schedules of the versions sent before quote_dues existed, one row per payment in the
 * schedule's order (the deposit is ordinal 0). The step keeps its own statement: a shipped step
 * never changes, whatever the quote store's own insert (src/server/quotes/accounts.ts) becomes.
 */
const scheduleDues: Backfill = {
  select: 'SELECT quote_id, version, draft FROM quote_versions WHERE sent_at IS NOT NULL',
  update: 'INSERT INTO quote_dues (quote_id, version, ordinal, due_on, amount_cents) VALUES (?, ?, ?, ?, ?)',
  params(rows) {
    return rows.flatMap((row) => {
      const { schedule } = JSON.parse(row['draft'] as string) as { schedule: { dueOn: string; amountCents: number }[] };
      return schedule.map((due, ordinal) => [
        row['quote_id'] as string,
        Number(row['version']),
        ordinal,
        due.dueOn,
        due.amountCents,
      ]);
    });
  },
};

/** Writes the starting templates once, as the step's data (the SELECT gives the one row that runs it). */
const startingTemplates: Backfill = {
  select: 'SELECT 1 AS one',
  update: 'INSERT INTO reply_templates (name, subject, body, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)',
  params() {
    const at = new Date().toISOString();
    return STARTING_TEMPLATES.map(([name, subject, body]) => [name, subject, body, '', at]);
  },
};

/** Payment references stored before a card number anywhere in one was refused: each keeps its last four digits. */
const maskCardReferences: Backfill = {
  select: 'SELECT id, reference FROM quote_payments',
  update: 'UPDATE quote_payments SET reference = ? WHERE id = ?',
  params(rows) {
    return rows.flatMap((row) => {
      const reference = row['reference'] as string;
      const masked = maskCardNumbers(reference);
      return masked === reference ? [] : [[masked, row['id'] as SqlValue]];
    });
  },
};

/**
 * The departure and return days of the bookings accepted before step 21, from the accepted version's
 * draft, where every reader found them until then. The step keeps its own statement: a shipped step
 * never changes, whatever the quote store's own acceptance (src/server/quotes/answers.ts) becomes.
 */
const bookingDays: Backfill = {
  select: `SELECT acc.quote_id, version.draft FROM quote_acceptances acc
    JOIN quote_versions version ON version.quote_id = acc.quote_id AND version.version = acc.version`,
  update: 'UPDATE quote_acceptances SET departure_on = ?, return_on = ? WHERE quote_id = ?',
  params(rows) {
    return rows.map((row) => {
      const { departureOn, returnOn } = JSON.parse(row['draft'] as string) as { departureOn: string; returnOn: string };
      return [departureOn, returnOn, row['quote_id'] as string];
    });
  },
};

/**
 * Two starting templates said "reply to this email", and staff send templates by WhatsApp too (step
 * 13): each sentence as shipped, and its words for both. Only a body still as shipped changes.
 */
const TEMPLATE_REWORDINGS: readonly (readonly [name: string, shipped: string, reworded: string])[] = [
  [
    'First reply',
    'You can reply to this email or call us, whichever is easier.',
    'You can reply to this message or call us, whichever is easier.',
  ],
  [
    'Documents needed',
    'You can reply to this email with the files attached, or call us if you would rather send them another way.',
    'You can reply to this message with the files attached, or call us if you would rather send them another way.',
  ],
];

/**
 * "Documents needed" told every traveller aged one and over that the vaccine was needed for Umrah,
 * against the health fact (step 19): a body still as step 13 left it reads the fact instead.
 */
const rewordVaccineLine: Backfill = {
  select: "SELECT id, body FROM reply_templates WHERE name = 'Documents needed'",
  update: 'UPDATE reply_templates SET body = ? WHERE id = ?',
  params(rows) {
    const shipped = STARTING_TEMPLATES.find(([name]) => name === 'Documents needed')![2];
    const rewording = TEMPLATE_REWORDINGS.find(([name]) => name === 'Documents needed')!;
    const asLeft = shipped.replace(rewording[1], rewording[2]);
    return rows.flatMap((row) =>
      row['body'] === asLeft
        ? [[asLeft.replace(SHIPPED_VACCINE_LINE, vaccineTemplateLine(facts.health.acwy)), row['id'] as SqlValue]]
        : [],
    );
  },
};

/** The starting templates that no owner has changed, in words for email and WhatsApp alike. */
const rewordStartingTemplates: Backfill = {
  select: 'SELECT id, name, body FROM reply_templates',
  update: 'UPDATE reply_templates SET body = ? WHERE id = ?',
  params(rows) {
    return rows.flatMap((row) => {
      const shipped = STARTING_TEMPLATES.find(([name]) => name === row['name'])?.[2];
      const rewording = TEMPLATE_REWORDINGS.find(([name]) => name === row['name']);
      if (!rewording || shipped === undefined || row['body'] !== shipped) return [];
      return [[shipped.replace(rewording[1], rewording[2]), row['id'] as SqlValue]];
    });
  },
};

/** Every step, oldest first. Append; never edit a step that has shipped. */
export const SCHEMA: readonly SchemaStep[] = [
  // 1. The leads, spent captcha nonces and the secrets kept in the database.
  [
    `CREATE TABLE leads (
       seq {id},
       id TEXT NOT NULL UNIQUE,
       form_id TEXT NOT NULL,
       received_at {sorted_text} NOT NULL,
       fields TEXT NOT NULL,
       page_url TEXT,
       user_agent TEXT
     );
     CREATE INDEX leads_form_received ON leads (form_id, received_at);
     CREATE TABLE captcha_spent (nonce TEXT PRIMARY KEY, expires_at BIGINT NOT NULL);
     CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  ],
  // 2. The outbox: written in the lead's own transaction, so a stored lead always has its deliveries.
  [
    `CREATE TABLE outbox (
       id {id},
       lead_id TEXT NOT NULL REFERENCES leads (id),
       channel TEXT NOT NULL,
       destination TEXT NOT NULL,
       status TEXT NOT NULL DEFAULT 'pending',
       attempts INTEGER NOT NULL DEFAULT 0,
       next_attempt_at BIGINT NOT NULL,
       last_error TEXT,
       delivered_at TEXT,
       UNIQUE (lead_id, channel, destination)
     );
     CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
     CREATE TABLE delivery_attempts (
       id {id},
       outbox_id BIGINT NOT NULL REFERENCES outbox (id),
       attempted_at TEXT NOT NULL,
       ok INTEGER NOT NULL,
       detail TEXT NOT NULL,
       duration_ms INTEGER NOT NULL
     );`,
  ],
  // 3. References for every lead, the old ones too; idempotency keys; the acknowledgement's once-a-day lookup.
  [
    'ALTER TABLE leads ADD COLUMN reference TEXT',
    giveReferences,
    // SQLite cannot make an added column NOT NULL; there the lead store's insert is what always gives one.
    { only: 'postgresql', sql: 'ALTER TABLE leads ALTER COLUMN reference SET NOT NULL' },
    `CREATE UNIQUE INDEX leads_reference ON leads (reference);
     CREATE TABLE idempotency_keys (
       form_id TEXT NOT NULL,
       key TEXT NOT NULL,
       lead_id TEXT NOT NULL REFERENCES leads (id),
       created_at BIGINT NOT NULL,
       PRIMARY KEY (form_id, key)
     );
     CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
     CREATE INDEX outbox_acknowledged ON outbox (channel, lower(destination));`,
  ],
  // 4. Rate limits kept in the database, so every process and instance counts together.
  [
    `CREATE TABLE rate_limits (
       bucket TEXT NOT NULL,
       client TEXT NOT NULL,
       window_start BIGINT NOT NULL,
       requests INTEGER NOT NULL,
       PRIMARY KEY (bucket, client)
     )`,
  ],
  // 5. The lead desk (src/server/desk/): staff and their sessions, each lead's place in the pipeline,
  //    its notes and history, and contact columns for the desk's search.
  [
    `ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new';
     ALTER TABLE leads ADD COLUMN lost_reason TEXT;
     ALTER TABLE leads ADD COLUMN assignee_id TEXT;
     ALTER TABLE leads ADD COLUMN follow_up TEXT;
     ALTER TABLE leads ADD COLUMN first_contacted_at TEXT;
     ALTER TABLE leads ADD COLUMN contact_name TEXT NOT NULL DEFAULT '';
     ALTER TABLE leads ADD COLUMN contact_email TEXT NOT NULL DEFAULT '';
     ALTER TABLE leads ADD COLUMN contact_phone TEXT NOT NULL DEFAULT '';
     CREATE INDEX leads_received ON leads (received_at);
     CREATE INDEX leads_status ON leads (status, follow_up);
     CREATE INDEX leads_assignee ON leads (assignee_id);
     CREATE INDEX leads_contact_email ON leads (contact_email);
     CREATE INDEX leads_contact_phone ON leads (contact_phone);
     CREATE TABLE staff (
       id TEXT PRIMARY KEY,
       email TEXT NOT NULL UNIQUE,
       role TEXT NOT NULL,
       password_hash TEXT NOT NULL,
       must_change_password INTEGER NOT NULL DEFAULT 0,
       created_at TEXT NOT NULL
     );
     CREATE TABLE staff_sessions (
       token_hash TEXT PRIMARY KEY,
       staff_id TEXT NOT NULL REFERENCES staff (id),
       csrf_token TEXT NOT NULL,
       created_at BIGINT NOT NULL,
       expires_at BIGINT NOT NULL
     );
     CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);
     CREATE TABLE lead_notes (
       id {id},
       lead_id TEXT NOT NULL REFERENCES leads (id),
       author TEXT NOT NULL,
       created_at TEXT NOT NULL,
       body TEXT NOT NULL
     );
     CREATE INDEX lead_notes_lead ON lead_notes (lead_id, id);
     CREATE TABLE lead_history (
       id {id},
       lead_id TEXT,
       reference TEXT NOT NULL,
       actor TEXT NOT NULL,
       at TEXT NOT NULL,
       action TEXT NOT NULL,
       detail TEXT NOT NULL DEFAULT ''
     );
     CREATE INDEX lead_history_lead ON lead_history (lead_id, id);`,
    indexContacts,
  ],
  // 6. Quotes (src/server/quotes/store.ts): each lead's quotes, their versions (a sent one frozen,
  //    the newest editable until sent), the pilgrim's acceptance or decline, and payments. No foreign key to leads: an erased
  //    lead's quotes stay under its reference with the person's details removed, for the accounts.
  //    The link's token is looked up by its SHA-256 (step 7 keeps the link too); amounts are integer
  //    cents.
  [
    `CREATE TABLE quotes (
       id TEXT PRIMARY KEY,
       lead_id TEXT,
       reference TEXT NOT NULL,
       created_by TEXT NOT NULL,
       created_at TEXT NOT NULL,
       token_hash TEXT,
       withdrawn_at TEXT
     );
     CREATE INDEX quotes_lead ON quotes (lead_id);
     CREATE UNIQUE INDEX quotes_token ON quotes (token_hash);
     CREATE TABLE quote_versions (
       quote_id TEXT NOT NULL REFERENCES quotes (id),
       version INTEGER NOT NULL,
       draft TEXT NOT NULL,
       total_cents BIGINT NOT NULL,
       valid_until TEXT NOT NULL,
       saved_at TEXT NOT NULL,
       sent_at TEXT,
       PRIMARY KEY (quote_id, version)
     );
     CREATE TABLE quote_acceptances (
       quote_id TEXT PRIMARY KEY REFERENCES quotes (id),
       version INTEGER NOT NULL,
       total_cents BIGINT NOT NULL,
       typed_name TEXT NOT NULL,
       accepted_at TEXT NOT NULL
     );
     CREATE TABLE quote_declines (
       quote_id TEXT PRIMARY KEY REFERENCES quotes (id),
       version INTEGER NOT NULL,
       reason TEXT NOT NULL,
       declined_at TEXT NOT NULL
     );
     CREATE TABLE quote_payments (
       id {id},
       quote_id TEXT NOT NULL REFERENCES quotes (id),
       paid_on TEXT NOT NULL,
       amount_cents BIGINT NOT NULL,
       method TEXT NOT NULL,
       reference TEXT NOT NULL,
       recorded_by TEXT NOT NULL,
       recorded_at TEXT NOT NULL
     );
     CREATE INDEX quote_payments_quote ON quote_payments (quote_id, id);`,
  ],
  // 7. The quote's link itself, beside its hash: staff copy it and send it by WhatsApp again, and
  //    the email of every new version carries it, so it must be readable. Lookups still go by the
  //    hash (quote-answers.ts). A quote whose link was issued before this step has none until staff
  //    make a new link.
  ['ALTER TABLE quotes ADD COLUMN link_token TEXT'],
  // 8. Messages in the outbox (the quote emails): a lead may have several to one address, each named
  //    by its key (unique per lead, channel and address: a retry or a double submit queues it once)
  //    and carrying its facts as JSON; a lead's own deliveries keep the key ''. Each row says when it
  //    was queued, so readiness measures a backlog from then, not from the day its lead arrived.
  //    SQLite cannot drop the old UNIQUE (lead_id, channel, destination), so it makes the table again
  //    and copies the rows with their ids, keeping the AUTOINCREMENT counter (no id is ever reused,
  //    not even an erased one's). node:sqlite enforces foreign keys, and the attempts point at the
  //    outbox: they are checked at the commit instead (defer_foreign_keys), once every row is back.
  //    PostgreSQL alters the table in place.
  [
    {
      only: 'sqlite',
      sql: `PRAGMA defer_foreign_keys = ON;
       CREATE TEMP TABLE outbox_copy AS SELECT * FROM outbox;
       CREATE TEMP TABLE outbox_counter AS SELECT seq FROM sqlite_sequence WHERE name = 'outbox';
       DROP TABLE outbox;
       CREATE TABLE outbox (
         id {id},
         lead_id TEXT NOT NULL REFERENCES leads (id),
         channel TEXT NOT NULL,
         destination TEXT NOT NULL,
         status TEXT NOT NULL DEFAULT 'pending',
         attempts INTEGER NOT NULL DEFAULT 0,
         next_attempt_at BIGINT NOT NULL,
         last_error TEXT,
         delivered_at TEXT,
         message_key TEXT NOT NULL DEFAULT '',
         payload TEXT,
         queued_at {sorted_text} NOT NULL
       );
       INSERT INTO outbox
         (id, lead_id, channel, destination, status, attempts, next_attempt_at, last_error, delivered_at, queued_at)
         SELECT copy.id, copy.lead_id, copy.channel, copy.destination, copy.status, copy.attempts,
           copy.next_attempt_at, copy.last_error, copy.delivered_at,
           COALESCE((SELECT received_at FROM leads WHERE leads.id = copy.lead_id), '')
         FROM outbox_copy copy;
       DELETE FROM sqlite_sequence WHERE name = 'outbox';
       INSERT INTO sqlite_sequence (name, seq) SELECT 'outbox', seq FROM outbox_counter;
       DROP TABLE outbox_copy;
       DROP TABLE outbox_counter;
       CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
       CREATE INDEX outbox_acknowledged ON outbox (channel, lower(destination));`,
    },
    {
      only: 'postgresql',
      sql: `ALTER TABLE outbox DROP CONSTRAINT outbox_lead_id_channel_destination_key;
       ALTER TABLE outbox ADD COLUMN message_key TEXT NOT NULL DEFAULT '';
       ALTER TABLE outbox ADD COLUMN payload TEXT;
       ALTER TABLE outbox ADD COLUMN queued_at {sorted_text};
       UPDATE outbox SET queued_at = leads.received_at FROM leads WHERE leads.id = outbox.lead_id;
       ALTER TABLE outbox ALTER COLUMN queued_at SET NOT NULL;`,
    },
    'CREATE UNIQUE INDEX outbox_message ON outbox (lead_id, channel, destination, message_key)',
  ],
  // 9. Each sent version's payment schedule as rows (it is frozen with the version), so the desk's
  //    "Due today" and "Overdue" can find the first unpaid payment of every booking in SQL, by the
  //    day it is due; the draft's JSON stays the quote's own record. Sent versions of older
  //    databases are filled in. The dashboard finds the versions sent in its weeks by their time,
  //    and each quote's first send and latest total without reading the drafts.
  [
    `CREATE TABLE quote_dues (
       quote_id TEXT NOT NULL REFERENCES quotes (id),
       version INTEGER NOT NULL,
       ordinal INTEGER NOT NULL,
       due_on {sorted_text} NOT NULL,
       amount_cents BIGINT NOT NULL,
       PRIMARY KEY (quote_id, version, ordinal)
     );
     CREATE INDEX quote_dues_day ON quote_dues (due_on);
     CREATE INDEX quote_versions_sent ON quote_versions (sent_at, quote_id);
     CREATE INDEX quote_versions_sends ON quote_versions (quote_id, version, sent_at, total_cents);`,
    scheduleDues,
  ],
  // 10. The morning digest and the first-contact alert (src/server/desk/digest-store.ts). A digest
  //     is about no one lead, so the outbox's lead_id may be empty: such a row's payload names only
  //     the staff member and the office day, and the worker writes the email out when it sends it,
  //     so an enquiry erased in between is never in it. What makes a digest once per member and
  //     day is digest_days' key, claimed in the transaction that queues it (also for a day that had
  //     nothing to say); an alert is once because its lead's first_contact_alerted_at is set in the
  //     transaction that queues it. job_leases lets one instance at a time do the scheduled work.
  //     SQLite cannot drop a NOT NULL, so it makes the outbox again as step 8 did, keeping ids,
  //     tries and the AUTOINCREMENT counter.
  [
    {
      only: 'sqlite',
      sql: `PRAGMA defer_foreign_keys = ON;
       CREATE TEMP TABLE outbox_copy AS SELECT * FROM outbox;
       CREATE TEMP TABLE outbox_counter AS SELECT seq FROM sqlite_sequence WHERE name = 'outbox';
       DROP TABLE outbox;
       CREATE TABLE outbox (
         id {id},
         lead_id TEXT REFERENCES leads (id),
         channel TEXT NOT NULL,
         destination TEXT NOT NULL,
         status TEXT NOT NULL DEFAULT 'pending',
         attempts INTEGER NOT NULL DEFAULT 0,
         next_attempt_at BIGINT NOT NULL,
         last_error TEXT,
         delivered_at TEXT,
         message_key TEXT NOT NULL DEFAULT '',
         payload TEXT,
         queued_at {sorted_text} NOT NULL
       );
       INSERT INTO outbox SELECT * FROM outbox_copy;
       DELETE FROM sqlite_sequence WHERE name = 'outbox';
       INSERT INTO sqlite_sequence (name, seq) SELECT 'outbox', seq FROM outbox_counter;
       DROP TABLE outbox_copy;
       DROP TABLE outbox_counter;
       CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
       CREATE INDEX outbox_acknowledged ON outbox (channel, lower(destination));
       CREATE UNIQUE INDEX outbox_message ON outbox (lead_id, channel, destination, message_key);`,
    },
    { only: 'postgresql', sql: 'ALTER TABLE outbox ALTER COLUMN lead_id DROP NOT NULL' },
    `ALTER TABLE leads ADD COLUMN first_contact_alerted_at TEXT;
     CREATE TABLE digest_days (
       staff_id TEXT NOT NULL,
       day {sorted_text} NOT NULL,
       claimed_at TEXT NOT NULL,
       outbox_id BIGINT,
       PRIMARY KEY (staff_id, day)
     );
     CREATE INDEX digest_days_day ON digest_days (day);
     CREATE TABLE job_leases (
       name TEXT PRIMARY KEY,
       holder TEXT NOT NULL,
       leased_until BIGINT NOT NULL
     );`,
  ],
  // 11. Replies from the desk (src/server/desk/reply-store.ts): the owners' reply templates, with who
  //     changed each last and when ('' for the starting ones), and the name each staff member sends
  //     replies under (the sender's display name and {{staff_name}}; '' until they give it).
  [
    `CREATE TABLE reply_templates (
       id {id},
       name TEXT NOT NULL UNIQUE,
       subject TEXT NOT NULL,
       body TEXT NOT NULL,
       updated_by TEXT NOT NULL,
       updated_at TEXT NOT NULL
     );
     ALTER TABLE staff ADD COLUMN display_name TEXT NOT NULL DEFAULT '';`,
    startingTemplates,
  ],
  // 12. Where each enquiry came from, the first touch of its visit (src/lib/leads/first-touch.ts): the
  //     landing page's path, the referring site's host and the campaign tags, each checked and
  //     bounded before it is written; null where nothing was kept (every lead before this step). The
  //     dashboard groups the leads of its weeks by them through leads_received.
  [
    `ALTER TABLE leads ADD COLUMN landing_path TEXT;
     ALTER TABLE leads ADD COLUMN referrer_host TEXT;
     ALTER TABLE leads ADD COLUMN utm_source TEXT;
     ALTER TABLE leads ADD COLUMN utm_medium TEXT;
     ALTER TABLE leads ADD COLUMN utm_campaign TEXT;`,
  ],
  // 13. Data only. Card numbers typed into a payment reference beside other words ("Visa 4111 1111
  //     1111 1111") were stored until the reference was refused for holding one anywhere: each is
  //     masked to its last four digits ("Visa •••• 1111"). And the starting templates no owner has
  //     changed no longer say "reply to this email", since staff send them by WhatsApp too.
  [maskCardReferences, rewordStartingTemplates],
  // 14. The cancellation charges (src/lib/quotes/cancellation.ts), as JSON: the schedule a version
  //     was sent with (frozen with it, so a later change of the agency's schedule never alters an
  //     offer already made) and the one the pilgrim accepted. Null where there was none: versions
  //     sent and acceptances made before this step.
  [
    `ALTER TABLE quote_versions ADD COLUMN cancellation TEXT;
     ALTER TABLE quote_acceptances ADD COLUMN cancellation TEXT;`,
  ],
  // 15. The Hajj interest list (src/server/hajj/store.ts): a Hajj form's own answers beside its lead (the
  //     party, when the consent to be emailed was given, when the person unsubscribed), the phase
  //     alerts owners send, and each address an alert was queued to, whose key makes an alert once
  //     per person across double submits, restarts and instances. The unsubscribe token is kept
  //     readable, as a quote's link is (step 7): the email is written out when it is sent, and
  //     carries it (until step 20 keeps only each email's link's SHA-256).
  [
    `CREATE TABLE hajj_interest (
       lead_id TEXT PRIMARY KEY REFERENCES leads (id),
       travellers INTEGER,
       consented_at {sorted_text},
       unsubscribe_token TEXT NOT NULL UNIQUE,
       unsubscribed_at {sorted_text}
     );
     CREATE TABLE hajj_alerts (
       id {id},
       alert_key TEXT NOT NULL UNIQUE,
       sent_by TEXT NOT NULL,
       sent_at {sorted_text} NOT NULL
     );
     CREATE TABLE hajj_alert_recipients (
       alert_id BIGINT NOT NULL REFERENCES hajj_alerts (id),
       email TEXT NOT NULL,
       queued_by TEXT NOT NULL,
       queued_at {sorted_text} NOT NULL,
       PRIMARY KEY (alert_id, email)
     );`,
  ],
  // 16. The travellers on a booking (src/server/trips/store.ts), one row each per accepted quote, in
  //     the order staff added them: the name as in the passport, the age category, the passport's
  //     expiry, the vaccination (its type, or 'not-needed', and day: health data), the visa's status
  //     and day, the Nusuk permit's day; who changed the row last and when. No passport number, no
  //     scan, no date of birth. Deleted with the lead, and a set number of days after the return.
  [
    `CREATE TABLE trip_travellers (
       quote_id TEXT NOT NULL REFERENCES quotes (id),
       position INTEGER NOT NULL,
       lead_id TEXT NOT NULL,
       name TEXT NOT NULL,
       category TEXT NOT NULL,
       passport_expires_on TEXT,
       vaccine TEXT,
       vaccinated_on TEXT,
       visa_status TEXT NOT NULL,
       visa_on TEXT,
       nusuk_permit_on TEXT,
       updated_at TEXT NOT NULL,
       updated_by TEXT NOT NULL,
       PRIMARY KEY (quote_id, position)
     );
     CREATE INDEX trip_travellers_lead ON trip_travellers (lead_id);`,
  ],
  // 17. The family's trip reminders (src/server/trips/reminder-schedule.ts): each claim of a booking's
  //     deadline for a traveller (position 0: the booking as a whole), made in the transaction that
  //     queues its email, so the key refuses a second; the opt-out links each email carried, kept as
  //     their SHA-256 only; and the booking's opt-out. All go with the lead.
  [
    `CREATE TABLE trip_reminders (
       quote_id TEXT NOT NULL REFERENCES quotes (id),
       deadline TEXT NOT NULL,
       position INTEGER NOT NULL,
       lead_id TEXT NOT NULL,
       queued_at TEXT NOT NULL,
       PRIMARY KEY (quote_id, deadline, position)
     );
     CREATE INDEX trip_reminders_lead ON trip_reminders (lead_id);
     CREATE TABLE trip_reminder_links (
       token_hash TEXT PRIMARY KEY,
       quote_id TEXT NOT NULL REFERENCES quotes (id),
       lead_id TEXT NOT NULL,
       issued_at TEXT NOT NULL
     );
     CREATE INDEX trip_reminder_links_lead ON trip_reminder_links (lead_id);
     CREATE TABLE trip_reminder_optouts (
       quote_id TEXT PRIMARY KEY REFERENCES quotes (id),
       lead_id TEXT NOT NULL,
       opted_out_at TEXT NOT NULL
     );
     CREATE INDEX trip_reminder_optouts_lead ON trip_reminder_optouts (lead_id);`,
  ],
  // 18. Reviews (src/server/reviews/store.ts): each booking invited once (its package, dates and
  //     quoted hotels as they were, when the invitation and its one reminder were queued), the
  //     private links the emails carried (only their SHA-256), the one review a booking may give,
  //     its moderation (published or refused with one reason of the public policy, by whom and when),
  //     the agency's one reply, and every decision in a log. An erased person's review keeps only its
  //     rating (erased_at).
  [
    `CREATE TABLE review_invitations (
       quote_id TEXT PRIMARY KEY REFERENCES quotes (id),
       lead_id TEXT,
       package_slug TEXT,
       departure_on TEXT NOT NULL,
       return_on TEXT NOT NULL,
       hotels TEXT NOT NULL,
       invited_at {sorted_text} NOT NULL,
       reminded_at {sorted_text}
     );
     CREATE INDEX review_invitations_lead ON review_invitations (lead_id);
     CREATE TABLE review_links (
       token_hash TEXT PRIMARY KEY,
       quote_id TEXT NOT NULL REFERENCES review_invitations (quote_id),
       made_at TEXT NOT NULL
     );
     CREATE INDEX review_links_quote ON review_links (quote_id);
     CREATE TABLE reviews (
       quote_id TEXT PRIMARY KEY REFERENCES review_invitations (quote_id),
       rating INTEGER NOT NULL,
       hotel_makkah TEXT,
       hotel_madinah TEXT,
       title TEXT NOT NULL,
       body TEXT NOT NULL,
       display_name TEXT NOT NULL,
       city TEXT NOT NULL,
       submitted_at {sorted_text} NOT NULL,
       status TEXT NOT NULL DEFAULT 'pending',
       refused_reason TEXT,
       decided_by TEXT,
       decided_at {sorted_text},
       reply TEXT,
       replied_by TEXT,
       replied_at TEXT,
       erased_at TEXT
     );
     CREATE INDEX reviews_queue ON reviews (status, submitted_at);
     CREATE INDEX reviews_decided ON reviews (status, decided_at);
     CREATE TABLE review_decisions (
       id {id},
       quote_id TEXT NOT NULL REFERENCES reviews (quote_id),
       action TEXT NOT NULL,
       reason TEXT,
       actor TEXT NOT NULL,
       at {sorted_text} NOT NULL
     );
     CREATE INDEX review_decisions_quote ON review_decisions (quote_id);`,
  ],
  // 19. A traveller's visa by its kind (src/lib/trips/checklist.ts): the Umrah visa we apply for
  //     (every traveller recorded before this step), the traveller's own tourist eVisa, or another
  //     kind that allows Umrah (a residence permit, a GCC visa), kept with the day it expires. The
  //     kind's rules are facts (src/lib/facts.ts), never copied here; never a visa number.
  [
    `ALTER TABLE trip_travellers ADD COLUMN visa_kind TEXT NOT NULL DEFAULT 'umrah';
     ALTER TABLE trip_travellers ADD COLUMN visa_valid_until TEXT;`,
    // And "Documents needed" says what the vaccine fact says (issue 41, Q05), where no owner changed it.
    rewordVaccineLine,
  ],
  // 20. The Hajj list's one-click unsubscribe, kept as the trip reminders' opt-out and the review
  //     links are (steps 17, 18): each email carries a link of its own, and only its SHA-256 is kept
  //     (src/server/hajj/store.ts), so the database holds no link that works. The readable token of
  //     step 15 (one per sign-up) becomes the first such link of its sign-up, so every link already
  //     emailed keeps working, and leaves hajj_interest. SQLite cannot drop a UNIQUE column, so it
  //     makes the table again (nothing refers to it); PostgreSQL drops the column.
  [
    `CREATE TABLE hajj_unsubscribe_links (
       token_hash TEXT PRIMARY KEY,
       lead_id TEXT NOT NULL,
       issued_at TEXT NOT NULL
     );
     CREATE INDEX hajj_unsubscribe_links_lead ON hajj_unsubscribe_links (lead_id);`,
    hashUnsubscribeTokens,
    {
      only: 'sqlite',
      sql: `CREATE TABLE hajj_interest_next (
         lead_id TEXT PRIMARY KEY REFERENCES leads (id),
         travellers INTEGER,
         consented_at {sorted_text},
         unsubscribed_at {sorted_text}
       );
       INSERT INTO hajj_interest_next (lead_id, travellers, consented_at, unsubscribed_at)
         SELECT lead_id, travellers, consented_at, unsubscribed_at FROM hajj_interest;
       DROP TABLE hajj_interest;
       ALTER TABLE hajj_interest_next RENAME TO hajj_interest;`,
    },
    { only: 'postgresql', sql: 'ALTER TABLE hajj_interest DROP COLUMN unsubscribe_token' },
  ],
  // 21. The booking's days (src/server/quotes/bookings.ts): the accepted version's departure and
  //     return, kept on its acceptance when the pilgrim accepts (a sent version never changes), so the
  //     departures board, the digest, the dashboard, the reminders and the review invitations find
  //     the bookings in a window by an index instead of parsing every booking's draft. Acceptances
  //     made before this step are filled in from their version's draft.
  [
    `ALTER TABLE quote_acceptances ADD COLUMN departure_on {sorted_text} NOT NULL DEFAULT '';
     ALTER TABLE quote_acceptances ADD COLUMN return_on {sorted_text} NOT NULL DEFAULT '';`,
    bookingDays,
    'CREATE INDEX quote_acceptances_departure ON quote_acceptances (departure_on);',
  ],
  // 22. One link per email, not per try: the opt-out and review links an email carries name its
  //     outbox row, and a try that writes the email out again replaces its link instead of adding
  //     one. Null for the links made before this step, and for a review link made outside an email.
  [
    `ALTER TABLE trip_reminder_links ADD COLUMN outbox_id BIGINT;
     CREATE UNIQUE INDEX trip_reminder_links_email ON trip_reminder_links (outbox_id);
     ALTER TABLE review_links ADD COLUMN outbox_id BIGINT;
     CREATE UNIQUE INDEX review_links_email ON review_links (outbox_id);`,
  ],
  // 23. The language an enquiry came in (src/lib/languages.ts): English for every lead before
  //     this step and for the English pages, Urdu, Arabic or Bengali for an enquiry sent from a
  //     translated page. The acknowledgement is written in it, and the desk shows it.
  ["ALTER TABLE leads ADD COLUMN language TEXT NOT NULL DEFAULT 'en';"],
  // 24. The booking's language, in which its trip page, print view, reminders and review invitation
  //     are written: null until the family or staff choose one, when the enquiry's language serves.
  //     A review keeps the language it was written in, published with its `lang`.
  [
    `ALTER TABLE quote_acceptances ADD COLUMN language TEXT;
     ALTER TABLE reviews ADD COLUMN language TEXT NOT NULL DEFAULT 'en';`,
  ],
  // 25. The desk's list filtered by status and placement, newest first, read from the index alone:
  //     through leads_status it fetched every row of the status and sorted them (10.9 ms CPU for the
  //     page's statement with 10,000 leads on SQLite, 0.4 ms with this index; its count 4.2 to 0.03).
  [`CREATE INDEX leads_status_form ON leads (status, form_id, seq);`],
  // 26. A phone number typed on an Arabic, Urdu or Bengali keyboard ("٣١٢…") is searched by its
  //     digits as 0-9 (src/lib/phone.ts): the leads stored before get theirs.
  [reindexTypedDigits],
];

/** One step as `dialect` runs it: its SQL with the placeholders filled in, its backfills, nothing of the other dialect's. */
export function stepFor(step: SchemaStep, dialect: Dialect): (string | Backfill)[] {
  const actions: (string | Backfill)[] = [];
  for (const action of step) {
    if (typeof action === 'string') actions.push(fillPlaceholders(action, dialect));
    else if (!('only' in action)) actions.push(action);
    else if (action.only === dialect) actions.push(fillPlaceholders(action.sql, dialect));
  }
  return actions;
}

function fillPlaceholders(sql: string, dialect: Dialect): string {
  return sql.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const text = PLACEHOLDERS[dialect][name];
    if (text === undefined) throw new Error(`The schema names an unknown placeholder ${whole}`);
    return text;
  });
}
