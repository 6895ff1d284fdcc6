import { Counter } from './counter';

/** The smallest App Router page with one client island: the baseline the budget is measured from. */
export default function Page() {
  return (
    <main>
      <h1>Reference page</h1>
      <Counter />
    </main>
  );
}
