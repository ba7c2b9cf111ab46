/**
 * Customer testimonials side by side; Previous and Next (and the arrow keys on the focused
 * list) scroll by 300 px (docs/product.md). The scroll position is the browser's own state.
 */
import { useRef, type KeyboardEvent } from 'react';
import type { Testimonial } from '../../content/testimonials';

export const CAROUSEL_STEP = 300;

export function TestimonialCarousel({
  id,
  title,
  testimonials,
}: {
  id: string;
  title: string;
  testimonials: Testimonial[];
}) {
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    track.current?.scrollBy({
      left: direction * CAROUSEL_STEP,
      behavior: smooth ? 'smooth' : 'auto',
    });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      scroll(event.key === 'ArrowRight' ? 1 : -1);
    }
  };
  return (
    <section className="band" aria-labelledby={id}>
      <div className="band-inner">
        <div className="carousel-head">
          <h2 id={id}>{title}</h2>
          <div className="carousel-buttons">
            <button
              type="button"
              className="icon-button carousel-button"
              aria-controls={`${id}-list`}
              onClick={() => scroll(-1)}
            >
              <span aria-hidden="true">‹</span>
              <span className="visually-hidden">Previous testimonials</span>
            </button>
            <button
              type="button"
              className="icon-button carousel-button"
              aria-controls={`${id}-list`}
              onClick={() => scroll(1)}
            >
              <span aria-hidden="true">›</span>
              <span className="visually-hidden">Next testimonials</span>
            </button>
          </div>
        </div>
        {/* Focusable so keyboard users can scroll it; labelled for screen readers. */}
        <ul
          id={`${id}-list`}
          className="carousel"
          ref={track}
          tabIndex={0}
          aria-label={`${title}, use the arrow keys to scroll`}
          onKeyDown={onKeyDown}
        >
          {testimonials.map((testimonial) => (
            <li key={testimonial.name} className="testimonial">
              <figure>
                <blockquote>
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption>
                  <strong>{testimonial.name}</strong>
                  <span>{testimonial.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
