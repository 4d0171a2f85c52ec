import { Link } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import { Button, media } from '@sportify/shared-ui';
import { Reveal } from '../common/Reveal';
import { Carousel } from './Carousel';
import { SLIDES, type HomeSlide } from './slides';

/** The Home page's six-slide carousel; autoplay stays off unless `autoplay` is set (docs/product.md §9). */
export function HomeCarousel({ autoplay = false }: { autoplay?: boolean }) {
  return (
    <Reveal>
      <Carousel
        label="Camp highlights"
        items={SLIDES}
        slideLabel={(slide) => slide.title}
        autoplay={autoplay}
        renderSlide={(slide, { index, near }) => <SlideView slide={slide} first={index === 0} near={near} />}
      />
    </Reveal>
  );
}

function SlideView({ slide, first, near }: { slide: HomeSlide; first: boolean; near: boolean }) {
  return (
    <Frame>
      {/* The first slide is the page's largest picture: fetched early. The others load once they are next in line. */}
      <img
        src={slide.image}
        alt=""
        width={1600}
        height={700}
        draggable={false}
        decoding="async"
        loading={near ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
      />
      <Caption>
        <h2>{slide.title}</h2>
        <p>{slide.text}</p>
        <Button as={Link} to="/classes">
          See details about classes
        </Button>
      </Caption>
    </Frame>
  );
}

const Frame = styled.div`
  position: relative;
  /* The frame reserves the picture's space before it loads, so nothing below jumps. */
  aspect-ratio: 16 / 7;
  min-height: 280px;
  img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
    object-position: 70% center;
    user-select: none;
  }
`;

const Caption = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  /* Phones: text low on the slide, above the control strip; wider screens: centred beside the arrows. */
  justify-content: flex-end;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(4)} ${theme.space(4)} ${theme.space(16)}`};
  max-width: 640px;
  color: #fff;
  text-shadow: 0 1px 3px rgba(11, 21, 48, 0.6);
  h2 {
    margin: 0;
    font-size: clamp(1.5rem, 4vw, 2.75rem);
    line-height: 1.15;
  }
  p {
    display: none;
    margin: 0;
    font-size: 1.1rem;
  }
  ${media.md} {
    justify-content: center;
    /* Stay on the slide art's dark left-hand shade, where white text reads well. */
    max-width: min(640px, 62%);
    padding: ${({ theme }) => `${theme.space(6)} ${theme.space(16)} ${theme.space(10)}`};
    p {
      display: block;
    }
  }
`;
