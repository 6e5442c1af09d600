// A player's luck over their finished games (User.luck), for their profile page: one line in words and the
// test of their dice.
import { useEffect, useState } from "preact/hooks";
import { APIError, query } from "../api/client";
import { PlayerLuckQuery } from "../api/luck";
import { ErrorLine } from "../ui/form";
import { luckWords, signed, testWords, zWords } from "./words";
import "./luck.css";

/** The figures of User.luck the summary shows. */
export type PlayerLuckFigures = {
  games: number;
  luck: {
    rolls: number;
    losses: number;
    expectedLosses: number;
    luck: number;
    z: number;
    percentile: number;
    faces: { counts: ReadonlyArray<number>; test: { pValue: number; smallSample: boolean } };
  };
};

/** A player's luck, given. */
export function PlayerLuckSummary(props: { figures: PlayerLuckFigures }) {
  const { games, luck } = props.figures;
  if (games === 0) return <p>No finished game yet.</p>;
  return (
    <dl class="player-luck">
      <dt>Luck over {games === 1 ? "1 finished game" : `${games} finished games`}</dt>
      <dd>{luckWords(luck.luck, luck.percentile, luck.rolls)}</dd>
      {luck.rolls > 0 && (
        <>
          <dt>How unusual</dt>
          <dd>{`z ${signed(luck.z)}: ${zWords(luck.z)}`}</dd>
          <dt>Armies lost</dt>
          <dd>{`${luck.losses} of ${luck.expectedLosses.toFixed(1)} expected, in ${luck.rolls} rolls`}</dd>
          <dt>Their dice</dt>
          <dd>{testWords(luck.faces.test, luck.rolls)}</dd>
        </>
      )}
    </dl>
  );
}

/** A player's luck, fetched by their user id: the section a profile page includes. */
export function PlayerLuck(props: { userId: string }) {
  const [figures, setFigures] = useState<PlayerLuckFigures | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    query(PlayerLuckQuery, { id: props.userId })
      .then((d) => {
        if (!live) return;
        if (d.node && "luck" in d.node) setFigures(d.node.luck);
        else setError("There is no such player.");
      })
      .catch((e) => live && setError(e instanceof APIError ? e.message : "Could not read the luck."));
    return () => {
      live = false;
    };
  }, [props.userId]);
  return (
    <section class="luck-profile" aria-labelledby="player-luck-title">
      <h2 id="player-luck-title">Luck</h2>
      {error ? (
        <ErrorLine text={error} />
      ) : figures ? (
        <PlayerLuckSummary figures={figures} />
      ) : (
        <p role="status">Loading…</p>
      )}
    </section>
  );
}
