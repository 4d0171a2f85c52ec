import baseball from './slides/baseball-skills.svg';
import basketball from './slides/basketball-skills.svg';
import soccer from './slides/soccer-training.svg';
import swimming from './slides/swimming-lessons.svg';
import tennis from './slides/tennis-camp.svg';
import volleyball from './slides/volleyball-clinic.svg';

export interface HomeSlide {
  title: string;
  /** URL of the project's own SVG artwork (hashed by the build, cached long). */
  image: string;
  text: string;
}

/** The six slides of Home, in their order. */
export const SLIDES: readonly HomeSlide[] = [
  {
    title: 'Soccer Training',
    image: soccer,
    text: 'Sharpen your first touch, passing and finishing in small-sided games led by licensed coaches.',
  },
  {
    title: 'Basketball Skills Development',
    image: basketball,
    text: 'Ball handling, shooting form and smart team defence, built up drill by drill all summer long.',
  },
  {
    title: 'Tennis Camp',
    image: tennis,
    text: 'From the first forehand to match tactics: court time every day in groups matched to your level.',
  },
  {
    title: 'Swimming Lessons',
    image: swimming,
    text: 'Confidence in the water first, then strokes, turns and endurance with certified instructors.',
  },
  {
    title: 'Volleyball Clinic',
    image: volleyball,
    text: 'Serve, pass, set and spike: learn every position and how a team talks on the court.',
  },
  {
    title: 'Baseball Skills Camp',
    image: baseball,
    text: 'Hitting, fielding and base running fundamentals, finished off with friendly weekend games.',
  },
];
