import { DomainError } from '../domain-error.js';

/**
 * An order line as a request or a stored order gives it: the fields the amounts are computed
 * from. Money is in minor units; `null` and absent mean the same.
 *
 * @example
 * ```ts
 * const mugs: OrderItemInput = { product_id: 'prod_mug', price: 1000, quantity: 2 };
 * ```
 */
export interface OrderItemInput {
  /** Id of the product ordered (`prod_…`); copied to the result. */
  readonly product_id?: string | null | undefined;
  /** Id of the SKU ordered (`sku_…`); copied to the result. */
  readonly sku_id?: string | null | undefined;
  /** Number of units, a non-negative integer; 1 when absent. */
  readonly quantity?: number | null | undefined;
  /** Unit price. When absent the line is worth `amount`, and added units add nothing to it. */
  readonly price?: number | null | undefined;
  /** Line amount; `price * quantity` when absent, 0 when the price is absent too. */
  readonly amount?: number | null | undefined;
  /** Line amount before any discount or added units; `amount` when absent. */
  readonly initial_amount?: number | null | undefined;
  /** Units before any discount added some; `quantity` when absent. */
  readonly initial_quantity?: number | null | undefined;
  /** Item discounts already on the line from earlier requests (a stored order); 0 when absent. */
  readonly discount_amount?: number | null | undefined;
  /** Units already discounted by earlier requests; 0 when absent. */
  readonly discount_quantity?: number | null | undefined;
}

/**
 * An order as a request or a stored order gives it.
 *
 * @example
 * ```ts
 * const order: OrderInput = { items: [{ price: 1000, quantity: 2 }, { price: 2500, quantity: 2 }] };
 * ```
 */
export interface OrderInput {
  /** Amount before discounts; the sum of the line amounts when absent. */
  readonly amount?: number | null | undefined;
  /** Amount before any discount or other effect; `amount` when absent. */
  readonly initial_amount?: number | null | undefined;
  /** Order-level discounts already applied by earlier requests (a stored order); 0 when absent. */
  readonly discount_amount?: number | null | undefined;
  /** The order lines. */
  readonly items?: readonly OrderItemInput[] | null | undefined;
}

/**
 * An order line with every amount computed, as the service returns it in `order.items[]`.
 *
 * @remarks
 * The `applied_*` fields and `subtotal_amount` describe one step of a stack in a step's
 * snapshot, and the whole request in the final order.
 *
 * @example
 * ```ts
 * const [line]: readonly OrderItemAmounts[] = calculateOrderAmounts({ items: [{ price: 1000, quantity: 2 }] }).items;
 * line?.amount; // 2000
 * ```
 */
export interface OrderItemAmounts {
  /** Id of the product, when known (copied from the input, or the free product of a unit discount). */
  readonly product_id?: string;
  /** Id of the SKU, when known. */
  readonly sku_id?: string;
  /** Unit price; `null` when the line was sent with an amount only. */
  readonly price: number | null;
  /** Number of units, including units added by discounts. */
  readonly quantity: number;
  /** Number of units before discounts added any. */
  readonly initial_quantity: number;
  /** Units that got a discount: the sum over discounts, at most `quantity`. */
  readonly discount_quantity: number;
  /** Units discounted by this step or request. */
  readonly applied_discount_quantity: number;
  /** Units added by this step or request. */
  readonly applied_quantity: number;
  /** Value of the units added by this step or request (0 when the price is unknown). */
  readonly applied_quantity_amount: number;
  /** Line amount, including priced added units. */
  readonly amount: number;
  /** Line amount before any discount or added units. */
  readonly initial_amount: number;
  /** All item discounts on the line so far. */
  readonly discount_amount: number;
  /** Item discount of this step or request. */
  readonly applied_discount_amount: number;
  /** `amount - applied_discount_amount`. */
  readonly subtotal_amount: number;
}

/**
 * An order with every amount computed, as the service returns it: the result of
 * {@link calculateOrderAmounts} and the snapshot after each discount.
 *
 * @remarks
 * `discount_amount` accumulates the order-level discounts of every request; `applied_*` hold
 * one step of a stack in a step's snapshot and the whole request in the final order.
 * `total_amount = amount - discount_amount - items_discount_amount` is never negative.
 *
 * @example
 * ```ts
 * const order: OrderAmounts = calculateOrderAmounts({ amount: 14000 });
 * order.total_amount; // 14000
 * ```
 */
export interface OrderAmounts {
  /** Amount before discounts, including priced units that discounts added. */
  readonly amount: number;
  /** Amount before any discount or other effect. */
  readonly initial_amount: number;
  /** All order-level discounts so far (earlier requests and this one, up to this step). */
  readonly discount_amount: number;
  /** Sum of the lines' `discount_amount`. */
  readonly items_discount_amount: number;
  /** `discount_amount + items_discount_amount`. */
  readonly total_discount_amount: number;
  /** `amount - total_discount_amount`: what is left to pay. */
  readonly total_amount: number;
  /** Order-level discount of this step or request. */
  readonly applied_discount_amount: number;
  /** Sum of the lines' `applied_discount_amount`. */
  readonly items_applied_discount_amount: number;
  /** `applied_discount_amount + items_applied_discount_amount`. */
  readonly total_applied_discount_amount: number;
  /** The lines: those of the request in their order, then lines that discounts added. */
  readonly items: readonly OrderItemAmounts[];
}

const invalid = (key: 'invalid_order' | 'invalid_amount', path: string, value: unknown): DomainError =>
  new DomainError(key, key === 'invalid_amount' ? 'invalid amount' : 'invalid order', {
    details: `Property .${path} should be a non-negative integer (actual value is ${JSON.stringify(value) ?? String(value)})`,
  });

const readInteger = (
  value: number | null | undefined,
  fallback: number,
  key: 'invalid_order' | 'invalid_amount',
  path: string,
): number => {
  if (value === null || value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 0) throw invalid(key, path, value);
  return value;
};

/** A line of an order being worked on; the applied fields belong to the current step. */
export interface LineDraft {
  product_id: string | undefined;
  sku_id: string | undefined;
  price: number | null;
  quantity: number;
  initial_quantity: number;
  discount_quantity: number;
  applied_discount_quantity: number;
  applied_quantity: number;
  applied_quantity_amount: number;
  amount: number;
  initial_amount: number;
  discount_amount: number;
  applied_discount_amount: number;
}

/**
 * A mutable copy of an order that one step changes: lines gain units and discounts, the order
 * gains an order-level discount, and {@link OrderDraft.snapshot} turns it back into amounts whose
 * `applied_*` fields are this step's. Internal to the package.
 */
export class OrderDraft {
  readonly lines: LineDraft[];
  amount: number;
  readonly initialAmount: number;
  discountAmount: number;
  appliedDiscountAmount = 0;
  /** Sum of the lines' `discount_amount`, kept as lines change. */
  private itemsDiscount: number;

  constructor(order: OrderAmounts) {
    this.itemsDiscount = order.items_discount_amount;
    this.amount = order.amount;
    this.initialAmount = order.initial_amount;
    this.discountAmount = order.discount_amount;
    this.lines = order.items.map((item) => ({
      product_id: item.product_id,
      sku_id: item.sku_id,
      price: item.price,
      quantity: item.quantity,
      initial_quantity: item.initial_quantity,
      discount_quantity: item.discount_quantity,
      applied_discount_quantity: 0,
      applied_quantity: 0,
      applied_quantity_amount: 0,
      amount: item.amount,
      initial_amount: item.initial_amount,
      discount_amount: item.discount_amount,
      applied_discount_amount: 0,
    }));
  }

  /** What is left to pay on the whole order. */
  remaining(): number {
    return Math.max(0, this.amount - this.discountAmount - this.itemsDiscount);
  }

  /** What is left to pay on one line. */
  lineRemaining(index: number): number {
    const line = this.lines[index];
    return line === undefined ? 0 : Math.max(0, line.amount - line.discount_amount);
  }

  /** Adds units to a line; a known price raises the line's and the order's amount. */
  addUnits(index: number, units: number, price: number | null): void {
    const line = this.lines[index];
    if (line === undefined || units <= 0) return;
    const value = price === null ? 0 : price * units;
    line.quantity += units;
    line.applied_quantity += units;
    line.amount += value;
    line.applied_quantity_amount += value;
    this.amount += value;
  }

  /** Appends an empty line for a product or SKU that the order lacks; returns its index. */
  addLine(ids: { product_id?: string; sku_id?: string }, price: number | null): number {
    this.lines.push({
      product_id: ids.product_id,
      sku_id: ids.sku_id,
      price,
      quantity: 0,
      initial_quantity: 0,
      discount_quantity: 0,
      applied_discount_quantity: 0,
      applied_quantity: 0,
      applied_quantity_amount: 0,
      amount: 0,
      initial_amount: 0,
      discount_amount: 0,
      applied_discount_amount: 0,
    });
    return this.lines.length - 1;
  }

  /**
   * Discounts a line, at most what is left on the line and on the order; returns the discount
   * actually given.
   */
  discountLine(index: number, amount: number, units: number): number {
    const line = this.lines[index];
    if (line === undefined) return 0;
    const given = Math.max(0, Math.min(amount, this.lineRemaining(index), this.remaining()));
    if (given === 0 && amount > 0) return 0;
    line.discount_amount += given;
    line.applied_discount_amount += given;
    this.itemsDiscount += given;
    const counted = Math.min(units, line.quantity);
    line.discount_quantity = Math.min(line.quantity, line.discount_quantity + counted);
    line.applied_discount_quantity = Math.min(line.quantity, line.applied_discount_quantity + counted);
    return given;
  }

  /** Discounts the order, at most what is left to pay; returns the discount actually given. */
  discountOrder(amount: number): number {
    const given = Math.max(0, Math.min(amount, this.remaining()));
    this.discountAmount += given;
    this.appliedDiscountAmount += given;
    return given;
  }

  /** The order's amounts now, with this step's changes as the `applied_*` fields. */
  snapshot(): OrderAmounts {
    return buildOrderAmounts(
      this.amount,
      this.initialAmount,
      this.discountAmount,
      this.appliedDiscountAmount,
      this.lines,
    );
  }
}

/** Assembles the amounts of an order from its stored fields, deriving the sums. */
const buildOrderAmounts = (
  amount: number,
  initialAmount: number,
  discountAmount: number,
  appliedDiscountAmount: number,
  lines: readonly LineDraft[],
): OrderAmounts => {
  const items = lines.map((line): OrderItemAmounts => {
    const item: OrderItemAmounts = {
      price: line.price,
      quantity: line.quantity,
      initial_quantity: line.initial_quantity,
      discount_quantity: line.discount_quantity,
      applied_discount_quantity: line.applied_discount_quantity,
      applied_quantity: line.applied_quantity,
      applied_quantity_amount: line.applied_quantity_amount,
      amount: line.amount,
      initial_amount: line.initial_amount,
      discount_amount: line.discount_amount,
      applied_discount_amount: line.applied_discount_amount,
      subtotal_amount: line.amount - line.applied_discount_amount,
    };
    return Object.freeze({
      ...(line.product_id === undefined ? {} : { product_id: line.product_id }),
      ...(line.sku_id === undefined ? {} : { sku_id: line.sku_id }),
      ...item,
    });
  });
  const itemsDiscount = items.reduce((sum, item) => sum + item.discount_amount, 0);
  const itemsApplied = items.reduce((sum, item) => sum + item.applied_discount_amount, 0);
  const totalDiscount = discountAmount + itemsDiscount;
  return Object.freeze({
    amount,
    initial_amount: initialAmount,
    discount_amount: discountAmount,
    items_discount_amount: itemsDiscount,
    total_discount_amount: totalDiscount,
    total_amount: amount - totalDiscount,
    applied_discount_amount: appliedDiscountAmount,
    items_applied_discount_amount: itemsApplied,
    total_applied_discount_amount: appliedDiscountAmount + itemsApplied,
    items: Object.freeze(items),
  });
};

/**
 * Computes every amount of an order before this request's discounts: line amounts from price
 * and quantity, the order amount from the lines, and the sums of discounts that a stored order
 * already carries. All `applied_*` fields are 0.
 *
 * @remarks
 * A line without `quantity` counts as 1 unit; a line without `amount` is worth
 * `price * quantity` (0 without a price). Money must be non-negative integers in minor units.
 *
 * @param order - The order of the request, or a stored order with its earlier discounts.
 * @returns The order's amounts.
 * @throws DomainError `invalid_order` when a line's quantity, price or amounts are not
 *   non-negative integers or its discount exceeds its amount; `invalid_amount` when the order's
 *   amounts are not non-negative integers or its discounts exceed its amount.
 * @example
 * ```ts
 * const order = calculateOrderAmounts({ items: [{ price: 1000, quantity: 2 }, { price: 1500, quantity: 3 }] });
 * order.amount; // 6500
 * order.items[1]?.amount; // 4500
 * ```
 */
export function calculateOrderAmounts(order: OrderInput): OrderAmounts {
  const lines = (order.items ?? []).map((item, index): LineDraft => {
    const path = `items[${index}]`;
    const quantity = readInteger(item.quantity, 1, 'invalid_order', `${path}.quantity`);
    const price =
      item.price === null || item.price === undefined
        ? null
        : readInteger(item.price, 0, 'invalid_order', `${path}.price`);
    const amount = readInteger(item.amount, price === null ? 0 : price * quantity, 'invalid_order', `${path}.amount`);
    const discount = readInteger(item.discount_amount, 0, 'invalid_order', `${path}.discount_amount`);
    if (discount > amount) {
      throw new DomainError('invalid_order', 'invalid order', {
        details: `Property .${path}.discount_amount should be <= amount (${amount}) (actual value is ${discount})`,
      });
    }
    return {
      product_id: item.product_id ?? undefined,
      sku_id: item.sku_id ?? undefined,
      price,
      quantity,
      initial_quantity: readInteger(item.initial_quantity, quantity, 'invalid_order', `${path}.initial_quantity`),
      discount_quantity: Math.min(
        quantity,
        readInteger(item.discount_quantity, 0, 'invalid_order', `${path}.discount_quantity`),
      ),
      applied_discount_quantity: 0,
      applied_quantity: 0,
      applied_quantity_amount: 0,
      amount,
      initial_amount: readInteger(item.initial_amount, amount, 'invalid_order', `${path}.initial_amount`),
      discount_amount: discount,
      applied_discount_amount: 0,
    };
  });
  const amount = readInteger(
    order.amount,
    lines.reduce((sum, line) => sum + line.amount, 0),
    'invalid_amount',
    'amount',
  );
  const discount = readInteger(order.discount_amount, 0, 'invalid_amount', 'discount_amount');
  const itemsDiscount = lines.reduce((sum, line) => sum + line.discount_amount, 0);
  if (discount + itemsDiscount > amount) {
    throw new DomainError('invalid_amount', 'invalid amount', {
      details: `Discounts of the order (${discount + itemsDiscount}) should be <= amount (${amount})`,
    });
  }
  return buildOrderAmounts(
    amount,
    readInteger(order.initial_amount, amount, 'invalid_amount', 'initial_amount'),
    discount,
    0,
    lines,
  );
}
