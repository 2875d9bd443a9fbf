// "My tournament": what a tournament's player does himself (docs/protocol.md, "Tournaments";
// docs/web-tournaments.md), on the tournament's page and on his own card — a half-point or
// zero-point bye for the next round to pair (a full-point bye is the arbiters' to give) and
// taking it back, withdrawing (with a confirmation and an optional reason), and the result of
// his over-the-board game in the latest round, which both players report (the same result is
// entered; two that differ wait for the arbiters). A board with an online game links to it. The
// panel shows only to the player himself (`me.player`); the server checks every request, and
// its refusal is shown next to the action.
import { useState } from "preact/hooks";
import * as api from "../api";
import { Link } from "../app";
import { t, type Key } from "../i18n";
import {
  PLAYER_BYES,
  byeLabel,
  myLatestRound,
  myReport,
  nextRound,
  outcomeFor,
  playerName,
  resultFor,
  resultLabel,
  type Outcome,
} from "../tournament";
import type { BoardResult, Tournament, TournamentBoard, TournamentPlayer } from "../types";

/** Reloads the tournament after a change. */
export type Reload = () => Promise<unknown>;

/**
 * One action's request: while it runs, and its error (the server's message) until the next. Held
 * by a part that stays when the action's buttons go (a report refused because the board got its
 * result meanwhile still says why).
 */
function useAction(reload: Reload) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (f: () => Promise<unknown>) => {
    setBusy(true);
    return api.attempt(f, setError, () => (setBusy(false), reload()));
  };
  return { run, error, busy };
}

type Action = ReturnType<typeof useAction>;

function ActionError({ error, testid }: { error: string | null; testid: string }) {
  if (!error) return null;
  return (
    <span role="alert" class="error" data-testid={testid}>
      {t("error", { message: error })}
    </span>
  );
}

export function MyTournament({ tm, reload }: { tm: Tournament; reload: Reload }) {
  const withdrawing = useAction(reload);
  const me = tm.me.player;
  const p = me === null ? undefined : tm.players.find((x) => x.number === me);
  if (!p) return null;
  return (
    <section class="my-tournament" aria-label={t("myTournament")} data-testid="my-tournament" data-status={p.status}>
      <h2>{t("myTournament")}</h2>
      {p.status !== "active" ? (
        <p data-testid="my-status">
          {t(p.status === "withdrawn" ? "youWithdrew" : "youAreExcluded", { n: p.from_round ?? "" })}{" "}
          <ActionError error={withdrawing.error} testid="withdraw-error" />
        </p>
      ) : (
        <>
          <MyRound key={tm.rounds.length} tm={tm} me={p.number} reload={reload} />
          <MyBye tm={tm} player={p} reload={reload} />
          <Withdraw tm={tm} player={p} action={withdrawing} />
        </>
      )}
    </section>
  );
}

/** His bye for the next round to pair: take a half-point or a zero-point one, or take it back. */
function MyBye({ tm, player, reload }: { tm: Tournament; player: TournamentPlayer; reload: Reload }) {
  const { run, error, busy } = useAction(reload);
  const next = nextRound(tm);
  if (next === null) return null;
  const current = player.bye_next ?? null;
  const announce = (bye: (typeof PLAYER_BYES)[number] | null) => run(() => api.announceBye(tm.id, player.number, bye));
  return (
    <div class="my-bye" data-testid="my-bye" data-bye={current ?? ""}>
      <p data-testid="my-bye-line">{current ? t("myByeNext", { n: next, kind: byeLabel(current) }) : t("myByeNone", { n: next })}</p>
      {current === "full" ? (
        <p class="muted">{t("myByeFull")}</p>
      ) : (
        <p class="actions">
          {PLAYER_BYES.filter((b) => b !== current).map((b) => (
            <button type="button" key={b} data-testid={`bye-${b}`} disabled={busy} onClick={() => announce(b)}>
              {t(`takeBye_${b}` as Key)}
            </button>
          ))}
          {current && (
            <button type="button" data-testid="bye-none" disabled={busy} onClick={() => announce(null)}>
              {t("takeBackMyBye")}
            </button>
          )}
          <ActionError error={error} testid="bye-error" />
        </p>
      )}
    </div>
  );
}

/** Withdrawing from the next round to pair on: asked once more, with an optional reason. */
function Withdraw({ tm, player, action }: { tm: Tournament; player: TournamentPlayer; action: Action }) {
  const { run, error, busy } = action;
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const next = nextRound(tm);
  if (next === null) return null;
  if (!asking)
    return (
      <p class="actions">
        <button type="button" class="danger" data-testid="withdraw" onClick={() => setAsking(true)}>
          {t("withdrawMe")}
        </button>
      </p>
    );
  const submit = (e: Event) => {
    e.preventDefault();
    const why = reason.trim();
    // Once withdrawn the panel says so: this form is gone.
    run(() => api.withdrawPlayer(tm.id, player.number, why ? { reason: why } : {}));
  };
  return (
    <form class="form withdraw-confirm" aria-label={t("withdrawMe")} data-testid="withdraw-confirm" onSubmit={submit}>
      <p>{t("withdrawQuestion", { n: next })}</p>
      <label>
        {t("reasonOptional")}
        <input name="withdraw-reason" value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      </label>
      <p class="actions">
        <button type="submit" class="danger" data-testid="withdraw-yes" disabled={busy}>
          {t("withdrawYes")}
        </button>
        <button type="button" data-testid="withdraw-no" disabled={busy} onClick={() => setAsking(false)}>
          {t("withdrawNo")}
        </button>
        <ActionError error={error} testid="withdraw-error" />
      </p>
    </form>
  );
}

/** The latest round for him: his board (its game, its result or the reports), or his bye. */
function MyRound({ tm, me, reload }: { tm: Tournament; me: number; reload: Reload }) {
  const reporting = useAction(reload);
  const mine = myLatestRound(tm, me);
  if (!mine) return null;
  if (mine.kind === "bye")
    return (
      <p data-testid="my-round" data-kind="bye" data-round={mine.round}>
        {t("myPairingBye", { r: mine.round })}
      </p>
    );
  if (mine.kind === "announced")
    return (
      <p data-testid="my-round" data-kind="announced" data-round={mine.round} data-bye={mine.bye}>
        {t("myAnnouncedBye", { r: mine.round, kind: byeLabel(mine.bye) })}
      </p>
    );
  const b = mine.board;
  const first = b.first === me;
  const [firstMark, secondMark] = tm.game === "shogi" ? ["☗", "☖"] : ["●", "○"];
  const colour = first ? `${firstMark} ${t("firstMover")}` : `${secondMark} ${t("secondMover")}`;
  return (
    <div class="my-board" data-testid="my-round" data-kind="board" data-round={mine.round} data-board={b.number}>
      <p>{t("myBoardLine", { r: mine.round, b: b.number, colour, name: playerName(tm, first ? b.second : b.first) })}</p>
      {b.game !== null && (
        <p data-testid="my-game">
          <Link href={`/game/${b.game}`}>
            {t("openGame")} #{b.game}
          </Link>
        </p>
      )}
      {b.result !== null ? (
        <p data-testid="my-result" data-result={b.result}>
          {resultLine(b, me, b.result)}
        </p>
      ) : (
        b.game === null && <Report tm={tm} round={mine.round} board={b} me={me} action={reporting} />
      )}
      <ActionError error={reporting.error} testid="report-error" />
    </div>
  );
}

function resultLine(b: TournamentBoard, me: number, result: BoardResult) {
  const o = outcomeFor(b, me, result);
  return o === null ? t("myResult", { result: resultLabel(result) }) : t("myResultOutcome", { result: resultLabel(result), what: t(`outcome_${o}`) });
}

/** An over-the-board game's result as he reports it: "I won", "I lost", a draw where one stands. */
function Report({ tm, round, board, me, action }: { tm: Tournament; round: number; board: TournamentBoard; me: number; action: Action }) {
  const { run, busy } = action;
  const { state, mine, theirs } = myReport(board, me);
  const what = (r: BoardResult | null) => (r === null ? "" : t(`outcome_${outcomeFor(board, me, r) ?? "draw"}`));
  const line =
    state === "waiting"
      ? t("reportWaiting", { mine: what(mine) })
      : state === "opponent"
        ? t("reportOpponent", { theirs: what(theirs) })
        : state === "differ"
          ? t("reportDiffer", { mine: what(mine), theirs: what(theirs) })
          : t("reportNone");
  // A draw only where one stands (the server says: ufs-2016 outside a knockout).
  const outcomes: Outcome[] = tm.draws ? ["win", "loss", "draw"] : ["win", "loss"];
  return (
    <div class="my-report" data-testid="report" data-state={state} data-mine={mine ?? ""} data-theirs={theirs ?? ""}>
      <p data-testid="report-state" class={state === "differ" ? "warn" : ""}>
        {line}
      </p>
      <p class="actions">
        {outcomes.map((o) => {
          const r = resultFor(board, me, o);
          return (
            <button
              type="button"
              key={o}
              data-testid={`report-${o}`}
              data-result={r}
              aria-pressed={mine === r}
              disabled={busy || mine === r}
              onClick={() => run(() => api.reportResult(tm.id, round, board.number, r))}
            >
              {t(`report_${o}`)}
            </button>
          );
        })}
      </p>
    </div>
  );
}
