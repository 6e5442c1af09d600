// A number the screen shows that fog of war may hide (a seat's territories, armies or cards, a territory's
// armies): the number, or "?" on screen and the label to a screen reader.

export function Count(props: { n: number | null; label?: string }) {
  if (props.n !== null) return <>{props.n}</>;
  const label = props.label ?? "hidden by fog";
  return (
    <>
      <span aria-hidden="true" title={label}>
        ?
      </span>
      <span class="visually-hidden">{label}</span>
    </>
  );
}
