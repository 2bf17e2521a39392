// The same kind of consumer for stripe-node: seven operations across its API.
import Stripe from 'stripe';

const stripe = new Stripe('sk_test_key');

export const checkout = async (): Promise<unknown[]> => {
  const customer = await stripe.customers.create({ email: 'ada@example.com' });
  const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'eur' });
  const price = await stripe.prices.retrieve('price_1');
  const invoices = await stripe.invoices.list({ limit: 10 });
  const subscription = await stripe.subscriptions.update('sub_1', { cancel_at_period_end: true });
  const coupon = await stripe.coupons.create({ percent_off: 10 });
  const product = await stripe.products.retrieve('prod_1');
  return [
    customer.id,
    intent.status,
    price.unit_amount,
    invoices.data.length,
    subscription.status,
    coupon.id,
    product.name,
  ];
};
