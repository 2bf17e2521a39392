import { type OrderLine, type RuleOrderItemInput, readOrderLines } from './context.js';
import type { BundleDefinition, BundlePart } from './parse.js';

/**
 * How an order meets a bundle, shaped like the service's `result.bundle`: the number of complete
 * bundles (at most `limit`; the discount is multiplied by it), the order lines that make them up,
 * and, when not even one bundle is complete, what is missing for the first one.
 *
 * @example
 * ```ts
 * const bundle: BundleResult = {
 *   quantity: 0, limit: 2,
 *   identified: [{ id: 'prod_laptop', object: 'product', item_index: 0, item_quantity: 1 }],
 *   missing: [{ id: 'prod_bag', object: 'product', item_quantity: 1 }],
 * };
 * ```
 */
export interface BundleResult {
  /** Complete bundles found, 0 to `limit`. */
  readonly quantity: number;
  /** Most bundles counted, from the rule set. */
  readonly limit: number;
  /** Lines that count towards the bundles, by position in the order, with the units that count. */
  readonly identified: readonly {
    readonly id: string;
    readonly object: 'product' | 'sku';
    readonly item_index: number;
    readonly item_quantity: number;
  }[];
  /** Parts short of one complete bundle, with the units still needed; absent when a bundle is complete, as in the service's answer. */
  readonly missing?: readonly {
    readonly id: string;
    readonly object: 'product' | 'sku' | 'products_collection';
    readonly item_quantity: number;
  }[];
}

/** Whether an order line is, or belongs to, the part's product, SKU or collection (a product matches its SKUs). */
const lineIsPart = (line: OrderLine, part: BundlePart): boolean =>
  line.references.some((reference) => reference.id === part.reference.id && reference.object === part.reference.object);

/** A flow network small enough for Dinic's algorithm: parts on one side, order lines on the other. */
class FlowNetwork {
  private readonly to: number[] = [];
  private readonly capacity: number[] = [];
  private readonly edges: number[][];
  private level: number[] = [];
  private cursor: number[] = [];

  constructor(private readonly size: number) {
    this.edges = Array.from({ length: size }, () => []);
  }

  /** Adds an edge and its residual twin; returns the edge's number. */
  add(from: number, to: number, capacity: number): number {
    const id = this.to.length;
    this.to.push(to, from);
    this.capacity.push(capacity, 0);
    this.edges[from]?.push(id);
    this.edges[to]?.push(id + 1);
    return id;
  }

  /** Flow through an edge so far: what its residual twin holds. */
  flowOf(edge: number): number {
    return this.capacity[edge + 1] ?? 0;
  }

  maxFlow(source: number, sink: number): number {
    let total = 0;
    while (this.buildLevels(source, sink)) {
      this.cursor = new Array<number>(this.size).fill(0);
      for (let pushed = this.push(source, sink, Infinity); pushed > 0; pushed = this.push(source, sink, Infinity))
        total += pushed;
    }
    return total;
  }

  private buildLevels(source: number, sink: number): boolean {
    this.level = new Array<number>(this.size).fill(-1);
    this.level[source] = 0;
    const queue = [source];
    for (let head = 0; head < queue.length; head += 1) {
      const node = queue[head] ?? 0;
      for (const edge of this.edges[node] ?? []) {
        const next = this.to[edge] ?? 0;
        if ((this.capacity[edge] ?? 0) > 0 && this.level[next] === -1) {
          this.level[next] = (this.level[node] ?? 0) + 1;
          queue.push(next);
        }
      }
    }
    return this.level[sink] !== -1;
  }

  private push(node: number, sink: number, limit: number): number {
    if (node === sink) return limit;
    const edges = this.edges[node] ?? [];
    for (; (this.cursor[node] ?? 0) < edges.length; this.cursor[node] = (this.cursor[node] ?? 0) + 1) {
      const edge = edges[this.cursor[node] ?? 0] ?? 0;
      const next = this.to[edge] ?? 0;
      const room = this.capacity[edge] ?? 0;
      if (room > 0 && this.level[next] === (this.level[node] ?? 0) + 1) {
        const pushed = this.push(next, sink, Math.min(limit, room));
        if (pushed > 0) {
          this.capacity[edge] = room - pushed;
          this.capacity[edge + 1] = (this.capacity[edge + 1] ?? 0) + pushed;
          return pushed;
        }
      }
    }
    return 0;
  }
}

interface Allocation {
  /** Units given to each part, by part position. */
  readonly perPart: readonly number[];
  /** Units of each line that count, by line index. */
  readonly perLine: ReadonlyMap<number, number>;
}

/** Parts served first when a line could serve several: SKUs, then products, then collections, as the service matches them. */
const PRIORITY: Readonly<Record<BundlePart['reference']['object'], number>> = {
  sku: 0,
  product: 1,
  products_collection: 2,
};

/**
 * Gives order units to the parts of `bundles` bundles so that no unit counts twice, as far as
 * the order allows: a maximum flow from the parts (each needing `bundles × units`) through the
 * lines that match them (each offering its quantity). Parts are offered the lines in the
 * service's order of matching (SKU, product, collection), which decides how shared lines are
 * split when the order is short.
 */
const allocate = (parts: readonly BundlePart[], lines: readonly OrderLine[], bundles: number): Allocation => {
  const source = 0;
  const sink = 1 + parts.length + lines.length;
  const network = new FlowNetwork(sink + 1);
  const order = parts
    .map((_, p) => p)
    .sort(
      (a, b) => PRIORITY[parts[a]?.reference.object ?? 'sku'] - PRIORITY[parts[b]?.reference.object ?? 'sku'] || a - b,
    );
  for (const p of order) network.add(source, 1 + p, bundles * (parts[p]?.units ?? 0));
  const links: { part: number; line: OrderLine; edge: number }[] = [];
  order.forEach((p) => {
    const part = parts[p];
    if (part === undefined) return;
    lines.forEach((line, l) => {
      if (lineIsPart(line, part))
        links.push({ part: p, line, edge: network.add(1 + p, 1 + parts.length + l, Infinity) });
    });
  });
  lines.forEach((line, l) => network.add(1 + parts.length + l, sink, Math.max(0, Math.floor(line.quantity))));
  network.maxFlow(source, sink);
  const perPart = parts.map(() => 0);
  const perLine = new Map<number, number>();
  for (const { part, line, edge } of links) {
    const flow = network.flowOf(edge);
    if (flow <= 0) continue;
    perPart[part] = (perPart[part] ?? 0) + flow;
    perLine.set(line.index, (perLine.get(line.index) ?? 0) + flow);
  }
  return { perPart, perLine };
};

const complete = (parts: readonly BundlePart[], allocation: Allocation, bundles: number): boolean =>
  parts.every((part, p) => (allocation.perPart[p] ?? 0) >= bundles * part.units);

/** Finds the complete bundles in order lines already read; see {@link evaluateBundle}. */
export const bundleOfLines = (bundle: BundleDefinition, lines: readonly OrderLine[]): BundleResult => {
  const { parts, limit } = bundle;
  const candidates = lines.filter((line) => parts.some((part) => lineIsPart(line, part)));
  // No more bundles than the scarcest part allows on its own, nor than the limit.
  let high = limit;
  for (const part of parts) {
    const available = candidates
      .filter((line) => lineIsPart(line, part))
      .reduce((sum, line) => sum + Math.max(0, Math.floor(line.quantity)), 0);
    high = Math.min(high, Math.floor(available / part.units));
  }
  let low = 0;
  let best: Allocation | undefined;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const allocation = allocate(parts, candidates, middle);
    if (complete(parts, allocation, middle)) {
      low = middle;
      best = allocation;
    } else {
      high = middle - 1;
    }
  }
  const quantity = low;
  const allocation = best ?? allocate(parts, candidates, Math.max(quantity, 1));
  const byIndex = new Map(lines.map((line) => [line.index, line]));
  const identified = [...allocation.perLine.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([index, units]) => {
      const line = byIndex.get(index);
      const id = line?.sku_id ?? line?.product_id;
      if (line === undefined || id === undefined) return [];
      return [
        {
          id,
          object: line.sku_id === undefined ? ('product' as const) : ('sku' as const),
          item_index: index,
          item_quantity: units,
        },
      ];
    });
  if (quantity > 0) return { quantity, limit, identified };
  const missing = parts.flatMap((part, p) => {
    const short = part.units - (allocation.perPart[p] ?? 0);
    return short > 0 ? [{ id: part.reference.id, object: part.reference.object, item_quantity: short }] : [];
  });
  return { quantity, limit, identified, missing };
};

/**
 * Finds the complete bundles in an order. Every part must be present with the units one bundle
 * needs; a unit counts towards one part only, and when a line could serve several parts the
 * units are shared out so that as many bundles as possible are complete (up to `limit`). When no
 * bundle is complete, `identified` shows what the order has towards the first one and `missing`
 * what it lacks.
 *
 * @param bundle - The bundle rules, from {@link parseValidationRules} (`definition.bundle`).
 * @param items - The order lines, with product and SKU ids and the collections they belong to.
 * @returns The bundle count, the lines that make it up and what is missing.
 */
export function evaluateBundle(bundle: BundleDefinition, items: readonly RuleOrderItemInput[]): BundleResult {
  return bundleOfLines(bundle, readOrderLines(items));
}
