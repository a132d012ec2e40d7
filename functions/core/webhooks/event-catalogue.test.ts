import { describe, expect, it } from 'vitest';
import { DEFAULT_EVENT_TYPES } from '../partner/event-types';
import { catalogueNames, DENTAL_EVENT_TYPES } from './event-catalogue';

describe('event catalogue', () => {
  it('has 23 distinct dental-practice and marketplace events, each described with a trigger type', () => {
    expect(DENTAL_EVENT_TYPES).toHaveLength(23);
    expect(new Set(DENTAL_EVENT_TYPES.map((e) => e.name)).size).toBe(23);
    for (const e of DENTAL_EVENT_TYPES) {
      expect(e.name).toMatch(/^[a-z_]+\.[a-z_]+$/);
      expect(e.description.length).toBeGreaterThan(10);
      expect(e.trigger_type).toMatch(/^(record_created|record_updated|status_changed|scheduled|marketplace)$/);
    }
  });

  it("covers the Partner API's fallback list", () => {
    const names = DENTAL_EVENT_TYPES.map((e) => e.name);
    for (const e of DEFAULT_EVENT_TYPES) expect(names).toContain(e.name);
  });

  it('serves the stored catalogue when there is one, else this list, by name', () => {
    expect(catalogueNames([])).toEqual(DENTAL_EVENT_TYPES.map((e) => e.name).sort());
    expect(catalogueNames([{ name: 'b.x' }, { name: 'a.y' }, { name: 'b.x' }])).toEqual(['a.y', 'b.x']);
  });
});
