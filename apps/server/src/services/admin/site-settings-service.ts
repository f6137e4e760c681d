import type { AuditAction, RegionRules, SidebarSettings, SiteSettingGroup, SiteSettingsView } from '@parley/contracts';
import type { AuditRepo } from '../../db/repos/audit-repo.js';
import type { SiteSettingsRepo } from '../../db/repos/site-settings-repo.js';
import { readSavedSiteSettings, siteSettingKeys, type ConfiguredSiteSettings, type SavedSiteSetting } from '../site/site-service.js';
import { recordChange, type Operator } from './audit-service.js';

/** The repos of one transaction: a group's change and its audit record land together. */
export interface SiteSettingsRepos {
  settings: Pick<SiteSettingsRepo, 'read' | 'set' | 'remove' | 'lockForChange'>;
  audit: Pick<AuditRepo, 'insert'>;
}

export interface SiteSettingsDeps {
  /** LINK_*, CONTACT_* and REGION_* (services/site/site-service.ts configuredSiteSettings). */
  configured: ConfiguredSiteSettings;
  settings: Pick<SiteSettingsRepo, 'read'>;
  inTransaction: <T>(work: (repos: SiteSettingsRepos) => Promise<T>) => Promise<T>;
  /** Once a change is committed: this instance's GET /site/config serves it from the next request. */
  changed: () => void;
}

type GroupValue = { sidebar: SidebarSettings; region: RegionRules };

const actions: Record<SiteSettingGroup, { save: AuditAction; reset: AuditAction }> = {
  sidebar: { save: 'sidebar.update', reset: 'sidebar.reset' },
  region: { save: 'region.update', reset: 'region.reset' },
};

/** A group's values as the audit log lists fields: `links.platform`, `contact.mail`, `blockedCodes` … */
function auditFields(value: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).flatMap(([name, field]: [string, unknown]) =>
      field !== null && typeof field === 'object' && !Array.isArray(field) ? Object.entries(field).map(([inner, v]) => [`${name}.${inner}`, v]) : [[name, field]],
    ),
  );
}

interface GroupState {
  fields: Record<string, unknown>;
  source: 'console' | 'configuration';
}

/** The fields that differ between two states of a group (and where it comes from, when that changed). */
function difference(before: GroupState, after: GroupState) {
  const changed = Object.keys(after.fields).filter((field) => JSON.stringify(before.fields[field]) !== JSON.stringify(after.fields[field]));
  const pick = (state: GroupState) => ({
    ...(before.source !== after.source ? { source: state.source } : {}),
    ...Object.fromEntries(changed.map((field) => [field, state.fields[field]])),
  });
  return { empty: changed.length === 0 && before.source === after.source, before: pick(before), after: pick(after) };
}

/**
 * The sidebar's links and contact details and the region rules as operators keep them in the
 * console: each group saved there stands in for the configuration's until it is reset. Each change
 * is written to the audit log (`sidebar.update`, `region.reset` …) with the fields it changed.
 */
export function createSiteSettingsService(deps: SiteSettingsDeps) {
  async function view(): Promise<SiteSettingsView> {
    const saved = await readSavedSiteSettings(deps.settings);
    const origin = (entry: SavedSiteSetting<unknown> | null) => ({
      source: entry ? ('console' as const) : ('configuration' as const),
      updatedAt: entry?.savedAt.toISOString() ?? null,
    });
    return {
      sidebar: { ...(saved.sidebar?.value ?? deps.configured.sidebar), ...origin(saved.sidebar), defaults: deps.configured.sidebar },
      region: { ...(saved.region?.value ?? deps.configured.region), ...origin(saved.region), defaults: deps.configured.region },
    };
  }

  /** Saves `next` for the group (null: back to the configuration's), audited, unless that changes nothing. */
  async function change<G extends SiteSettingGroup>(operator: Operator, group: G, next: GroupValue[G] | null): Promise<SiteSettingsView> {
    const key = siteSettingKeys[group];
    const wrote = await deps.inTransaction(async ({ settings, audit }) => {
      await settings.lockForChange(key);
      const current = (await readSavedSiteSettings(settings))[group];
      const before: GroupState = { fields: auditFields(current?.value ?? deps.configured[group]), source: current ? 'console' : 'configuration' };
      const after: GroupState = { fields: auditFields(next ?? deps.configured[group]), source: next ? 'console' : 'configuration' };
      const diff = difference(before, after);
      if (diff.empty) return false;
      if (next) await settings.set(key, next);
      else await settings.remove(key);
      await recordChange(audit, operator, {
        action: next ? actions[group].save : actions[group].reset,
        target: { type: 'site', id: key, label: group },
        before: diff.before,
        after: diff.after,
      });
      return true;
    });
    if (wrote) deps.changed();
    return view();
  }

  return {
    view,
    saveSidebar: (operator: Operator, sidebar: SidebarSettings) => change(operator, 'sidebar', sidebar),
    saveRegion: (operator: Operator, region: RegionRules) => change(operator, 'region', region),
    /** The group is the configuration's again. */
    reset: (operator: Operator, group: SiteSettingGroup) => change(operator, group, null),
  };
}

export type SiteSettingsService = ReturnType<typeof createSiteSettingsService>;
