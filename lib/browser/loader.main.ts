/** The start-up loader's entry: bundled into the file the export adapter writes (build/loader.ts). */
import { startLoader } from './loader';

startLoader(document);
