// Only the plain text "Hello world!": a heading for screen readers and axe, styled as body text.
export default function Home() {
  return (
    <main>
      <h1 style={{ font: 'inherit', margin: 0 }}>Hello world!</h1>
    </main>
  );
}
