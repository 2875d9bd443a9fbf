// A game: board, hands, clocks with their phase, the move list, the acts a player has (resign,
// declaration, pass, dead stones), the arbiter's panel, record downloads. Everything shown comes
// from the server: GET /api/games/{id} for the record so far, then the WebSocket's events and
// states (src/feed.ts) as they come.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import * as api from "../api";
import { Link, useSession } from "../app";
import { clockFace, tcShort, type ClockFace } from "../clock";
import { browserFeed, type Feed } from "../feed";
import { t, type Key } from "../i18n";
import { moveLabel, parseSfen, type Kind } from "../shogi";
import { countAloud } from "../sound";
import type { Action, Answer, Countdown, GameDetail, GameView, Side } from "../types";
import { type MarkKind, type Marks, marksPayload, noMarks, stonesOf, toggleMark } from "../go";
import { GoBoard } from "./goboard";
import { ShogiBoard } from "./shogiboard";

interface LogLine {
  seq: number;
  t: number;
  actor: number | null;
  what: string;
  answer: Answer;
}

export function describeRefusal(a: Answer): string | null {
  if (a.verdict !== "refused") return null;
  const r = a.reason;
  const parts = [r.code.replace(/_/g, " ")];
  if (typeof r.detail === "string") parts.push(r.detail);
  if (typeof r.to_move === "string") parts.push(`(${t(r.to_move as Key)})`);
  if (typeof r.article === "string") parts.push(`— ${r.article}`);
  return parts.join(" ");
}

function summarize(ev: any): string {
  if (!ev || typeof ev !== "object") return String(ev);
  switch (ev.type) {
    case "move":
      return `move ${ev.move} (${ev.side})`;
    case "game":
      return `${ev.side ?? ""} ${JSON.stringify(ev.action)}`;
    case "decision":
      return `decision ${JSON.stringify(ev.decision)}`;
    case "arrive":
      return `arrive ${ev.side ?? ""}`;
    case "resign":
    case "claim":
      return `${ev.type} ${ev.side ?? ""} ${ev.claim ?? ""}`;
    default:
      return ev.type ?? JSON.stringify(ev);
  }
}

export function GamePage({ id }: { id: number }) {
  const { user, pieceStyle } = useSession();
  const [detail, setDetail] = useState<GameDetail | null>(null);
  const [view, setView] = useState<GameView | null>(null);
  const [countdown, setCountdown] = useState<Countdown | null>(null);
  const [connected, setConnected] = useState(true);
  const [message, setMessage] = useState<string | null>(null);
  const [log, setLog] = useState<LogLine[]>([]);
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(Date.now());
  const [promotion, setPromotion] = useState<{ base: string } | null>(null);
  const [notation, setNotation] = useState<"ja" | "western" | "usi">(pieceStyle === "western" ? "western" : "ja");
  const [replay, setReplay] = useState<number | null>(null);
  const [marks, setMarks] = useState<Marks>(noMarks());
  const [markKind, setMarkKind] = useState<MarkKind>("dead");
  const feed = useRef<Feed | null>(null);
  const loading = useRef(false);
  const again = useRef(false);
  const wasOpen = useRef(false);

  // One request at a time; a reload asked for meanwhile runs once the current one is done.
  const reload = async () => {
    if (loading.current) {
      again.current = true;
      return;
    }
    loading.current = true;
    try {
      do {
        again.current = false;
        const d = await api.getGame(id);
        setDetail(d);
        setView((v) => (v && v.ply > d.view.ply ? v : d.view));
        if (d.view.clock) setOffset(d.view.clock.at - Date.now());
      } while (again.current);
    } catch (e) {
      setMessage(api.errorMessage(e));
    } finally {
      loading.current = false;
    }
  };

  const listener = {
    event(seq: number, tm: number, event: unknown, answer: Answer) {
      setLog((l) => [...l.slice(-299), { seq, t: tm, actor: null, what: summarize(event), answer }]);
    },
    state(_seq: number, v: GameView, cd: Countdown | null) {
      setView(v);
      setCountdown(cd);
      if (v.clock) setOffset(v.clock.at - Date.now());
    },
  };

  useEffect(() => {
    reload();
    const f = browserFeed();
    feed.current = f;
    f.onStatus = setConnected;
    f.watch(id, listener);
    const tick = setInterval(() => setNow(Date.now()), 200);
    return () => {
      clearInterval(tick);
      f.close();
    };
  }, [id]);

  // The record (notation, players, status) follows the state: fetched again when the ply or
  // the outcome changes, and polled while the challenge waits for its opponent.
  useEffect(() => {
    if (!detail || !view) return;
    if (detail.moves.length !== view.ply || (!!view.outcome !== !!detail.outcome) || (view.outcome && detail.status === "live")) reload();
  }, [view?.ply, view?.outcome, detail?.moves.length]);
  useEffect(() => {
    if (detail?.status === "open") {
      // Watching a game that is not live gives its state once, no updates: watched again below.
      wasOpen.current = true;
      const h = setInterval(reload, 1000);
      return () => clearInterval(h);
    }
    // The challenge was accepted: the game is live now, watched from its start.
    if (detail?.status === "live" && wasOpen.current && feed.current) {
      wasOpen.current = false;
      feed.current.watch(id, listener);
    }
  }, [detail?.status]);
  useEffect(() => {
    const v = view;
    if (v?.position.game === "go" && v.position.dead_proposal)
      setMarks({ dead: new Set(v.position.dead_proposal[1]), seki: new Set(v.position.proposed_seki), neutral: new Set(v.position.proposed_neutral) });
  }, [JSON.stringify(view?.position.game === "go" ? [view.position.dead_proposal, view.position.proposed_seki, view.position.proposed_neutral] : null)]);

  const serverNow = now + offset;
  const mySide: Side | null = !user || !detail ? null : detail.players.black === user.name ? "black" : detail.players.white === user.name ? "white" : null;
  const isArbiter = !!user && !!detail && (user.role === "admin" || detail.arbiter === user.name);
  const tc = detail?.setup.time ?? null;
  // Once the game is over no clock runs, whatever the turn.
  const clockView = view?.clock && view.outcome ? { ...view.clock, running: null } : (view?.clock ?? null);
  const faces: Record<Side, ClockFace> = {
    black: clockFace(clockView, "black", tc?.black, serverNow),
    white: clockFace(clockView, "white", tc?.white, serverNow),
  };

  // The byo-yomi count, for the side whose clock runs.
  const lastCount = useRef<number | null>(null);
  const running = clockView?.running ?? null;
  const runningCount = running ? faces[running].countSeconds : null;
  useEffect(() => {
    if (runningCount !== null && runningCount !== lastCount.current && !view?.outcome) countAloud(runningCount);
    lastCount.current = runningCount;
  }, [runningCount]);

  const send = async (action: Action) => {
    setMessage(null);
    try {
      const r = feed.current && connected ? await feed.current.act(id, action) : await api.act(id, action);
      const refusal = describeRefusal(r.answer);
      if (refusal) setMessage(t("refused", { reason: refusal }));
    } catch (e) {
      setMessage(t("error", { message: api.errorMessage(e) }));
    }
  };

  const names = { black: detail?.players.black ?? "—", white: detail?.players.white ?? "—" };
  if (!detail || !view) return <main>{message && <p role="alert">{message}</p>}</main>;
  const over = !!view.outcome;
  const myTurn = !over && mySide === view.to_move && !view.clock?.paused;
  const pos = view.position;

  const onShogiMove = (from: string | null, drop: Kind | null, to: string) => {
    const base = drop ? `${drop}*${to}` : `${from}${to}`;
    const plain = view.legal_moves.includes(base);
    const promo = !drop && view.legal_moves.includes(`${base}+`);
    if (plain && promo) setPromotion({ base });
    else send({ kind: "move", move: promo ? `${base}+` : base });
  };

  const shogiBoard = () => {
    if (pos.game !== "shogi") return null;
    const shown = replay !== null && replay < detail.moves.length ? detail.moves[replay]?.sfen ?? pos.sfen : pos.sfen;
    const lastIdx = replay !== null ? replay - 1 : detail.moves.length - 1;
    return (
      <ShogiBoard
        board={parseSfen(shown)}
        legal={replay === null && myTurn ? view.legal_moves : []}
        mySide={replay === null && !over ? mySide : null}
        flipped={mySide === "white"}
        style={pieceStyle}
        lastMove={lastIdx >= 0 ? detail.moves[lastIdx]?.move ?? null : null}
        check={replay === null && pos.check}
        onMove={onShogiMove}
      />
    );
  };

  const goBoard = () => {
    if (pos.game !== "go") return null;
    // Replaying: the board the move was played on, as the server wrote it.
    const replayed = replay !== null && replay < detail.moves.length ? detail.moves[replay]?.board : undefined;
    const stones = replayed ? stonesOf(replayed, pos.size) : { black: pos.black, white: pos.white };
    const lastIdx = replayed ? replay! - 1 : detail.moves.length - 1;
    const marking = !replayed && pos.main_game_ended && !over;
    return (
      <GoBoard
        size={pos.size}
        black={stones.black}
        white={stones.white}
        toMove={view.to_move}
        legal={new Set(myTurn && !replayed ? view.legal_moves : [])}
        lastMove={lastIdx >= 0 ? detail.moves[lastIdx]?.move ?? null : null}
        marking={marking}
        dead={marking ? marks.dead : new Set()}
        proposed={new Set(replayed ? [] : pos.dead_proposal?.[1] ?? [])}
        seki={new Set(replayed ? [] : marking ? marks.seki : pos.score?.seki ?? [])}
        neutral={new Set(replayed ? [] : marking ? marks.neutral : pos.score?.neutral ?? [])}
        territory={pos.score && !replayed ? { black: pos.score.territory_black, white: pos.score.territory_white } : null}
        canPlay={myTurn && !replayed}
        onPoint={(pt) => {
          if (marking) setMarks(toggleMark(marks, markKind, pt, pos.black.includes(pt) || pos.white.includes(pt)));
          else if (mySide && !over) send({ kind: "move", move: pt });
        }}
      />
    );
  };

  const clock = (side: Side) => {
    const f = faces[side];
    const phase =
      f.phase.kind === "main"
        ? t("main")
        : f.phase.kind === "byo_yomi"
          ? t("byoPeriod", { n: f.phase.period, of: f.phase.of })
          : f.phase.kind === "canadian"
            ? t("canadianMoves", { moves: f.phase.movesLeft })
            : f.phase.kind === "fischer"
              ? t("fischerPhase")
              : f.phase.kind === "flag"
                ? t("flag")
                : t("untimed");
    return (
      <div
        class={`clock ${side} ${f.running ? "running" : ""} ${f.phase.kind === "flag" ? "flag" : ""} ${f.phase.kind === "byo_yomi" ? "byoyomi" : ""}`}
        data-clock={side}
        role="timer"
        aria-label={`${t(side)}: ${f.text}, ${phase}`}
      >
        <span class="clock-name">
          {detail.game === "go" ? (side === "black" ? "●" : "○") : side === "black" ? "☗" : "☖"} {names[side]} {mySide === side && "★"}
        </span>
        <span class="clock-time">{f.phase.kind === "untimed" ? "—" : f.text}</span>
        <span class="clock-phase" data-phase={f.phase.kind}>
          {phase}
          {view.clock?.paused && ` · ${t("paused")}`}
        </span>
      </div>
    );
  };

  const outcome = view.outcome;
  const sideName = (s: Side) => (detail.game === "shogi" ? t(s === "black" ? "sente" : "gote") : t(s));

  return (
    <main class="game" data-status={detail.status}>
      <h1 class="game-title">
        #{detail.id} · {t(detail.game)} · {detail.ruleset} ·{" "}
        {tc ? (tcShort(tc.black) === tcShort(tc.white) ? tcShort(tc.black) : `${tcShort(tc.black)} / ${tcShort(tc.white)}`) : t("untimed")}
        {detail.setup.board.game === "shogi" && detail.setup.board.handicap ? ` · ${detail.setup.board.handicap}` : ""}
      </h1>
      {!connected && <p class="warn" role="status">{t("disconnected")}</p>}
      {detail.status === "open" && <p class="waiting" role="status">{t("waiting")}</p>}
      <p class="muted">{mySide ? t("youPlay", { side: sideName(mySide) }) : t("spectator")}</p>
      <div class="game-grid">
        <div class="board-col">
          {clock(mySide === "white" ? "black" : "white")}
          {shogiBoard()}
          {goBoard()}
          {clock(mySide === "white" ? "white" : "black")}
        </div>
        <div class="side-col">
          {outcome && (
            <div class="result" data-testid="result" role="status">
              <strong>
                {t(`result_${outcome.result}` as Key, names)}
              </strong>{" "}
              — {t(`reason_${outcome.reason}` as Key)}
              {outcome.article && (
                <>
                  {" "}
                  · {t("article")} <span data-testid="article">{outcome.article}</span>
                </>
              )}
            </div>
          )}
          {!outcome && detail.status === "live" && (
            <p class="to-move" data-testid="to-move">
              {t("toMove", { side: sideName(view.to_move) })}
            </p>
          )}
          {message && (
            <p class="error" role="alert" data-testid="refusal">
              {message}
            </p>
          )}
          {countdown && !over && <CountdownBox c={countdown} now={serverNow} mySide={mySide} sideName={sideName} onClaim={async () => {
            try {
              const r = feed.current ? await feed.current.claimAbsent(id) : await api.claimAbsent(id);
              const refusal = describeRefusal(r.answer);
              if (refusal) setMessage(t("refused", { reason: refusal }));
            } catch (e) {
              setMessage(t("error", { message: api.errorMessage(e) }));
            }
          }} />}
          {mySide && !over && detail.status === "live" && (
            <div class="actions">
              {pos.game === "go" && !pos.main_game_ended && (
                <button type="button" onClick={() => send({ kind: "move", move: "pass" })} disabled={!myTurn}>
                  {t("pass")}
                </button>
              )}
              <button
                type="button"
                class="danger"
                onClick={() => {
                  if (confirm(t("confirmResign"))) send({ kind: "resign" });
                }}
              >
                {t("resign")}
              </button>
            </div>
          )}
          {pos.game === "go" && pos.main_game_ended && !over && (
            <div class="finishing" data-testid="finishing">
              <p>{t("finishing")}</p>
              {pos.dead_proposal && (
                <p data-testid="proposal">
                  {t("proposal", { side: t(pos.dead_proposal[0]), stones: pos.dead_proposal[1].join(" ") || t("noneDead") })}
                  {pos.proposed_seki.length > 0 && <> · {t("proposalSeki", { stones: pos.proposed_seki.join(" ") })}</>}
                  {pos.proposed_neutral.length > 0 && <> · {t("proposalNeutral", { points: pos.proposed_neutral.join(" ") })}</>}
                </p>
              )}
              {(mySide || isArbiter) && (
                <fieldset class="markkind" data-testid="mark-kind">
                  <legend>{t("markAs")}</legend>
                  {(["dead", "seki", "neutral"] as MarkKind[]).map((k) => (
                    <label key={k}>
                      <input type="radio" name="markkind" value={k} checked={markKind === k} onChange={() => setMarkKind(k)} />
                      {t(k === "dead" ? "markModeDead" : k === "seki" ? "markModeSeki" : "markModeNeutral")}
                    </label>
                  ))}
                </fieldset>
              )}
              {pos.disputed_by && <p class="warn">{t("disputed", { side: t(pos.disputed_by) })}</p>}
              {mySide && (
                <div class="actions">
                  <button type="button" onClick={() => send({ kind: "mark_dead", ...marksPayload(marks) })}>
                    {t("markDead")}
                  </button>
                  <button type="button" onClick={() => send({ kind: "agree" })}>
                    {t("agree")}
                  </button>
                  <button type="button" onClick={() => send({ kind: "dispute" })}>
                    {t("dispute")}
                  </button>
                </div>
              )}
              {isArbiter && (
                <button type="button" onClick={() => send({ kind: "rule_dead", ...marksPayload(marks) })}>
                  {t("ruleDead")}
                </button>
              )}
            </div>
          )}
          {pos.game === "go" && (
            <p class="muted">
              {t("captures")}: ● {pos.captures[0]} · ○ {pos.captures[1]}
            </p>
          )}
          {pos.game === "go" && pos.score && (
            <div class="count" data-testid="count">
              <strong>{t("count")}</strong>
              {(["black", "white"] as Side[]).map((s) => (
                <p key={s}>{t("countLine", { side: t(s), ...pos.score![s] })}</p>
              ))}
              {pos.score.seki.length > 0 && <p data-testid="count-seki">{t("countSeki", { stones: pos.score.seki.join(" ") })}</p>}
              {pos.score.neutral.length > 0 && <p data-testid="count-neutral">{t("countNeutral", { points: pos.score.neutral.join(" ") })}</p>}
            </div>
          )}
          {pos.game === "shogi" && (
            <div class="impasse">
              <p>
                {t("impassePoints")}: ☗ {pos.impasse_points[0]} · ☖ {pos.impasse_points[1]}
              </p>
              {/* A proposal waits for the opponent's agreement until a move withdraws it (ufs-2016 5.8.6; pl 5.4). */}
              {pos.impasse_proposed_by && !over && (
                <p class="warn" data-testid="impasse-proposal" data-by={pos.impasse_proposed_by}>
                  {pos.impasse_proposed_by === mySide
                    ? t("impasseWaiting")
                    : t(mySide ? "impasseOffered" : "impasseProposedBy", { side: t(pos.impasse_proposed_by) })}
                </p>
              )}
              {mySide && !over && detail.status === "live" && (
                <div class="actions">
                  {/* The impasse count by agreement (ufs-2016 5.8.6; pl 5.4): the server refuses it where the ruleset has none. */}
                  {!pos.impasse_proposed_by && (
                    <button type="button" data-testid="propose-impasse" onClick={() => send({ kind: "propose_impasse" })}>
                      {t("proposeImpasse")}
                    </button>
                  )}
                  {pos.impasse_proposed_by && pos.impasse_proposed_by !== mySide && (
                    <button type="button" data-testid="accept-impasse" onClick={() => send({ kind: "accept_impasse" })}>
                      {t("acceptImpasse")}
                    </button>
                  )}
                </div>
              )}
              {pos.declaration && (mySide === pos.declaration.side || !mySide) && (
                <details class="declaration" data-testid="declaration">
                  <summary>
                    {t("declaration")} ({pos.declaration.article}):{" "}
                    {pos.declaration.wins
                      ? t("declarationWins")
                      : t("declarationFails", {
                          cond: t(`cond_${pos.declaration.conditions.find((c) => !c.met)?.name ?? "points"}` as Key),
                        })}
                  </summary>
                  <ul>
                    {pos.declaration.conditions.map((c) => (
                      <li key={c.name} class={c.met ? "met" : "unmet"}>
                        {c.met ? "✓" : "✗"} {t(`cond_${c.name}` as Key)}
                        {c.name === "points" || c.name === "pieces_in_camp" ? ` ${c.found}/${c.required}` : ""}
                      </li>
                    ))}
                  </ul>
                  {myTurn && (
                    <button type="button" onClick={() => send({ kind: "declare" })}>
                      {t("declare")}
                    </button>
                  )}
                </details>
              )}
            </div>
          )}
          <MoveList detail={detail} notation={notation} setNotation={setNotation} replay={replay} setReplay={setReplay} />
          <p class="downloads">
            {t("download")}:{" "}
            {(detail.game === "shogi" ? ["kif", "csa", "ki2", "western", "usi"] : ["sgf"]).map((ext) => (
              <a key={ext} href={api.recordUrl(id, ext)} download={`shinpan-${id}.${ext}`} data-record={ext}>
                .{ext}{" "}
              </a>
            ))}
          </p>
          {isArbiter && <ArbiterPanel send={send} log={log} />}
          <p>
            <Link href="/">{t("back")}</Link>
          </p>
        </div>
      </div>
      {promotion && (
        <div class="modal" role="dialog" aria-modal="true" aria-label={t("promote")}>
          <p>{t("promote")}</p>
          <button
            type="button"
            autoFocus
            onClick={() => {
              send({ kind: "move", move: `${promotion.base}+` });
              setPromotion(null);
            }}
          >
            {t("promoteYes")}
          </button>
          <button
            type="button"
            onClick={() => {
              send({ kind: "move", move: promotion.base });
              setPromotion(null);
            }}
          >
            {t("promoteNo")}
          </button>
        </div>
      )}
    </main>
  );
}

function CountdownBox(p: { c: Countdown; now: number; mySide: Side | null; sideName(s: Side): string; onClaim(): void }) {
  const s = Math.max(0, Math.ceil((p.c.claimable_at - p.now) / 1000));
  return (
    <div class="countdown warn" role="status" data-testid="countdown">
      {s > 0 ? t("countdown", { side: p.sideName(p.c.side), s }) : t("countdownOver", { side: p.sideName(p.c.side) })}
      {p.mySide && p.mySide !== p.c.side && s === 0 && (
        <button type="button" onClick={p.onClaim}>
          {t("claimAbsent")}
        </button>
      )}
    </div>
  );
}

function MoveList(p: {
  detail: GameDetail;
  notation: "ja" | "western" | "usi";
  setNotation(n: "ja" | "western" | "usi"): void;
  replay: number | null;
  setReplay(n: number | null): void;
}) {
  const moves = p.detail.moves;
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (p.replay === null && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [moves.length]);
  const shogi = p.detail.game === "shogi";
  const at = p.replay ?? moves.length;
  const go = (n: number) => p.setReplay(n >= moves.length ? null : Math.max(0, n));
  const labels = useMemo(
    () => moves.map((m, i) => (shogi ? moveLabel(m, i, p.notation) : `${i + 1}. ${i % 2 ? "○" : "●"} ${m.move}`)),
    [moves, p.notation],
  );
  return (
    <div class="moves">
      <div class="moves-head">
        <strong>{t("moves")}</strong>
        {shogi && (
          <label>
            <span class="sr">{t("notation")}</span>
            <select aria-label={t("notation")} value={p.notation} onChange={(e) => p.setNotation(e.currentTarget.value as "ja" | "western" | "usi")}>
              <option value="ja">{t("japanese")}</option>
              <option value="western">{t("western")}</option>
              <option value="usi">{t("usi")}</option>
            </select>
          </label>
        )}
      </div>
      <ol ref={list} class="move-list" data-testid="moves">
        {labels.map((l, i) => (
          <li key={i} class={i === at - 1 ? "current" : ""}>
            {shogi ? (
              <button type="button" class="link" onClick={() => go(i + 1)}>
                {l}
              </button>
            ) : (
              l
            )}
          </li>
        ))}
      </ol>
      {moves.length > 0 && moves.every((m) => m.sfen || m.board) && (
        <div class="replay" aria-label={t("replay")}>
          <button type="button" onClick={() => go(0)} aria-label={t("first")}>«</button>
          <button type="button" onClick={() => go(at - 1)} aria-label={t("prev")}>◀</button>
          <span data-testid="replay-ply">{at}/{moves.length}</span>
          <button type="button" onClick={() => go(at + 1)} aria-label={t("next")}>▶</button>
          <button type="button" onClick={() => go(moves.length)} aria-label={t("last")}>»</button>
        </div>
      )}
    </div>
  );
}

function ArbiterPanel({ send, log }: { send(a: Action): void; log: LogLine[] }) {
  const [side, setSide] = useState<Side>("black");
  const [secs, setSecs] = useState(30);
  const [result, setResult] = useState("black_win");
  const [article, setArticle] = useState("");
  return (
    <section class="arbiter" aria-label={t("arbiter")}>
      <h2>{t("arbiter")}</h2>
      <div class="actions">
        <button type="button" onClick={() => send({ kind: "pause" })}>{t("pause")}</button>
        <button type="button" onClick={() => send({ kind: "resume" })}>{t("resume")}</button>
      </div>
      <div class="form inline">
        <label>
          {t("side")}
          <select value={side} onChange={(e) => setSide(e.currentTarget.value as Side)}>
            <option value="black">{t("black")}</option>
            <option value="white">{t("white")}</option>
          </select>
        </label>
        <label>
          {t("seconds")}
          <input type="number" value={secs} onInput={(e) => setSecs(Number(e.currentTarget.value))} />
        </label>
        <button type="button" onClick={() => send({ kind: "decide", decision: { kind: "adjust_time", side, ms: secs * 1000 } })}>
          {t("adjustTime")}
        </button>
        <button
          type="button"
          onClick={() => send({ kind: "decide", decision: { kind: "penalty", side, penalty: "time_to_opponent", ms: Math.abs(secs) * 1000 } })}
        >
          {t("penalty")}
        </button>
      </div>
      <div class="form inline">
        <label>
          {t("result")}
          <select value={result} onChange={(e) => setResult(e.currentTarget.value)}>
            {["black_win", "white_win", "draw", "no_result"].map((r) => (
              <option key={r} value={r}>{t(`result_${r}` as Key, { black: t("black"), white: t("white") })}</option>
            ))}
          </select>
        </label>
        <label>
          {t("article")}
          <input value={article} onInput={(e) => setArticle(e.currentTarget.value)} />
        </label>
        <button
          type="button"
          onClick={() => send({ kind: "decide", decision: { kind: "result", result, reason: "arbiter_decision", article } })}
        >
          {t("decide")}
        </button>
      </div>
      <h3>{t("auditLog")}</h3>
      <table class="log">
        <thead>
          <tr>
            <th>#</th>
            <th>{t("event")}</th>
            <th></th>
          </tr>
        </thead>
        <tbody>
          {log.map((l) => (
            <tr key={l.seq}>
              <td>{l.seq}</td>
              <td>
                {new Date(l.t).toISOString().slice(11, 19)} {l.what}
              </td>
              <td>{describeRefusal(l.answer) ?? "✓"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
