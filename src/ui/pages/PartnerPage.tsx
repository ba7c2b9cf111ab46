/** The partner call: 'Join Our Dynamic Team of Packers and Movers' (docs/product.md). */
import { pageText } from '../../content/pages';
import { usePageMeta } from '../components/PageMeta';
import { Cards } from '../marketing/Cards';
import { Hero } from '../marketing/Hero';
import { cardArt, PartnerArt } from '../illustrations';

const roles = [
  {
    title: 'Movers',
    text: 'Load, carry and transport with care. Strong, punctual and good with customers.',
    to: '/move',
    action: 'Apply to move for us',
  },
  {
    title: 'Packers',
    text: 'Wrap, box and label so every item arrives as it left. Neat and patient.',
    to: '/pack',
    action: 'Apply to become a packer',
  },
];

export default function PartnerPage() {
  usePageMeta(pageText.partner.title, pageText.partner.description);
  return (
    <>
      <Hero
        title="Join Our Dynamic Team of Packers and Movers"
        actions={[
          { label: 'Move for Us', to: '/move' },
          { label: 'Become a Packer', to: '/pack' },
        ]}
        art={<PartnerArt />}
      >
        <p className="lead">
          Flexible jobs across the city, fair pay for every job, and a team that has your back.
        </p>
      </Hero>
      <section className="band" aria-labelledby="roles">
        <div className="band-inner">
          <h2 id="roles">Who we are looking for</h2>
          <Cards cards={roles} art={cardArt} />
        </div>
      </section>
    </>
  );
}
