/** The demo housing companies as the content seed sees them (ids from the directory). */
export interface DemoHousingCompanies {
  /** DEMO-1000, construction state. */
  harbourView: string;
  /** DEMO-2000, living. */
  lindenCourt: string;
  /** DEMO-3000, living. */
  birchHill: string;
  /** Codenames of Linden Court's building-taxonomy path (nearest first). */
  lindenCourtTaxonomy: string[];
}
