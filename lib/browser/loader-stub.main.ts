/** The loader stub's entry: bundled into the inline script the export adds to each page (scripts/export/loader.mjs). */
import { startLoaderStub } from './loader-stub';

startLoaderStub(document.currentScript!);
