export function App() {
  return <main><h1>Rout</h1></main>;
}
