// /tournaments/{id}/players/{n}: a player's card — his details and status, each round's
// opponent (with a link to his card), colour, result, points and online game, and his rank and
// score in the standings; on his own card, the player's "My tournament" (tournament_me.tsx).
// /tournaments/{id}/rounds/{r}/print: a round's pairings to print for
// over-the-board play (board, first mover, second, a blank result column), without the site's
// header. Both read GET /api/tournaments/{id}; the card asks again every few seconds.
import { useCallback, useEffect, useState } from "preact/hooks";
import * as api from "../api";
import { Link } from "../app";
import { t, type Key } from "../i18n";
import { byeLabel, playerName, playerRounds, pointsText, resultLabel } from "../tournament";
import type { Tournament } from "../types";
import { playerHref } from "./tournament";
import { followTournament } from "../tournament_feed";
import { MyTournament } from "./tournament_me";

/** The tournament, asked again every few seconds if `poll`, and a reload for after a change. */
function useTournament(id: number, poll: boolean): [Tournament | null, string | null, () => Promise<unknown>] {
  const [tm, setTm] = useState<Tournament | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(
    () =>
      api.getTournament(id).then(
        (x) => {
          setTm(x);
          setError(null);
        },
        (e) => setError(api.errorMessage(e)),
      ),
    [id],
  );
  useEffect(() => {
    load();
    const stop = poll ? followTournament(id, load) : undefined;
    return stop;
  }, [load, poll]);
  return [tm, error, load];
}

export function PlayerCard({ id, n }: { id: number; n: number }) {
  const [tm, error, reload] = useTournament(id, true);
  if (!tm)
    return (
      <main class="tournament">
        {error && (
          <p role="alert" class="error">
            {t("error", { message: error })}
          </p>
        )}
      </main>
    );
  const back = (
    <p>
      <Link href={`/tournaments/${id}`}>{t("backToTournament", { name: tm.name })}</Link>
    </p>
  );
  const p = tm.players.find((x) => x.number === n);
  if (!p)
    return (
      <main class="tournament">
        <p role="alert" class="error">
          {t("noSuchPlayer")}
        </p>
        {back}
      </main>
    );
  const row = tm.standings.rows.find((r) => r.number === n);
  const [first, second] = tm.game === "shogi" ? ["☗", "☖"] : ["●", "○"];
  return (
    <main class="tournament player-card" data-player={n}>
      <h1 data-testid="player-name">{t("playerCard", { n, name: p.name })}</h1>
      {back}
      <table class="tour details" data-testid="player-details">
        <tbody>
          <tr>
            <th>{t("rating")}</th>
            <td>{p.rating > 0 ? p.rating : ""}</td>
          </tr>
          <tr>
            <th>{t("grade")}</th>
            <td>{p.grade ?? ""}</td>
          </tr>
          <tr>
            <th>{t("club")}</th>
            <td>{p.club}</td>
          </tr>
          <tr>
            <th>{t("federation")}</th>
            <td>{p.federation}</td>
          </tr>
          <tr>
            <th>{t("account")}</th>
            <td>{p.account ?? ""}</td>
          </tr>
          <tr>
            <th>{t("status")}</th>
            <td data-status={p.status}>
              {t(`status_${p.status}` as Key)}
              {p.from_round !== null && p.status !== "active" ? ` (${t("fromRound", { n: p.from_round })})` : ""}
            </td>
          </tr>
          {p.bye_next && (
            <tr>
              <th>{t("byeNext")}</th>
              <td>{byeLabel(p.bye_next)}</td>
            </tr>
          )}
        </tbody>
      </table>
      {tm.me.player === n && <MyTournament tm={tm} reload={reload} />}
      {row && (
        <p class="score" data-testid="player-rank">
          {t("rankScore", { rank: row.rank, score: row.score })}
        </p>
      )}
      <table class="tour" data-testid="player-rounds">
        <thead>
          <tr>
            <th>{t("roundCol")}</th>
            <th>{t("board")}</th>
            <th>{t("colour")}</th>
            <th>{t("opponentCol")}</th>
            <th>{t("result")}</th>
            <th>{t("points")}</th>
            <th>{t("game")}</th>
          </tr>
        </thead>
        <tbody>
          {playerRounds(tm, n).map((r) => (
            <tr key={r.round} data-round={r.round} data-kind={r.kind}>
              <td>{r.round}</td>
              <td>{r.board ?? ""}</td>
              <td data-colour={r.colour ?? ""}>{r.colour === "first" ? `${first} ${t("firstMover")}` : r.colour === "second" ? `${second} ${t("secondMover")}` : ""}</td>
              <td>
                {r.opponent !== null ? (
                  <Link href={playerHref(id, r.opponent)}>
                    {r.opponent}. {playerName(tm, r.opponent)}
                  </Link>
                ) : r.kind === "bye" ? (
                  t("pairingBye")
                ) : r.kind === "announced" && r.bye ? (
                  byeLabel(r.bye)
                ) : (
                  t("notPaired")
                )}
              </td>
              <td class="board-result" data-result={r.result ?? ""}>
                {r.kind === "game" ? (r.result === null ? "…" : resultLabel(r.result)) : ""}
              </td>
              <td class="points">{pointsText(r.points)}</td>
              <td>{r.game !== null && <Link href={`/game/${r.game}`}>#{r.game}</Link>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}

/** A round's pairing cards: what the arbiter prints and lays on the boards. */
export function PrintPairings({ id, round }: { id: number; round: number }) {
  const [tm, error] = useTournament(id, false);
  if (!tm)
    return (
      <main class="print-pairings">
        {error && (
          <p role="alert" class="error">
            {t("error", { message: error })}
          </p>
        )}
      </main>
    );
  const r = tm.rounds.find((x) => x.number === round);
  if (!r)
    return (
      <main class="print-pairings">
        <p role="alert" class="error">
          {t("noSuchRound")}
        </p>
      </main>
    );
  const [first, second] = tm.game === "shogi" ? ["☗", "☖"] : ["●", "○"];
  const who = (n: number) => `${playerName(tm, n)} (${n})`;
  return (
    <main class="print-pairings" data-round={round}>
      <h1>{tm.name}</h1>
      <h2>{t("pairingsOfRound", { n: round })}</h2>
      <p class="no-print">
        <button type="button" onClick={() => print()}>
          {t("print")}
        </button>{" "}
        <Link href={`/tournaments/${id}`}>{t("backToTournament", { name: tm.name })}</Link>
      </p>
      <table class="print-table" data-testid="print-table">
        <thead>
          <tr>
            <th>{t("board")}</th>
            <th>
              {first} {t("firstMover")}
            </th>
            <th>
              {second} {t("secondMover")}
            </th>
            <th class="blank">{t("result")}</th>
          </tr>
        </thead>
        <tbody>
          {r.boards.map((b) => (
            <tr key={b.number} data-board={b.number}>
              <td>
                {b.number}
                {b.handicap && b.handicap !== "even" ? ` (${b.handicap})` : ""}
              </td>
              <td>{who(b.first)}</td>
              <td>{who(b.second)}</td>
              <td class="blank"></td>
            </tr>
          ))}
        </tbody>
      </table>
      {r.byes.length > 0 && <p>{t("bye", { names: r.byes.map(who).join(", ") })}</p>}
    </main>
  );
}
