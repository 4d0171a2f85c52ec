import { CardGrid, ListState, loadErrorText, PageHeading, usePageTitle, VisuallyHidden } from '@sportify/shared-ui';
import { BuildLabel } from '../common/BuildLabel';
import { ClassCard } from '../common/ClassCard';
import { Reveal } from '../common/Reveal';
import { HomeCarousel } from './HomeCarousel';
import { useClassesPopularQuery } from '@sportify/shared-ui/endpoints/classes';
import { useUsersAdminsQuery, useUsersPopularQuery } from '@sportify/shared-ui/endpoints/users';
import { PersonCard } from './PersonCard';

/**
 * Home (docs/product.md §2): carousel, popular classes, popular instructors, the admins. Each section runs its own query and all
 * three start in the same render, so the requests go out in parallel and one slow list never holds up the others.
 */
export function HomePage({ autoplay = false }: { autoplay?: boolean }) {
  usePageTitle('Home');
  return (
    <>
      <BuildLabel />
      <VisuallyHidden as="h1">Sportify Camp</VisuallyHidden>
      <HomeCarousel autoplay={autoplay} />
      <PopularClasses />
      <PopularInstructors />
      <Contributors />
    </>
  );
}

function PopularClasses() {
  const query = useClassesPopularQuery();
  return (
    <section aria-labelledby="popular-classes-heading">
      <PageHeading as="h2" id="popular-classes-heading">
        Top 6 Popular Class
      </PageHeading>
      <ListState
        query={query}
        loadingLabel="Loading popular classes"
        errorText={(error) => loadErrorText('Popular classes', error)}
        emptyText="No classes yet"
      >
        {(classes) => (
          <CardGrid>
            {classes.map((item, index) => (
              <Reveal key={item._id}>
                <ClassCard item={item} showEnrolled priority={index === 0} titleAs="h3" />
              </Reveal>
            ))}
          </CardGrid>
        )}
      </ListState>
    </section>
  );
}

function PopularInstructors() {
  const query = useUsersPopularQuery();
  return (
    <section aria-labelledby="popular-instructors-heading">
      {/* The corrected heading of docs/product.md §A9. */}
      <PageHeading as="h2" id="popular-instructors-heading">
        Top 6 Popular Instructors
      </PageHeading>
      <ListState
        query={query}
        loadingLabel="Loading popular instructors"
        errorText={(error) => loadErrorText('Popular instructors', error)}
        emptyText="No instructors yet"
      >
        {(people) => (
          <CardGrid>
            {people.map((person) => (
              <Reveal key={person._id}>
                <PersonCard person={person} nameCase="uppercase" nameAs="h3" />
              </Reveal>
            ))}
          </CardGrid>
        )}
      </ListState>
    </section>
  );
}

function Contributors() {
  const query = useUsersAdminsQuery();
  return (
    <section aria-labelledby="contributors-heading">
      <PageHeading as="h2" id="contributors-heading">
        Our Three Main Contributors
      </PageHeading>
      <ListState
        query={query}
        loadingLabel="Loading contributors"
        errorText={(error) => loadErrorText('Contributors', error)}
        emptyText="No contributors yet"
      >
        {(admins) => (
          <CardGrid>
            {admins.map((person) => (
              <Reveal key={person._id}>
                <PersonCard person={person} nameCase="capitalize" nameAs="h3" />
              </Reveal>
            ))}
          </CardGrid>
        )}
      </ListState>
    </section>
  );
}
