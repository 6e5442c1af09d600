// A game's graphs and luck (Game.graphs, Game.luck) beside its replay: fetched once, charted (./charts.tsx)
// and read out (./panel.tsx).
import { useEffect, useState } from "preact/hooks";
import { APIError, query } from "../api/client";
import { GameLuckQuery } from "../api/luck";
import type { GameLuckQuery as GameLuckData } from "../gql/graphql";
import { ErrorLine } from "../ui/form";
import { ChartLegend, GameCharts } from "./charts";
import { LuckPanel } from "./panel";
import "./luck.css";

export function GameLuckSection(props: { id: string; turn?: number }) {
  const [data, setData] = useState<GameLuckData["game"] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    query(GameLuckQuery, { id: props.id })
      .then((d) => live && setData(d.game ?? null))
      .catch((e) => live && setError(e instanceof APIError ? e.message : "Could not read the graphs."));
    return () => {
      live = false;
    };
  }, [props.id]);
  if (error) return <ErrorLine text={error} />;
  if (!data) return <p role="status">Loading the graphs…</p>;
  return (
    <section class="luck-section" aria-labelledby="graphs-title">
      <h2 id="graphs-title">Graphs</h2>
      {data.graphs.partial && (
        <p class="luck-note">What you knew at each turn; the fog hides the rest until the end.</p>
      )}
      <ChartLegend seats={data.seats} />
      <GameCharts points={data.graphs.points} seats={data.seats} turn={props.turn} />
      <LuckPanel luck={data.luck} seats={data.seats} />
    </section>
  );
}
