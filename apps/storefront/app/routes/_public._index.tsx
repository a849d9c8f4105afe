import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';

export const meta: MetaFunction = () => [
  { title: 'Jara: shop, ship and track' },
  { name: 'description', content: 'Shop in naira, forward goods from overseas warehouses and track every parcel with Jara.' },
];

const SERVICES = [
  {
    to: '/foreign-logistics',
    title: 'Foreign Logistics',
    text: 'Buy from overseas suppliers and have goods forwarded from our China warehouses to Nigeria by sea cargo or air cargo.',
  },
  {
    to: '/local-logistics',
    title: 'Local Logistics',
    text: 'Send parcels within Nigeria and follow them from pick-up to delivery.',
  },
  {
    to: '/tracker',
    title: 'Parcel Tracker',
    text: 'Follow any shipment with its tracking number, from warehouse to your door.',
  },
  {
    to: '/converter',
    title: 'Currency Converter',
    text: 'Convert between naira and other currencies before you buy or ship.',
  },
];

export default function Home() {
  return (
    <main>
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">Shop · Ship · Track</p>
            <h1>Everything you buy and ship, in one Nigerian account</h1>
            <p className="hero-lead">
              Jara brings a marketplace priced in naira together with overseas and local parcel logistics, a wallet and a
              tracker, so you always know where your goods are.
            </p>
            <div className="hero-actions">
              <Link className="btn btn-accent" to="/sign_up">
                Create a free account
              </Link>
              <Link className="btn btn-outline-light" to="/foreign-logistics">
                Ship from overseas
              </Link>
            </div>
          </div>
          <div className="hero-card" aria-hidden="true">
            <div className="hero-card-row">
              <span className="hero-dot" /> Order placed in naira
            </div>
            <div className="hero-card-row">
              <span className="hero-dot" /> Forwarded from the warehouse
            </div>
            <div className="hero-card-row">
              <span className="hero-dot" /> Tracked to your door
            </div>
          </div>
        </div>
      </section>

      <section className="container section">
        <h2 className="section-title">What you can do with Jara</h2>
        <div className="card-grid">
          {SERVICES.map((service) => (
            <Link key={service.to} to={service.to} className="service-card">
              <h3>{service.title}</h3>
              <p>{service.text}</p>
              <span className="service-more">Learn more →</span>
            </Link>
          ))}
        </div>
      </section>

      <section className="container section">
        <div className="notice">
          <h2>The shop is opening soon</h2>
          <p>
            Products, flash sales and new arrivals will be listed here as soon as our sellers publish them. Create an
            account now and you will be ready to order on day one.
          </p>
          <Link className="btn btn-primary" to="/sign_up">
            Sign Up
          </Link>
        </div>
      </section>
    </main>
  );
}
