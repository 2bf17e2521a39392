import { Cell } from './cell.js';
import type { StateHistory } from './state-history.js';
import { TrackedList } from './tracked-list.js';
import { TrackedMap } from './tracked-map.js';
import { TrackedSet } from './tracked-set.js';
import { type Tracked, isTracked } from './tracked-state.js';

/**
 * A value inside a container's image: stored data as it is, or a container kept inside another
 * one, as its own image.
 *
 * @example
 * ```ts
 * const value: ImageValue = { $tracked: { set: ['cust_1'] } };
 * ```
 */
export type ImageValue = unknown;

/**
 * The contents of one tracked container or cell at a moment: a copy of the container, sharing
 * the (never changed) records it holds. Made of plain arrays and objects, so that it is written
 * as JSON when what it holds is.
 *
 * @example
 * ```ts
 * const image: ContainerImage = { map: [['cat_1', { id: 'cat_1', name: 'Seasonal' }]] };
 * ```
 */
export type ContainerImage =
  | { readonly map: readonly (readonly [unknown] | readonly [unknown, ImageValue])[] }
  | { readonly set: readonly ImageValue[] }
  | { readonly list: readonly ImageValue[] }
  | { readonly cell?: ImageValue };

const valueImage = (value: unknown): ImageValue => (isTracked(value) ? { $tracked: imageOf(value) } : value);

/** The image of a container or cell. */
export const imageOf = (container: Tracked): ContainerImage => {
  if (container instanceof TrackedMap) {
    const entries: (readonly [unknown] | readonly [unknown, ImageValue])[] = [];
    for (const [key, value] of container) entries.push(value === undefined ? [key] : [key, valueImage(value)]);
    return { map: entries };
  }
  if (container instanceof TrackedSet) return { set: Array.from(container, valueImage) };
  if (container instanceof TrackedList) return { list: container.items.map(valueImage) };
  const value = container.value;
  return value === undefined ? {} : { cell: valueImage(value) };
};

const isNested = (value: unknown): value is { $tracked: ContainerImage } =>
  typeof value === 'object' && value !== null && '$tracked' in value && Object.keys(value).length === 1;

/** A container (kept inside another) made from its image. */
const containerFrom = (image: ContainerImage, history: StateHistory): Tracked => {
  if ('map' in image) {
    const map = new TrackedMap<unknown, unknown>(history);
    loadImage(map, image, history);
    return map;
  }
  if ('set' in image) {
    const set = new TrackedSet<unknown>(history);
    loadImage(set, image, history);
    return set;
  }
  if ('list' in image) {
    const list = new TrackedList<unknown>(history);
    loadImage(list, image, history);
    return list;
  }
  const cell = new Cell<unknown>(history, undefined);
  loadImage(cell, image, history);
  return cell;
};

const valueFrom = (value: ImageValue, history: StateHistory): unknown =>
  isNested(value) ? containerFrom(value.$tracked, history) : value;

/** What kind of container an image is of. */
const kindOf = (image: ContainerImage): string =>
  'map' in image ? 'map' : 'set' in image ? 'set' : 'list' in image ? 'list' : 'cell';

/** What kind of container this is. */
const kindOfContainer = (container: Tracked): string =>
  container instanceof TrackedMap
    ? 'map'
    : container instanceof TrackedSet
      ? 'set'
      : container instanceof TrackedList
        ? 'list'
        : 'cell';

/**
 * Replaces a container's contents with an image's, without recording.
 *
 * @throws Error when the image is of another kind of container.
 */
export const loadImage = (container: Tracked, image: ContainerImage, history: StateHistory): void => {
  if (kindOf(image) !== kindOfContainer(container))
    throw new Error(`a ${kindOf(image)} image cannot be loaded into a ${kindOfContainer(container)}`);
  if ('map' in image)
    (container as TrackedMap<unknown, unknown>).load(
      image.map.map((entry) => [entry[0], entry.length === 1 ? undefined : valueFrom(entry[1], history)] as const),
    );
  else if ('set' in image) (container as TrackedSet<unknown>).load(image.set.map((value) => valueFrom(value, history)));
  else if ('list' in image)
    (container as TrackedList<unknown>).load(image.list.map((value) => valueFrom(value, history)));
  else (container as Cell<unknown>).load('cell' in image ? valueFrom(image.cell, history) : undefined);
};

/**
 * Checks that an image is made only of what JSON writes and reads back the same: plain objects,
 * arrays, strings, finite numbers, booleans and null (and `undefined` as an object's field,
 * which JSON leaves out as the API does).
 *
 * @throws TypeError naming the path of the first value that is not.
 */
export const assertJsonSafe = (value: unknown, path = '$'): void => {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${path} is ${value}, which JSON cannot hold`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (item === undefined) throw new TypeError(`${path}[${index}] is undefined, which JSON cannot hold in a list`);
      assertJsonSafe(item, `${path}[${index}]`);
    });
    return;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) if (item !== undefined) assertJsonSafe(item, `${path}.${key}`);
    return;
  }
  throw new TypeError(
    `${path} is ${typeof value === 'object' ? (value.constructor?.name ?? 'an object') : typeof value}, which JSON cannot hold`,
  );
};
