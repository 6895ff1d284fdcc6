/** The search page's intro script's entry: bundled into its inline script (app/search/page.tsx). */
import { markSearchIntro } from './search-intro';

markSearchIntro(document.currentScript, location.search);
