import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { users } from './users.js';

/** Operator-edited pages (`usage`, `private`, `aboutUs`), Markdown per locale. */
export const sitePages = pgTable(
  'site_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull().default(''),
    markdown: text('markdown').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('site_pages_slug_locale_key').on(t.slug, t.locale)],
);

/** Runtime settings operators change without a restart (keyword list, links, demo marker ...). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  ...timestamps,
});
