export default function Home() {
  return <main>Hello world!</main>;
}
