import type * as CatalogueModule from '@/lib/server/catalogue';

/**
 * For tests: a fresh lib/catalogue reading `file` (CATALOGUE=file, or data/courses.json when
 * undefined). The catalogue is read on first use, so this reads it before putting CATALOGUE back.
 */
export function loadCatalogue(file: string | undefined): typeof CatalogueModule {
  const saved = process.env.CATALOGUE;
  if (file === undefined) delete process.env.CATALOGUE;
  else process.env.CATALOGUE = file;
  try {
    let loaded: typeof CatalogueModule | undefined;
    jest.isolateModules(() => {
      loaded = jest.requireActual<typeof CatalogueModule>('@/lib/server/catalogue');
    });
    loaded!.getCourses();
    return loaded!;
  } finally {
    if (saved === undefined) delete process.env.CATALOGUE;
    else process.env.CATALOGUE = saved;
  }
}
