/** Not written yet. */
export async function run() {
  return 'skipped';
}
