import { ANSWER_SHAPES, SHAPES } from '../generated/answer-shapes.js';
import type { AnswerShape, PropertyShape, Unset } from './shape-table.js';

export type { AnswerShape } from './shape-table.js';

/** Marks a property to leave out. */
const LEFT_OUT = Symbol('left out');

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether an object has no own enumerable property, without listing its keys. */
const hasNoKeys = (value: object): boolean => {
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
};

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (Array.isArray(value) ? value.length === 0 : isPlainObject(value) && hasNoKeys(value));

/** The value a property is sent with under its rule, or {@link LEFT_OUT}. */
const ruled = (unset: Unset, value: unknown): unknown => {
  switch (unset) {
    case 'omit':
      return isEmpty(value) ? LEFT_OUT : value;
    case 'omit-zero':
      return value === 0 || isEmpty(value) ? LEFT_OUT : value;
    case 'null':
      return value === undefined ? null : value;
    case 'empty-array':
      return value === undefined || value === null ? [] : value;
    case 'empty-object':
      return value === undefined || value === null ? {} : value;
  }
};

/** The rules of a shape's properties as a list, listed once per shape rather than per value shaped. */
const ruleLists = new WeakMap<AnswerShape, readonly (readonly [string, PropertyShape])[]>();

const rulesOf = (shape: AnswerShape): readonly (readonly [string, PropertyShape])[] => {
  let rules = ruleLists.get(shape);
  if (rules === undefined) {
    rules = Object.entries(shape.properties ?? {});
    ruleLists.set(shape, rules);
  }
  return rules;
};

const shapeObject = (
  value: Record<string, unknown>,
  shape: AnswerShape,
  shapes: readonly AnswerShape[],
): Record<string, unknown> => {
  // What changes, made at the first change: the keys and their new values side by side (an object
  // seldom has more than a few), and the object is copied once, at the end, only when something does.
  let keys: string[] | undefined;
  let values: unknown[] | undefined;
  for (const [key, rule] of rulesOf(shape)) {
    const current = value[key];
    let next = rule.unset === undefined ? current : ruled(rule.unset, current);
    if (rule.shape !== undefined && next !== LEFT_OUT && next !== undefined && next !== null)
      next = shapeValue(next, rule.shape, shapes);
    if (next === LEFT_OUT ? key in value : next !== current) {
      (keys ??= []).push(key);
      (values ??= []).push(next);
    }
  }
  if (shape.values !== undefined) {
    for (const [key, current] of Object.entries(value)) {
      if (shape.properties?.[key] !== undefined || current === null || current === undefined) continue;
      const next = shapeValue(current, shape.values, shapes);
      if (next !== current) {
        (keys ??= []).push(key);
        (values ??= []).push(next);
      }
    }
  }
  if (keys === undefined || values === undefined) return value;
  const copy: Record<string, unknown> = {};
  // The keys in their order, without a list of entries: the objects shaped are plain, with nothing inherited to list.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const changed = keys.indexOf(key);
    const next = changed === -1 ? value[key] : values[changed];
    if (next !== LEFT_OUT) copy[key] = next;
  }
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index] as string;
    const next = values[index];
    if (!(key in value) && next !== LEFT_OUT) copy[key] = next;
  }
  return copy;
};

/**
 * A value in the shape of `shapes[index]`: a new value where a rule changes something, the same
 * value otherwise; nothing is changed in place.
 *
 * @param value - Any JSON value.
 * @param index - The index of its shape in `shapes`.
 * @param shapes - A table of shapes that name each other by index.
 * @returns The value to send.
 */
export const shapeValue = (value: unknown, index: number, shapes: readonly AnswerShape[]): unknown => {
  const shape = shapes[index] as AnswerShape;
  if (Array.isArray(value)) {
    if (shape.items === undefined) return value;
    const items = shape.items;
    let changed = false;
    const next = value.map((item: unknown) => {
      const shaped = item === null || item === undefined ? item : shapeValue(item, items, shapes);
      changed ||= shaped !== item;
      return shaped;
    });
    return changed ? next : value;
  }
  return isPlainObject(value) ? shapeObject(value, shape, shapes) : value;
};

/** A body in the generated shape at `index`, if it has one. */
const shapeRoot = (index: number | undefined, body: unknown): unknown =>
  index === undefined || body === null || body === undefined ? body : shapeValue(body, index, SHAPES);

/**
 * An operation's answer as the service sends it: the properties the spec marks `x-unset` are left
 * out, sent as `null` or sent empty when they hold no value, wherever they are in the body. The
 * body is never changed in place; the parts without a rule are passed on as they are.
 *
 * @param operationId - The operation that answers.
 * @param status - The answer's status.
 * @param body - The body the handler made.
 * @returns The body to send.
 */
export const shapeAnswer = (operationId: string, status: number, body: unknown): unknown =>
  shapeRoot(ANSWER_SHAPES[operationId]?.[String(status)], body);

/**
 * A webhook event's `data` as the service sends it, by the same rules as the answers (decision
 * 0057): a customer in `customer.created` comes without `metadata` as it does from the API.
 *
 * @param type - The event's type (`customer.created`).
 * @param data - The event's payload.
 * @returns The payload to send.
 */
export const shapeWebhookData = (type: string, data: unknown): unknown =>
  shapeRoot(ANSWER_SHAPES[`webhook:${type}`]?.['data'], data);
