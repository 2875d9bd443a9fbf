// /tournaments/{id}: one tournament — its players, each round's pairings with their results and
// online games, the standings with their tie-breaks, the exports; for a logged-in player before
// round 1 a "Join" button; for its players their own actions ("My tournament",
// tournament_me.tsx); for its arbiters the console (tournament_console.tsx). No WebSocket
// carries tournaments: the page asks GET /api/tournaments/{id} again every few seconds.
import { useCallback, useEffect, useState } from "preact/hooks";
import * as api from "../api";
import { followTournament } from "../tournament_feed";
import { Link, useSession } from "../app";
import { tcShort } from "../clock";
import { t, type Key } from "../i18n";
import { announcedByes, byeLabel, canJoin, playerName, resultLabel, roundStatus, tiebreakLabel, tiebreakValue } from "../tournament";
import type { Tournament, TournamentRound } from "../types";
import { ArbiterConsole, PairByHand, ResultEditor, RoundActions, StartGames } from "./tournament_console";
import { MyTournament } from "./tournament_me";
import { systemLabel } from "./tournaments";

/** A player's card. */
export const playerHref = (id: number, n: number) => `/tournaments/${id}/players/${n}`;

/** What the page's parts need to change the tournament: run a request, show its error, reload. */
export interface Act {
  (f: () => Promise<unknown>): Promise<boolean>;
}

export function TournamentPage({ id }: { id: number }) {
  const { user } = useSession();
  const [tm, setTm] = useState<Tournament | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Bumped after each change, so that the arbiter's audit log follows.
  const [version, setVersion] = useState(0);

  const reload = useCallback(
    () =>
      api.getTournament(id).then(
        (x) => {
          setTm(x);
          setLoadError(null);
        },
        (e) => setLoadError(api.errorMessage(e)),
      ),
    [id],
  );

  useEffect(() => {
    reload();
    return followTournament(id, reload);
  }, [reload, user?.name]);

  const act: Act = (f) => api.attempt(f, setError, () => reload().then(() => setVersion((v) => v + 1)));

  if (!tm)
    return (
      <main class="tournament">
        {loadError && (
          <p role="alert" class="error">
            {t("error", { message: loadError })}
          </p>
        )}
      </main>
    );

  const arbiter = tm.me.arbiter;
  const mine = tm.me.player;
  return (
    <main class="tournament" data-arbiter={arbiter ? "yes" : "no"}>
      <h1 data-testid="tournament-name">{tm.name}</h1>
      <p class="muted" data-testid="tournament-facts">
        {t(tm.game)} · {systemLabel(tm.system)} · {tm.rules} · {t("onlineGames", { tc: tm.time ? tcShort(tm.time) : t("untimed") })}
        {tm.rated ? ` · ${t("rated")}` : ""}
        {tm.rounds_planned ? ` · ${t("roundsPlanned")}: ${tm.rounds_planned}` : ""} · {t("arbiters")}: {tm.arbiters.join(", ")}
      </p>
      {canJoin(tm, user) && (
        <p>
          <button type="button" onClick={() => act(() => api.registerPlayer(id, {}))}>
            {t("join")}
          </button>
        </p>
      )}
      {!user && tm.rounds.length === 0 && (
        <p>
          <Link href="/login">{t("mustLoginToJoin")}</Link>
        </p>
      )}
      {mine !== null && <p data-testid="my-number">{t("youAreNumber", { n: mine })}</p>}
      {error && (
        <p role="alert" class="error" data-testid="tournament-error">
          {t("error", { message: error })}
        </p>
      )}
      {loadError && (
        <p role="status" class="warn">
          {t("error", { message: loadError })}
        </p>
      )}

      <MyTournament
        tm={tm}
        reload={async () => {
          await reload();
          setVersion((v) => v + 1);
        }}
      />

      <section>
        <h2>{t("players")}</h2>
        <Players tm={tm} act={act} />
      </section>

      <section>
        <h2>{t("rounds")}</h2>
        {[...tm.rounds].reverse().map((r) => (
          <Round key={r.number} tm={tm} round={r} act={act} />
        ))}
        {arbiter && <RoundActions tm={tm} act={act} />}
      </section>

      <section>
        <h2>{t("standings")}</h2>
        <Standings tm={tm} />
        <p class="downloads">
          <a href={api.standingsUrl(id, "html")} target="_blank" rel="noopener" data-testid="standings-html">
            {t("printableStandings")}
          </a>{" "}
          ·{" "}
          <a href={api.standingsUrl(id, "text")} target="_blank" rel="noopener">
            {t("standingsText")}
          </a>{" "}
          ·{" "}
          <a href={api.trfUrl(id)} download={`tournament-${id}.trf`} data-testid="trf">
            {t("trfExport")}
          </a>
        </p>
      </section>

      {arbiter && <ArbiterConsole tm={tm} act={act} version={version} />}
    </main>
  );
}

function Players({ tm, act }: { tm: Tournament; act: Act }) {
  if (tm.players.length === 0) return <p class="muted">{t("noPlayers")}</p>;
  return (
    <div class="scroll">
    <table class="tour" data-testid="players">
      <thead>
        <tr>
          <th>{t("number")}</th>
          <th>{t("name")}</th>
          <th>{t("rating")}</th>
          <th>{t("grade")}</th>
          <th>{t("club")}</th>
          <th>{t("account")}</th>
          <th>{t("status")}</th>
          <th>{t("byeNext")}</th>
          {tm.me.arbiter && <th></th>}
        </tr>
      </thead>
      <tbody>
        {tm.players.map((p) => {
          const self = tm.me.player === p.number;
          return (
            <tr key={p.number} data-player={p.number} class={self ? "me" : ""}>
              <td>{p.number}</td>
              <td>
                <Link href={playerHref(tm.id, p.number)}>{p.name}</Link>
                {self && <span class="muted"> ({t("you")})</span>}
              </td>
              <td>{p.rating > 0 ? p.rating : ""}</td>
              <td>{p.grade ?? ""}</td>
              <td>{p.club}</td>
              <td>{p.account ?? ""}</td>
              <td data-status={p.status}>
                {t(`status_${p.status}` as Key)}
                {p.from_round !== null && p.status !== "active" ? ` (${t("fromRound", { n: p.from_round })})` : ""}
              </td>
              <td data-bye-next={p.bye_next ?? ""}>{p.bye_next ? byeLabel(p.bye_next) : ""}</td>
              {/* A player withdraws himself in "My tournament". */}
              {tm.me.arbiter && (
                <td>
                  {p.status === "active" && (
                    <button type="button" class="danger" onClick={() => act(() => api.withdrawPlayer(tm.id, p.number))}>
                      {t("withdrawPlayer")}
                    </button>
                  )}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
    </div>
  );
}

function Round({ tm, round, act }: { tm: Tournament; round: TournamentRound; act: Act }) {
  const [first, second] = tm.game === "shogi" ? ["☗", "☖"] : ["●", "○"];
  return (
    <div class="round" data-round={round.number}>
      <h3>
        {t("roundN", { n: round.number })} <span class="round-status" data-testid="round-status">— {roundStatus(round)}</span>{" "}
        <a class="print-link" href={`/tournaments/${tm.id}/rounds/${round.number}/print`} target="_blank" rel="noopener" data-testid="print-pairings">
          {t("printPairings")}
        </a>
      </h3>
      {tm.me.arbiter && round.open > 0 && <StartGames tm={tm} round={round.number} act={act} />}
      <table class="tour pairings">
        <thead>
          <tr>
            <th>{t("board")}</th>
            <th>{first}</th>
            <th>{t("result")}</th>
            <th>{second}</th>
            <th>{t("game")}</th>
            {tm.me.arbiter && <th></th>}
          </tr>
        </thead>
        <tbody>
          {round.boards.map((b) => (
            <tr key={b.number} data-board={b.number} data-first={b.first} data-second={b.second} class={b.result === null ? "open" : ""}>
              <td>
                {b.number}
                {b.handicap && b.handicap !== "even" ? <span class="muted"> ({b.handicap})</span> : null}
              </td>
              <td class={tm.me.player === b.first ? "me" : ""}>{playerName(tm, b.first)}</td>
              <td class="board-result" data-result={b.result ?? ""}>
                {b.result === null ? "…" : resultLabel(b.result)}
                {b.replayed ? " ↻" : ""}
              </td>
              <td class={tm.me.player === b.second ? "me" : ""}>{playerName(tm, b.second)}</td>
              <td>
                {b.game !== null && (
                  <Link href={`/game/${b.game}`}>
                    #{b.game}
                    {b.game_status ? ` (${t(`gameStatus_${b.game_status}` as Key)})` : ""}
                  </Link>
                )}
              </td>
              {tm.me.arbiter && (
                <td>
                  <ResultEditor key={`${round.number}-${b.number}`} tm={tm} round={round.number} board={b} act={act} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {round.byes.length > 0 && <p class="muted">{t("bye", { names: round.byes.map((n) => playerName(tm, n)).join(", ") })}</p>}
      {announcedByes(tm, round).map(([kind, names]) => (
        <p class="muted" key={kind} data-testid="announced" data-bye={kind}>
          {t("announcedByeLine", { kind: byeLabel(kind), names: names.join(", ") })}
        </p>
      ))}
      {tm.me.arbiter && round.number === tm.rounds.length && <PairByHand key={round.number} tm={tm} round={round} act={act} />}
    </div>
  );
}

function Standings({ tm }: { tm: Tournament }) {
  const { rows, tiebreaks } = tm.standings;
  if (rows.length === 0) return <p class="muted">{t("noPlayers")}</p>;
  const mms = rows.some((r) => r.mms);
  const rounds = Math.max(0, ...rows.map((r) => r.rounds.length));
  return (
    <div class="scroll">
      <table class="tour standings" data-testid="standings">
        <thead>
          <tr>
            <th>{t("rank")}</th>
            <th>{t("number")}</th>
            <th>{t("name")}</th>
            <th>{t("rating")}</th>
            <th>{t("grade")}</th>
            <th>{t("club")}</th>
            <th>{t("points")}</th>
            {mms && <th>MMS</th>}
            {tiebreaks.map((tb, i) => (
              <th key={tb} title={tb}>
                {tiebreakLabel(rows, tiebreaks, i)}
              </th>
            ))}
            {Array.from({ length: rounds }, (_, i) => (
              <th key={`r${i}`}>R{i + 1}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.number} data-player={r.number} class={tm.me.player === r.number ? "me" : ""}>
              <td>{r.rank}</td>
              <td>{r.number}</td>
              <td>
                <Link href={playerHref(tm.id, r.number)}>{r.name}</Link>
              </td>
              <td>{r.rating > 0 ? r.rating : ""}</td>
              <td>{r.grade ?? ""}</td>
              <td>{r.club}</td>
              <td class="score" data-testid="score">
                {r.score}
              </td>
              {mms && <td>{r.mms ?? ""}</td>}
              {tiebreaks.map((tb, i) => (
                <td key={tb} data-tiebreak={tb}>
                  {tiebreakValue(r, tb, i)}
                </td>
              ))}
              {Array.from({ length: rounds }, (_, i) => (
                <td key={`r${i}`}>{r.rounds[i] ?? ""}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
