import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { MSG, type Product } from '@jara/contracts';
import { ProductCard } from '~/components/product-card';
import { Stars } from '~/components/stars';
import { api } from '~/lib/api.server';
import { toCard } from '~/lib/products.server';
import { canonicalUrl } from '~/lib/seo.server';
import { getSession } from '~/lib/session.server';

interface SellerProfile {
  id: number;
  name: string;
  city: string | null;
  image: string | null;
  member_since: string | null;
  product_count: number;
  average_rating: number;
  products: Product[];
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get('id');
  const session = await getSession(request);
  let id = raw && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
  // Without an id a signed-in vendor sees their own page; everyone else how to become a seller.
  if (!raw && session.get('token') && session.get('role') === 'vendor') id = session.get('userId') ?? null;
  if (!id) return json({ state: 'intro' as const, canonical: canonicalUrl('/seller-profile') });
  const result = await api<{ data: SellerProfile } | SellerProfile>(`/sellers/${id}`, { signal: request.signal });
  if (result.status === 404) throw json({ message: 'Seller not found' }, { status: 404 });
  const seller = result.data && 'data' in result.data ? result.data.data : (result.data as SellerProfile | null);
  if (!result.ok || !seller)
    return json({ state: 'error' as const, canonical: canonicalUrl('/seller-profile') }, { status: 502 });
  return json({
    state: 'seller' as const,
    seller: { ...seller, products: (seller.products ?? []).map(toCard) },
    canonical: canonicalUrl(`/seller-profile?id=${seller.id}`),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (data?.state === 'seller') {
    return [
      { title: `${data.seller.name} | Jara Sellers` },
      { name: 'description', content: `${data.seller.name}: ${data.seller.product_count} products on Jara.` },
      { tagName: 'link', rel: 'canonical', href: data.canonical },
    ];
  }
  return [
    { title: 'Sell on Jara | Jara' },
    ...(data ? [{ tagName: 'link', rel: 'canonical', href: data.canonical }] : []),
  ];
};

export default function SellerProfilePage() {
  const data = useLoaderData<typeof loader>();
  if (data.state === 'intro' || data.state === 'error') {
    return (
      <main className="container page narrow stack">
        {data.state === 'error' ? <p className="form-error">{MSG.lists.loadProductsFailed}</p> : null}
        <h1>Sell on Jara</h1>
        <p className="lead">Reach buyers across Nigeria with a verified seller account.</p>
        <ol className="steps-list">
          <li>Create a free Jara account.</li>
          <li>Contact our team with your business name, city and the products you sell.</li>
          <li>Once verified, list your products, run flash sales and follow your orders from your dashboard.</li>
        </ol>
        <div className="hero-actions">
          <Link className="btn btn-primary" to="/contact">
            Contact us to become a seller
          </Link>
          <Link className="btn btn-ghost" to="/sign_up">
            Create an account
          </Link>
        </div>
      </main>
    );
  }
  const { seller } = data;
  const since = seller.member_since ? new Date(seller.member_since).getFullYear() : null;
  return (
    <main className="container page stack">
      <section className="seller-head">
        <span className="seller-avatar" aria-hidden="true">
          {seller.image ? <img src={seller.image} alt="" width={56} height={56} /> : seller.name.charAt(0)}
        </span>
        <div>
          <h1>{seller.name}</h1>
          <p className="muted">
            {[seller.city, since ? `Member since ${since}` : null, `${seller.product_count} products`]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <Stars rating={seller.average_rating} />
        </div>
      </section>
      <h2 className="section-title">Products</h2>
      {seller.products.length ? (
        <ul className="product-grid">
          {seller.products.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} rating />
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">This seller has no products listed yet.</p>
      )}
    </main>
  );
}
