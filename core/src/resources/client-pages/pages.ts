/**
 * The pages of Mage's UI its server describes (mage_ai/presenters/pages), with their components. Only
 * `pipeline_schedule:create` has components and a computed `disabled`; the others are plain descriptions.
 */
export interface PageDefinition {
  uuid: string;
  resource: 'pipeline' | 'pipeline_schedule';
  operation: 'list' | 'detail' | 'create';
  /** Whether the page's `disabled` says if the caller may create what it creates (a trigger). */
  checksCreate: boolean;
  components: readonly ComponentDefinition[];
}

export interface ComponentDefinition {
  uuid: string;
  category: 'button' | 'form';
  operation: 'create' | 'update';
  resource: 'pipeline_schedule';
  /** Mage computes it for the interactions button (the interactions feature and its permissions); null: not computed. */
  enabled: false | null;
}

const page = (
  resource: PageDefinition['resource'],
  operation: PageDefinition['operation'],
  components: readonly ComponentDefinition[] = [],
): PageDefinition => ({
  uuid: `${resource}:${operation}`,
  resource,
  operation,
  checksCreate: operation === 'create',
  components,
});

/** In Mage's order (CLIENT_PAGES). */
export const CLIENT_PAGES: ReadonlyMap<string, PageDefinition> = new Map(
  [
    page('pipeline_schedule', 'create', [
      // The kit has no pipeline interactions, so the button that creates a trigger through them stays off.
      { uuid: 'create_with_interactions_component', category: 'button', operation: 'create', resource: 'pipeline_schedule', enabled: false },
      // Its fields are listed only for the triggers named by `pipeline_schedules[]`, a param the kit does not take.
      { uuid: 'pipeline_schedule:update:form', category: 'form', operation: 'update', resource: 'pipeline_schedule', enabled: null },
    ]),
    page('pipeline_schedule', 'list'),
    page('pipeline', 'detail'),
    page('pipeline', 'list'),
  ].map((p) => [p.uuid, p]),
);
