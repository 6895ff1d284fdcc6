import { createContext, useContext } from 'react';

/*
 * `next/navigation` for the pages the export renders without Next (build/): the
 * documents step bundles them with this module in its place (config/bundles.mjs, a `document`
 * bundle). The hooks the site frame's components call, read from the document being
 * rendered instead of from Next's router, which is not there. Such a page never hydrates, so
 * nothing but the render calls them: a router method called anyway is a defect and says so.
 */

/** The route of the document being rendered ('/courses/py-101/reviews/'), without the base path. */
export const DocumentRoute = createContext('/');

export function usePathname(): string {
  return useContext(DocumentRoute);
}

const noRouter = (method: string) => () => {
  throw new Error(`router.${method}() on a page made without Next (build/document.tsx): it has no router`);
};

const router = {
  push: noRouter('push'),
  replace: noRouter('replace'),
};

export function useRouter(): typeof router {
  return router;
}
