/** Customer testimonials: fixed sample content, as spec 2.9 describes the block. */
const TESTIMONIALS = [
  {
    name: 'Adaeze O.',
    city: 'Lagos',
    text: 'My phone arrived in two days and the price was better than the market. I track every order from my dashboard.',
  },
  {
    name: 'Tunde B.',
    city: 'Ibadan',
    text: 'Shipping from China used to be stressful. With Jara I can see where my goods are at every step.',
  },
  {
    name: 'Halima S.',
    city: 'Abuja',
    text: 'The flash sales are real deals. Customer support answered me the same day.',
  },
];

export function Testimonials() {
  return (
    <section className="testimonials" aria-labelledby="testimonials-title">
      <h2 className="section-title" id="testimonials-title">
        What our customers say
      </h2>
      <ul>
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <blockquote>
              <p>“{t.text}”</p>
              <footer>
                <strong>{t.name}</strong>, {t.city}
              </footer>
            </blockquote>
          </li>
        ))}
      </ul>
    </section>
  );
}
