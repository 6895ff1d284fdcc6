/** The loader stub's entry: bundled into the inline script the export adds to each page (build/loader.ts). */
import { startLoaderStub } from './loader-stub';

startLoaderStub(document.currentScript!);
