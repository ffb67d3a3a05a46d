/** What `npm create vite` (react-ts) renders, without its logos, counter and CSS: a heading and a paragraph. */
export function App() {
  return (
    <main>
      <h1>Vite + React</h1>
      <p>Edit src/App.tsx and save to test HMR</p>
    </main>
  );
}
