// The arbiter's side of a tournament's page: a result per board (a correction needs a reason),
// pairing the next round, the last round paired by hand (with a reason), starting a round's
// online games, the live boards with their clocks, byes announced for the next round, players
// who must never meet, registering, correcting and withdrawing players, adding an arbiter, and
// the audit log. The server checks every one of these; the page only
// shows them to the tournament's arbiters (`me.arbiter`).
import { useEffect, useMemo, useState } from "preact/hooks";
import * as api from "../api";
import { Link } from "../app";
import { clockFace } from "../clock";
import { t } from "../i18n";
import {
  BYES,
  RESULTS,
  byeLabel,
  canEditPairing,
  canRate,
  draftOf,
  draftProblem,
  isCorrection,
  lastRoundOpen,
  nextRound,
  pairsText,
  parseNumbers,
  playerName,
  waitingForArbiters,
  resultLabel,
  roundPlayers,
  type PairingDraft,
} from "../tournament";
import type { AnnouncedBye, AuditEntry, BoardLive, BoardResult, HandPairing, NewPlayer, PlayerEdit, RoundDraft, Side, Tournament, TournamentBoard, TournamentRound } from "../types";
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

/**
 * Pair the next round (the server refuses while the last has boards without a result): at
 * once, or as a draft the arbiters look over, change by hand, and publish.
 */
export function RoundActions({ tm, act }: { tm: Tournament; act: Act }) {
  const next = nextRound(tm);
  if (next === null) return <p class="muted">{t("allRoundsPaired")}</p>;
  const open = lastRoundOpen(tm) > 0 ? t("boardsOpen", { n: lastRoundOpen(tm) }) : undefined;
  return (
    <>
      <p class="actions">
        <button type="button" data-testid="pair-round" onClick={() => act(() => api.pairRound(tm.id))} title={open}>
          {t("pairRound", { n: next })}
        </button>{" "}
        <button type="button" data-testid="draft-round" onClick={() => act(() => api.pairRound(tm.id, { draft: true }))} title={open}>
          {t("draftRound", { n: next })}
        </button>
      </p>
      {tm.draft && <DraftRound tm={tm} draft={tm.draft} act={act} />}
    </>
  );
}

/** The next round as drafted: its boards, publish, discard, or change it by hand. */
function DraftRound({ tm, draft, act }: { tm: Tournament; draft: RoundDraft; act: Act }) {
  const [first, second] = tm.game === "shogi" ? ["☗", "☖"] : ["●", "○"];
  return (
    <div class="round draft" data-testid="draft" data-draft-round={draft.round}>
      <h3>{t("draftOfRound", { n: draft.round })}</h3>
      {draft.stale && (
        <p role="alert" class="error" data-testid="draft-stale">
          {t("draftStale")}
        </p>
      )}
      <table class="tour pairings">
        <thead>
          <tr>
            <th>{t("board")}</th>
            <th>{first}</th>
            <th>{second}</th>
          </tr>
        </thead>
        <tbody>
          {draft.boards.map((b) => (
            <tr key={b.number} data-board={b.number} data-first={b.first} data-second={b.second}>
              <td>
                {b.number}
                {b.handicap && b.handicap !== "even" ? <span class="muted"> ({b.handicap})</span> : null}
              </td>
              <td>{playerName(tm, b.first)}</td>
              <td>{playerName(tm, b.second)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {draft.byes.length > 0 && <p class="muted">{t("bye", { names: draft.byes.map((n) => playerName(tm, n)).join(", ") })}</p>}
      <p class="actions">
        <button type="button" data-testid="publish-draft" disabled={draft.stale} onClick={() => act(() => api.publishDraft(tm.id, draft.round))}>
          {t("publishDraft", { n: draft.round })}
        </button>{" "}
        <button type="button" data-testid="discard-draft" onClick={() => act(() => api.discardDraft(tm.id, draft.round))}>
          {t("discardDraft")}
        </button>
      </p>
      {!draft.stale && <PairByHand key={`draft-${draft.round}`} tm={tm} round={{ number: draft.round, boards: draft.boards, byes: draft.byes }} draft act={act} />}
    </div>
  );
}

/** After the last round of a rated shogi tournament: publish the new FESA rating list, once. */
function RateTournament({ tm, act }: { tm: Tournament; act: Act }) {
  const [rated, setRated] = useState<number | null>(null);
  // Once the results are in the published list (`rated_list`) the button goes; what this
  // page's click published stays said.
  const offer = canRate(tm);
  if (!offer && rated === null) return null;
  return (
    <p class="actions">
      {offer && (
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
      )}
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
      <Waiting tm={tm} />
      <LiveBoards tm={tm} />
      <RateTournament tm={tm} act={act} />
      <AnnounceBye tm={tm} act={act} />
      <Forbid tm={tm} act={act} />
      <RegisterPlayer tm={tm} act={act} />
      <EditPlayer tm={tm} act={act} />
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
      (e) => live && setError(api.errorMessage(e)),
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

/** A select of the tournament's players, `#n name`. */
function PlayerSelect({ tm, name, value, onChange, only, label }: { tm: Tournament; name: string; value: number | ""; onChange: (n: number | "") => void; only?: readonly number[]; label: string }) {
  const players = only ? [...only].sort((a, b) => a - b) : tm.players.map((p) => p.number);
  return (
    <select name={name} aria-label={label} value={value === "" ? "" : String(value)} onChange={(e) => onChange(e.currentTarget.value === "" ? "" : Number(e.currentTarget.value))}>
      {!only && <option value="">—</option>}
      {players.map((n) => (
        <option value={String(n)} key={n}>
          {n}. {playerName(tm, n)}
        </option>
      ))}
    </select>
  );
}

/** A bye for the next round to pair, announced for a player (half, zero, full) or taken back. */
function AnnounceBye({ tm, act }: { tm: Tournament; act: Act }) {
  const [player, setPlayer] = useState<number | "">("");
  const [bye, setBye] = useState<AnnouncedBye | "">("half");
  const [reason, setReason] = useState("");
  if (nextRound(tm) === null) return null;
  const submit = async (e: Event) => {
    e.preventDefault();
    if (player === "") return;
    if (await act(() => api.announceBye(tm.id, player, bye === "" ? null : bye, reason.trim() || undefined))) {
      setPlayer("");
      setReason("");
    }
  };
  return (
    <form class="form inline" onSubmit={submit} aria-label={t("announceBye")}>
      <strong>{t("announceBye")}</strong>
      <label>
        {t("player")}
        <PlayerSelect tm={tm} name="bye-player" value={player} onChange={setPlayer} label={t("player")} />
      </label>
      <label>
        {t("byeNext")}
        <select name="bye-kind" value={bye} onChange={(e) => setBye(e.currentTarget.value as AnnouncedBye | "")}>
          {BYES.map((b) => (
            <option value={b} key={b}>
              {byeLabel(b)}
            </option>
          ))}
          <option value="">{t("takeBackBye")}</option>
        </select>
      </label>
      <label>
        {t("reasonOptional")}
        <input name="bye-reason" value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      </label>
      <button type="submit" disabled={player === ""}>
        {t("announce")}
      </button>
    </form>
  );
}

/** Players who must never meet (TRF `XXP`): two or more pairing numbers and a reason. */
function Forbid({ tm, act }: { tm: Tournament; act: Act }) {
  const [numbers, setNumbers] = useState("");
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    setDone(null);
    const players = parseNumbers(numbers);
    if (players.length < 2) {
      setProblem(t("forbidNeedsTwo"));
      return;
    }
    setProblem(null);
    if (await act(() => api.forbidPlayers(tm.id, players, reason.trim() || undefined))) {
      setDone(players.join(", "));
      setNumbers("");
      setReason("");
    }
  };
  return (
    <form class="form inline" onSubmit={submit} aria-label={t("forbidPairs")}>
      <strong>{t("forbidPairs")}</strong>
      <label>
        {t("pairingNumbers")}
        <input name="forbid-players" placeholder="1, 4" value={numbers} onInput={(e) => setNumbers(e.currentTarget.value)} />
      </label>
      <label>
        {t("reasonOptional")}
        <input name="forbid-reason" value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      </label>
      <button type="submit">{t("forbid")}</button>
      {problem && (
        <span role="alert" class="error">
          {problem}
        </span>
      )}
      {done && (
        <span role="status" class="muted" data-testid="forbidden">
          {t("forbidden", { n: done })}
        </span>
      )}
    </form>
  );
}

/** A player's details corrected: what differs from his row is sent, with the reason. */
function EditPlayer({ tm, act }: { tm: Tournament; act: Act }) {
  const empty = { name: "", rating: "", grade: "", club: "", federation: "", reason: "" };
  const [player, setPlayer] = useState<number | "">("");
  const [f, setF] = useState(empty);
  const pick = (n: number | "") => {
    setPlayer(n);
    const p = tm.players.find((x) => x.number === n);
    setF(p ? { name: p.name, rating: p.rating > 0 ? String(p.rating) : "", grade: p.grade ?? "", club: p.club, federation: p.federation, reason: "" } : empty);
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    const p = tm.players.find((x) => x.number === player);
    if (!p) return;
    const body: PlayerEdit = {};
    if (f.name.trim() && f.name.trim() !== p.name) body.name = f.name.trim();
    if (f.rating.trim() !== (p.rating > 0 ? String(p.rating) : "")) body.rating = Number(f.rating.trim() || 0);
    // A grade is corrected, not taken away (the server reads a grade, never an empty one).
    if (f.grade.trim() && f.grade.trim() !== (p.grade ?? "")) body.grade = f.grade.trim();
    if (f.club.trim() !== p.club) body.club = f.club.trim();
    if (f.federation.trim() !== p.federation) body.federation = f.federation.trim();
    if (f.reason.trim()) body.reason = f.reason.trim();
    if (await act(() => api.editPlayer(tm.id, p.number, body))) pick("");
  };
  const field = (k: keyof typeof empty, label: string, numeric = false) => (
    <label>
      {label}
      <input name={`e-${k}`} inputMode={numeric ? "numeric" : undefined} value={f[k]} disabled={player === ""} onInput={(e) => setF({ ...f, [k]: e.currentTarget.value })} />
    </label>
  );
  return (
    <form class="form inline" onSubmit={submit} aria-label={t("editPlayer")}>
      <strong>{t("editPlayer")}</strong>
      <label>
        {t("player")}
        <PlayerSelect tm={tm} name="e-player" value={player} onChange={pick} label={t("player")} />
      </label>
      {field("name", t("name"))}
      {field("rating", t("rating"), true)}
      {field("grade", t("grade"))}
      {field("club", t("club"))}
      {field("federation", t("federation"))}
      {field("reason", t("reasonOptional"))}
      <button type="submit" disabled={player === ""}>
        {t("saveDetails")}
      </button>
    </form>
  );
}

/**
 * The last round paired by hand: "Edit pairing" opens a select per board for its first and
 * second mover and one per bye, over the players the round placed; the reason is required.
 * The server's answer names the pairs the system would have made instead.
 */
export function PairByHand({
  tm,
  round,
  draft: drafted = false,
  act,
}: {
  tm: Tournament;
  round: Pick<TournamentRound, "number" | "byes"> & { boards: Pick<TournamentBoard, "first" | "second">[] };
  /** The round is the arbiters' draft (nothing played on it yet). */
  draft?: boolean;
  act: Act;
}) {
  const [draft, setDraft] = useState<PairingDraft | null>(null);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<HandPairing | null>(null);
  const editable = drafted || canEditPairing(tm, round as TournamentRound);
  const players = roundPlayers(round);
  const shown = answer && answer.round === round.number && answer.system_pairs.length > 0 && (
    <p role="status" class="muted" data-testid="system-pairs">
      {t("systemPairs", { pairs: pairsText(answer.system_pairs) })}
    </p>
  );
  if (!draft)
    return (
      <div class="pair-by-hand">
        {editable && (
          <button type="button" data-testid="edit-pairing" onClick={() => (setDraft(draftOf(round)), setProblem(null))}>
            {t("editPairing")}
          </button>
        )}
        {shown}
      </div>
    );
  const setBoard = (i: number, side: 0 | 1, n: number) =>
    setDraft({ ...draft, boards: draft.boards.map((b, j) => (j === i ? ((side === 0 ? [n, b[1]] : [b[0], n]) as [number, number]) : b)) });
  const submit = async (e: Event) => {
    e.preventDefault();
    const wrong = draftProblem(draft, players);
    if (wrong) return setProblem(wrong);
    if (!reason.trim()) return setProblem(t("pairingReasonRequired"));
    setProblem(null);
    let got: HandPairing | null = null;
    const ok = await act(async () => {
      got = await api.pairByHand(tm.id, round.number, { boards: draft.boards, byes: draft.byes, reason: reason.trim() });
    });
    if (ok) {
      setAnswer(got);
      setDraft(null);
      setReason("");
    }
  };
  return (
    <form class="form pairing-editor" onSubmit={submit} aria-label={`${t("editPairing")} ${round.number}`}>
      <table class="tour">
        <thead>
          <tr>
            <th>{t("board")}</th>
            <th>{t("firstMover")}</th>
            <th>{t("secondMover")}</th>
          </tr>
        </thead>
        <tbody>
          {draft.boards.map(([a, b], i) => (
            <tr key={i} data-edit-board={i + 1}>
              <td>{i + 1}</td>
              <td>
                <PlayerSelect tm={tm} name={`first-${i + 1}`} label={`${t("board")} ${i + 1} ${t("firstMover")}`} value={a} only={players} onChange={(n) => n !== "" && setBoard(i, 0, n)} />
              </td>
              <td>
                <PlayerSelect tm={tm} name={`second-${i + 1}`} label={`${t("board")} ${i + 1} ${t("secondMover")}`} value={b} only={players} onChange={(n) => n !== "" && setBoard(i, 1, n)} />
              </td>
            </tr>
          ))}
          {draft.byes.map((n, i) => (
            <tr key={`bye${i}`}>
              <td>{t("pairingBye")}</td>
              <td colSpan={2}>
                <PlayerSelect
                  tm={tm}
                  name={`bye-${i + 1}`}
                  label={t("pairingBye")}
                  value={n}
                  only={players}
                  onChange={(m) => m !== "" && setDraft({ ...draft, byes: draft.byes.map((x, j) => (j === i ? m : x)) })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <label>
        {t("reason")}
        <input name="pairing-reason" aria-required="true" value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      </label>
      <button type="submit">{t("savePairing")}</button>{" "}
      <button type="button" onClick={() => setDraft(null)}>
        {t("closeEditor")}
      </button>
      {problem && (
        <span role="alert" class="error">
          {problem}
        </span>
      )}
    </form>
  );
}

/** The boards that wait for a decision: a dispute to rule on, a result to enter. */
function Waiting({ tm }: { tm: Tournament }) {
  const waiting = waitingForArbiters(tm);
  if (waiting.length === 0) return null;
  return (
    <div data-testid="waiting">
      <h3>{t("waitingForYou", { n: waiting.length })}</h3>
      <ul>
        {waiting.map(({ round, board, why }) => (
          <li key={`${round}-${board.number}`} data-round-board={`${round}-${board.number}`} data-why={why}>
            {t("roundBoard", { r: round, b: board.number })}: {playerName(tm, board.first)} – {playerName(tm, board.second)} —{" "}
            {why === "dispute" ? t("waitingDispute") : why === "no_result" ? t("waitingNoResult") : t("waitingReports", { a: board.reports![0].result, b: board.reports![1].result })}
            {board.game !== null && (
              <>
                {" "}
                <Link href={`/game/${board.game}`}>#{board.game}</Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The boards whose game is live, every round's: clocks, who moves, a dispute to rule on. */
function LiveBoards({ tm }: { tm: Tournament }) {
  const live = tm.rounds.flatMap((r) => r.boards.filter((b) => b.live).map((b) => ({ round: r.number, board: b, live: b.live! })));
  return (
    <div>
      <h3>{t("liveBoards")}</h3>
      {live.length === 0 ? (
        <p class="muted">{t("noLiveBoards")}</p>
      ) : (
        <table class="tour live-boards" data-testid="live-boards">
          <tbody>
            {live.map(({ round, board, live }) => (
              <LiveBoard key={`${round}-${board.number}`} tm={tm} round={round} board={board} live={live} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function LiveBoard({ tm, round, board, live }: { tm: Tournament; round: number; board: TournamentBoard; live: BoardLive }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const h = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(h);
  }, []);
  // The server's time base: its clock's `at` against this browser's clock when the view came.
  const offset = useMemo(() => (live.clock ? live.clock.at - Date.now() : 0), [live.clock?.at]);
  const marks: Record<Side, string> = tm.game === "shogi" ? { black: "☗", white: "☖" } : { black: "●", white: "○" };
  const side = (s: Side, n: number) => {
    const f = clockFace(live.clock, s, tm.time ?? undefined, now + offset);
    return (
      <td class={`live-clock ${f.running ? "running" : ""}`} data-clock={s}>
        {marks[s]} {playerName(tm, n)} <span class="live-time">{tm.time ? f.text : "—"}</span>
      </td>
    );
  };
  return (
    <tr data-live-board={`${round}-${board.number}`}>
      <td>
        {t("roundN", { n: round })} · {t("board")} {board.number}
      </td>
      {side("black", board.first)}
      {side("white", board.second)}
      <td data-testid="live-state">
        {t("toMove", { side: marks[live.to_move] })} · {t("movesPlayed", { n: live.ply })}
        {live.clock?.paused ? ` · ${t("paused")}` : ""}
        {live.disputed_by && (
          <span class="badge warn" data-testid="dispute">
            {" "}
            {t("disputeWaits")}
          </span>
        )}
      </td>
      <td>{board.game !== null && <Link href={`/game/${board.game}`}>{t("openGame")} #{board.game}</Link>}</td>
    </tr>
  );
}
