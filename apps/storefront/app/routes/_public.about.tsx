import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';

export const meta: MetaFunction = () => [
  { title: 'About | Jara' },
  {
    name: 'description',
    content: 'Jara is a Nigerian shop and logistics service: buy in naira, ship from overseas and track every parcel.',
  },
];

export default function About() {
  return (
    <main className="container page">
      <h1>About Jara</h1>
      <p className="lead">
        Jara is a Nigerian online shop and marketplace joined to a parcel-logistics service. Buyers pay in naira,
        sellers reach customers across the country, and goods bought overseas are forwarded to Nigeria and tracked all
        the way.
      </p>
      <div className="card-grid">
        <article className="info-card">
          <h2>For buyers</h2>
          <p>Browse products priced in naira, keep a wallet, follow your orders and get help from our support team.</p>
        </article>
        <article className="info-card">
          <h2>For sellers</h2>
          <p>Vendors list and manage their own products and reach buyers through the Jara mall.</p>
        </article>
        <article className="info-card">
          <h2>For shippers</h2>
          <p>
            Send goods to our overseas warehouses and choose sea cargo or air cargo, or book local deliveries. Every
            parcel gets a tracking number.
          </p>
        </article>
      </div>
      <p>
        Questions? Read the <Link to="/faq">FAQ</Link> or <Link to="/contact">contact us</Link>.
      </p>
    </main>
  );
}
