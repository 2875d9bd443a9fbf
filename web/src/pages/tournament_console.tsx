// The arbiter's side of a tournament's page: a result per board (a correction needs a reason),
// pairing the next round, starting a round's online games, registering and withdrawing players,
// adding an arbiter, and the audit log. The server checks every one of these; the page only
// shows them to the tournament's arbiters (`me.arbiter`).
import { useEffect, useState } from "preact/hooks";
import * as api from "../api";
import { t } from "../i18n";
import { RESULTS, canRate, isCorrection, lastRoundOpen, nextRound, resultLabel } from "../tournament";
import type { AuditEntry, BoardResult, NewPlayer, Tournament, TournamentBoard } from "../types";
import type { Act } from "./tournament";

export function ResultEditor({ tm, round, board, act }: { tm: Tournament; round: number; board: TournamentBoard; act: Act }) {
  // Untouched, the select follows the server's result (an online game may end meanwhile).
  const [choice, setChoice] = useState<BoardResult | null>(null);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const value = choice ?? board.result;
  const correction = value !== null && isCorrection(board.result, value);
  const save = async (e: Event) => {
    e.preventDefault();
    setProblem(null);
    if (value === null) return;
    if (correction && !reason.trim()) {
      setProblem(t("reasonRequired"));
      return;
    }
    const ok = await act(() => api.enterResult(tm.id, round, board.number, { result: value, ...(correction ? { reason: reason.trim() } : {}) }));
    if (ok) {
      setChoice(null);
      setReason("");
    }
  };
  const id = `${round}-${board.number}`;
  return (
    <form class="form inline result-editor" onSubmit={save} aria-label={`${t("result")} ${id}`}>
      <select
        name={`result-${id}`}
        aria-label={t("result")}
        value={value ?? ""}
        onChange={(e) => {
          const v = e.currentTarget.value;
          setChoice(v === "" ? null : (v as BoardResult));
          setProblem(null);
        }}
      >
        {board.result === null && <option value="">{resultLabel(null)}</option>}
        {RESULTS.map((r) => (
          <option value={r} key={r}>
            {resultLabel(r)}
          </option>
        ))}
      </select>
      {board.result !== null && (
        <input
          name={`reason-${id}`}
          aria-label={t("reason")}
          placeholder={t("reason")}
          aria-required={correction}
          value={reason}
          onInput={(e) => setReason(e.currentTarget.value)}
        />
      )}
      <button type="submit" disabled={value === null || value === board.result}>
        {t("saveResult")}
      </button>
      {problem && (
        <span role="alert" class="error">
          {problem}
        </span>
      )}
    </form>
  );
}

/** A round's online games: each board without a result nor a game whose players have accounts. */
export function StartGames({ tm, round, act }: { tm: Tournament; round: number; act: Act }) {
  const [started, setStarted] = useState<number | null>(null);
  return (
    <span class="start-games">
      <button
        type="button"
        onClick={() =>
          act(async () => {
            const r = await api.startRoundGames(tm.id, round);
            setStarted(r.started.length);
          })
        }
      >
        {t("startGames")}
      </button>
      {started !== null && (
        <span role="status" class="muted">
          {" "}
          {t("gamesStarted", { n: started })}
        </span>
      )}
    </span>
  );
}

/** Pair the next round (the server refuses while the last has boards without a result). */
export function RoundActions({ tm, act }: { tm: Tournament; act: Act }) {
  const next = nextRound(tm);
  if (next === null) return <p class="muted">{t("allRoundsPaired")}</p>;
  return (
    <p class="actions">
      <button type="button" data-testid="pair-round" onClick={() => act(() => api.pairRound(tm.id))} title={lastRoundOpen(tm) > 0 ? t("boardsOpen", { n: lastRoundOpen(tm) }) : undefined}>
        {t("pairRound", { n: next })}
      </button>
    </p>
  );
}

/** After the last round of a rated shogi tournament: publish the new FESA rating list. */
function RateTournament({ tm, act }: { tm: Tournament; act: Act }) {
  const [rated, setRated] = useState<number | null>(null);
  if (!canRate(tm)) return null;
  return (
    <p class="actions">
      <button
        type="button"
        data-testid="rate"
        disabled={rated !== null}
        onClick={() =>
          act(async () => {
            const list = await api.rateTournament(tm.id);
            setRated(list.length);
          })
        }
      >
        {t("rateTournament")}
      </button>
      {rated !== null && (
        <span role="status" class="muted" data-testid="rated">
          {" "}
          {t("ratingPublished", { n: rated })}
        </span>
      )}
    </p>
  );
}

export function ArbiterConsole({ tm, act, version }: { tm: Tournament; act: Act; version: number }) {
  return (
    <section class="arbiter" aria-label={t("arbiterConsole")} data-testid="arbiter-console">
      <h2>{t("arbiterConsole")}</h2>
      <RateTournament tm={tm} act={act} />
      <RegisterPlayer tm={tm} act={act} />
      <AddArbiter tm={tm} act={act} />
      <Audit tm={tm} version={version} />
    </section>
  );
}

function RegisterPlayer({ tm, act }: { tm: Tournament; act: Act }) {
  const empty = { name: "", rating: "", grade: "", club: "", account: "" };
  const [f, setF] = useState(empty);
  const field = (k: keyof typeof empty, label: string, placeholder?: string) => (
    <label>
      {label}
      <input name={`p-${k}`} placeholder={placeholder} value={f[k]} onInput={(e) => setF({ ...f, [k]: e.currentTarget.value })} />
    </label>
  );
  const submit = async (e: Event) => {
    e.preventDefault();
    const body: NewPlayer = {};
    if (f.name.trim()) body.name = f.name.trim();
    if (f.rating.trim()) body.rating = Number(f.rating);
    if (f.grade.trim()) body.grade = f.grade.trim();
    if (f.club.trim()) body.club = f.club.trim();
    if (f.account.trim()) body.account = f.account.trim();
    if (await act(() => api.registerPlayer(tm.id, body))) setF(empty);
  };
  return (
    <form class="form inline" onSubmit={submit} aria-label={t("registerPlayer")}>
      <strong>{t("registerPlayer")}</strong>
      {field("name", t("name"))}
      <label>
        {t("rating")}
        <input name="p-rating" type="number" min="0" value={f.rating} onInput={(e) => setF({ ...f, rating: e.currentTarget.value })} />
      </label>
      {field("grade", t("grade"), "1d, 3k")}
      {field("club", t("club"))}
      {field("account", t("accountOptional"))}
      <button type="submit">{t("registerPlayer")}</button>
    </form>
  );
}

function AddArbiter({ tm, act }: { tm: Tournament; act: Act }) {
  const [name, setName] = useState("");
  return (
    <form
      class="form inline"
      aria-label={t("addArbiter")}
      onSubmit={async (e) => {
        e.preventDefault();
        if (name.trim() && (await act(() => api.addTournamentArbiter(tm.id, name.trim())))) setName("");
      }}
    >
      <label>
        {t("name")}
        <input name="arbiter-name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <button type="submit">{t("addArbiter")}</button>
    </form>
  );
}

function Audit({ tm, version }: { tm: Tournament; version: number }) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.tournamentAudit(tm.id).then(
      (x) => {
        if (!live) return;
        setEntries(x);
        setError(null);
      },
      (e) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
    // Asked again after every change of the page's, and when a poll brings a new state.
  }, [tm.id, version, JSON.stringify(tm.rounds), tm.players.length]);
  return (
    <div>
      <h3>{t("auditLog")}</h3>
      {error && (
        <p role="alert" class="error">
          {t("error", { message: error })}
        </p>
      )}
      {entries && (
        <table class="log" data-testid="audit">
          <thead>
            <tr>
              <th>#</th>
              <th>{t("when")}</th>
              <th>{t("actor")}</th>
              <th>{t("action")}</th>
              <th>{t("detail")}</th>
              <th>{t("reason")}</th>
            </tr>
          </thead>
          <tbody>
            {[...entries].reverse().map((a) => (
              <tr key={a.seq}>
                <td>{a.seq}</td>
                <td>{new Date(a.t_ms).toISOString().replace("T", " ").slice(0, 19)}</td>
                <td>{a.actor ?? t("server")}</td>
                <td>{a.action}</td>
                <td>{typeof a.detail === "string" ? a.detail : a.detail == null ? "" : JSON.stringify(a.detail)}</td>
                <td>{a.reason ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
