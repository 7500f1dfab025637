import { describe, expect, it } from 'vitest'
import { SETTINGS_SECTIONS } from '../../../shared/constants'
import { resolveSection, visibleMenu, type MenuAccess } from './settings-menu'

const access = (over: Partial<MenuAccess> & { mvd?: boolean; etq?: boolean } = {}): MenuAccess => ({
  isAdministrator: over.isAdministrator ?? false,
  flags: { multiVariateCreation: over.mvd ?? false, etqIntegration: over.etq ?? false },
  etqCustomerOverride: over.etqCustomerOverride ?? false,
})

const outline = (a: MenuAccess) =>
  visibleMenu(a).map((e) => (e.kind === 'group' ? [e.title, e.items.map((i) => i.label)] : e.item.label))

describe('settings side menu (SHELL-01..04)', () => {
  it('shows an administrator with every flag the whole table', () => {
    expect(outline(access({ isAdministrator: true, mvd: true, etq: true }))).toEqual([
      ['Anomaly Monitors', ['Single-Variate', 'Multi-Variate']],
      ['Capability Metrics', ['Alerts', 'Limits']],
      ['Data Management', ['Data Sources', 'Signal Management', 'Line Management']],
      ['Integrations', ['Microsoft Teams', 'ETQ Reliance']],
      'Users',
    ])
  })

  it('hides Data Sources and Users from users, and flagged items when their flags are off', () => {
    expect(outline(access())).toEqual([
      ['Anomaly Monitors', ['Single-Variate']],
      ['Capability Metrics', ['Alerts', 'Limits']],
      ['Data Management', ['Signal Management', 'Line Management']],
      ['Integrations', ['Microsoft Teams']],
    ])
  })

  it('shows ETQ Reliance for the customer override even with the flag off', () => {
    expect(outline(access({ etqCustomerOverride: true }))[3]).toEqual([
      'Integrations',
      ['Microsoft Teams', 'ETQ Reliance'],
    ])
  })

  it('has one item per section id', () => {
    const sections = visibleMenu(access({ isAdministrator: true, mvd: true, etq: true })).flatMap((e) =>
      e.kind === 'group' ? e.items.map((i) => i.section) : [e.item.section],
    )
    expect([...sections].sort()).toEqual([...SETTINGS_SECTIONS].sort())
  })

  it('falls back to SPC alert for a missing, unknown or hidden section', () => {
    expect(resolveSection(undefined, access())).toBe('SPC_ALERT')
    expect(resolveSection('NOPE', access())).toBe('SPC_ALERT')
    expect(resolveSection('USER_MANAGEMENT', access())).toBe('SPC_ALERT')
    expect(resolveSection('MVD_ANOMALY_MONITORS', access())).toBe('SPC_ALERT')
    expect(resolveSection('USER_MANAGEMENT', access({ isAdministrator: true }))).toBe('USER_MANAGEMENT')
    expect(resolveSection('LINE_MANAGEMENT', access())).toBe('LINE_MANAGEMENT')
  })
})
