import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const smsPurposes = [
  'login',
  'reset_password',
  'update_password',
  'change_phone_old',
  'change_phone_new',
  'delete_account',
] as const;
export type SmsPurpose = (typeof smsPurposes)[number];

/**
 * One-time codes sent by SMS, bound to a phone and a purpose. Only a hash is kept; a code is
 * burned after too many attempts. A verified code may hand out a one-time grant (its hash is
 * `grant_hash`) that a later call such as resetPassword redeems.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    areaCode: text('area_code').notNull(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: smsPurposes }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    grantHash: text('grant_hash'),
    grantExpiresAt: timestamp('grant_expires_at', { withTimezone: true, mode: 'date' }),
    grantUsedAt: timestamp('grant_used_at', { withTimezone: true, mode: 'date' }),
    createdAt,
  },
  (t) => [
    index('sms_codes_phone_idx').on(t.areaCode, t.phone, t.purpose, t.createdAt),
    index('sms_codes_ip_idx').on(t.ip, t.createdAt),
    uniqueIndex('sms_codes_grant_hash_key').on(t.grantHash),
    check('sms_codes_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/** Nonces of signed SMS requests already seen, to refuse replays; old rows are purged. */
export const smsNonces = pgTable(
  'sms_nonces',
  {
    nonce: text('nonce').primaryKey(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sms_nonces_seen_at_idx').on(t.seenAt)],
);
