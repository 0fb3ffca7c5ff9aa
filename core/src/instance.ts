/** The identity of one API instance (one createCore): state keyed by it is never shared between instances. */
export class InstanceState {}

/**
 * A piece of per-instance state a module needs (the blocks' graph index): one value per API instance,
 * made on first use. The values are held in a WeakMap keyed by the instance, so they go with it.
 */
export class InstanceKey<T> {
  readonly #values = new WeakMap<InstanceState, T>();

  constructor(private readonly create: () => T) {}

  of(instance: InstanceState): T {
    let value = this.#values.get(instance);
    if (value === undefined) {
      value = this.create();
      this.#values.set(instance, value);
    }
    return value;
  }
}
