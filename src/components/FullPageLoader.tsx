import { Center, Loader } from '@mantine/core';

/** Shown while the first page's data loads (the router's hydrate fallback). */
export function FullPageLoader() {
  return (
    <Center h="100vh" aria-busy="true">
      <Loader />
    </Center>
  );
}
