/** The start-up loader's entry: bundled into the file the export adapter writes (scripts/export/loader.mjs). */
import { startLoader } from './loader';

startLoader(document);
