import { json, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { loadShopPolicy } from '~/lib/shop-policy.server';

/** The return answer quotes the window Request Return applies (ORDER_RETURN_WINDOW_DAYS through /shop-policy). */
export async function loader() {
  const policy = await loadShopPolicy();
  return json({ returnDays: policy?.return_window_days ?? null });
}

function returnAnswer(days: number | null): string {
  if (days === null) return 'Start a return from My Orders while it offers Request Return, or contact support.';
  if (days <= 0)
    return 'Store orders cannot be returned once received. If something is wrong with your order, contact support.';
  return `You can return an item within ${days} day${days === 1 ? '' : 's'} of delivery if it is unused and in its original packaging. Start a return from My Orders or contact support.`;
}

export const meta: MetaFunction = () => [{ title: 'FAQ | Jara' }];

/** The five questions of spec 2.1: products, order tracking, returns (the real window), domestic-only shipping, 24/7 support. */
const QUESTIONS = [
  {
    q: 'What products can I buy on Jara?',
    a: 'Jara lists products published by the sellers on our marketplace, grouped into categories. Every price is shown in naira (₦).',
  },
  {
    q: 'How do I track my order?',
    a: 'Sign in and open My Orders, or use the Tracker with the tracking number from your order or delivery. You will also get a notification when the status changes.',
  },
  {
    q: 'What is your return policy?',
    a: null,
  },
  {
    q: 'Do you ship internationally?',
    a: 'Store orders are delivered within Nigeria only. Goods bought abroad can be forwarded to Nigeria through our foreign logistics service.',
  },
  {
    q: 'How can I contact customer support?',
    a: 'Our support team is available 24/7. Use the contact form, or the Support page in your account once you are signed in.',
  },
];

export default function Faq() {
  const { returnDays } = useLoaderData<typeof loader>();
  return (
    <main className="container page narrow">
      <h1>Frequently Asked Questions</h1>
      <div className="accordion">
        {QUESTIONS.map((item) => (
          <details key={item.q} className="accordion-item">
            <summary>{item.q}</summary>
            <p>{item.a ?? returnAnswer(returnDays)}</p>
          </details>
        ))}
      </div>
      <p>
        Still need help? <Link to="/contact">Send us a message</Link>.
      </p>
    </main>
  );
}
