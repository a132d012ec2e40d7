/** Reads of the stored catalogue in the contract's shapes (implemented by the DynamoDB adapter). */
import type { EventType, Feature, Relationship, Table } from '@shared/schemas/sync';

export interface CatalogueQueries {
  /** Not removed; `search` matches name or description (case-insensitive), `category` exactly. */
  features(filter: { search?: string; category?: string }): Promise<Feature[]>;
  /** Removed ones too (saved links stay explainable). */
  feature(id: string): Promise<Feature | undefined>;
  /** Internal event types, removed ones included (flagged). */
  eventTypes(): Promise<EventType[]>;
  /** Tables, removed ones included (flagged); `search` matches name or summary. */
  tables(search?: string): Promise<Table[]>;
  relationships(table?: string): Promise<Relationship[]>;
  categories(): Promise<string[]>;
  counts(): Promise<{ features: number; event_types: number; tables: number; relationships: number }>;
  saveLinks(featureId: string, eventTypeIds: string[], tableIds: string[], by: string, at: string): Promise<void>;
}
