import { useEffect, useState } from "preact/hooks";
import * as api from "../api";
import { Link, navigate, useSession } from "../app";
import { tcShort } from "../clock";
import { t } from "../i18n";
import type { EngineInfo, GameSummary, Overtime, TimeControl } from "../types";

export const HANDICAPS = [
  "lance", "right-lance", "bishop", "rook", "rook-lance", "two-pieces", "three-pieces", "four-pieces",
  "five-pieces", "left-five-pieces", "six-pieces", "left-seven-pieces", "right-seven-pieces", "eight-pieces", "ten-pieces",
];

export function usePolled<T>(load: () => Promise<T>, ms: number, deps: unknown[] = []): T | null {
  const [v, setV] = useState<T | null>(null);
  useEffect(() => {
    let live = true;
    const tick = () => load().then((x) => live && setV(x)).catch(() => {});
    tick();
    const h = setInterval(tick, ms);
    return () => {
      live = false;
      clearInterval(h);
    };
  }, deps);
  return v;
}

export function GameTable({ games, action }: { games: GameSummary[] | null; action?: (g: GameSummary) => preact.ComponentChildren }) {
  if (!games) return null;
  if (games.length === 0) return <p class="muted">{t("noGames")}</p>;
  return (
    <table class="games">
      <thead>
        <tr>
          <th>#</th>
          <th>{t("game")}</th>
          <th>{t("ruleset")}</th>
          <th>{t("timeControl")}</th>
          <th>{t("players")}</th>
          <th></th>
        </tr>
      </thead>
      <tbody>
        {games.map((g) => (
          <tr key={g.id} data-game={g.id}>
            <td>{g.id}</td>
            <td>{t(g.game)}</td>
            <td>{g.ruleset}</td>
            <td>
              {g.time ? (tcShort(g.time.black) === tcShort(g.time.white) ? tcShort(g.time.black) : `${tcShort(g.time.black)} / ${tcShort(g.time.white)}`) : t("untimed")}
            </td>
            <td>
              ☗ {g.players.black ?? "—"} · ☖ {g.players.white ?? "—"}
            </td>
            <td>{action ? action(g) : <Link href={`/game/${g.id}`}>{t("open")}</Link>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Lobby() {
  const { user } = useSession();
  const [error, setError] = useState<string | null>(null);
  const open = usePolled(() => api.listGames("open"), 2000);
  const live = usePolled(() => api.listGames("live"), 4000);
  const engines = usePolled(() => api.listEngines(), 60000);
  return (
    <main class="lobby">
      <section>
        <h2>{t("openChallenges")}</h2>
        <GameTable
          games={open}
          action={(g) =>
            user && (g.players.black === user.name || g.players.white === user.name) ? (
              <Link href={`/game/${g.id}`}>{t("open")}</Link>
            ) : (
              <button
                type="button"
                disabled={!user}
                onClick={async () => {
                  try {
                    await api.acceptGame(g.id);
                    navigate(`/game/${g.id}`);
                  } catch (e) {
                    setError(api.errorMessage(e));
                  }
                }}
              >
                {t("accept")}
              </button>
            )
          }
        />
        {error && <p role="alert" class="error">{t("error", { message: error })}</p>}
        <h2>{t("liveGames")}</h2>
        <GameTable games={live} />
      </section>
      <section>
        <h2>{t("newChallenge")}</h2>
        {user ? <CreateForm engines={engines ?? []} /> : <p><Link href="/login">{t("mustLogin")}</Link></p>}
        <h2>{t("engines")}</h2>
        <EngineList engines={engines} />
        {user && engines && engines.length > 0 && <EngineGameForm engines={engines} />}
      </section>
    </main>
  );
}

interface TimeFields {
  kind: "untimed" | "none" | "byo_yomi" | "canadian" | "fischer";
  main: number;
  period: number;
  periods: number;
  moves: number;
  increment: number;
}

function timeControl(f: TimeFields): TimeControl | null {
  if (f.kind === "untimed") return null;
  const overtime: Overtime =
    f.kind === "byo_yomi"
      ? { kind: "byo_yomi", period_ms: f.period * 1000, periods: f.periods }
      : f.kind === "canadian"
        ? { kind: "canadian", moves: f.moves, period_ms: f.period * 1000 }
        : f.kind === "fischer"
          ? { kind: "fischer", increment_ms: f.increment * 1000 }
          : { kind: "none" };
  return { main_ms: Math.round(f.main * 60000), overtime };
}

function TimeInputs({ value, set, prefix }: { value: TimeFields; set: (f: TimeFields) => void; prefix: string }) {
  const num = (k: keyof TimeFields, label: string, step = "1") => (
    <label>
      {label}
      <input
        name={`${prefix}-${k}`}
        type="number"
        min="0"
        step={step}
        value={value[k] as number}
        onInput={(e) => set({ ...value, [k]: Number(e.currentTarget.value) })}
      />
    </label>
  );
  return (
    <fieldset>
      <label>
        {t("timeControl")}
        <select name={`${prefix}-kind`} value={value.kind} onChange={(e) => set({ ...value, kind: e.currentTarget.value as TimeFields["kind"] })}>
          <option value="untimed">{t("untimed")}</option>
          <option value="none">{t("suddenDeath")}</option>
          <option value="byo_yomi">{t("byoYomi")}</option>
          <option value="canadian">{t("canadian")}</option>
          <option value="fischer">{t("fischer")}</option>
        </select>
      </label>
      {value.kind !== "untimed" && num("main", t("mainMinutes"), "any")}
      {(value.kind === "byo_yomi" || value.kind === "canadian") && num("period", t("periodSeconds"))}
      {value.kind === "byo_yomi" && num("periods", t("periods"))}
      {value.kind === "canadian" && num("moves", t("movesPerPeriod"))}
      {value.kind === "fischer" && num("increment", t("incrementSeconds"))}
    </fieldset>
  );
}

export const RULESETS = { shogi: ["fesa-2017", "ufs-2016", "pl"], go: ["rfg", "japanese"] };

function EngineList({ engines }: { engines: EngineInfo[] | null }) {
  if (!engines) return null;
  if (engines.length === 0) return <p class="muted" data-testid="engines">{t("noEngines")}</p>;
  return (
    <div data-testid="engines">
      <p class="muted">{t("enginesHelp")}</p>
      <ul class="engines">
        {engines.map((e) => (
          <li key={e.name} data-engine={e.name}>
            <strong>{e.name}</strong> · {t(e.game)} · {e.protocol.toUpperCase()}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Two engines play each other, for the one who starts it (and anyone) to watch. */
function EngineGameForm({ engines }: { engines: EngineInfo[] }) {
  const games = [...new Set(engines.map((e) => e.game))];
  const [game, setGame] = useState<"shogi" | "go">(games[0]);
  const [size, setSize] = useState(9);
  const mine = engines.filter((e) => e.game === game);
  const [black, setBlack] = useState("");
  const [white, setWhite] = useState("");
  const [error, setError] = useState<string | null>(null);
  const pick = (v: string) => (mine.some((e) => e.name === v) ? v : mine[0]?.name ?? "");
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    const clock: TimeControl = { main_ms: 60000, overtime: { kind: "byo_yomi", period_ms: 10000, periods: 1 } };
    const board = game === "shogi" ? { game } : { game, size, handicap: 0 };
    const setup = { ruleset: RULESETS[game][0], time: { black: clock, white: clock }, board };
    try {
      const r = await api.createGame({ setup, engines: { black: pick(black), white: pick(white) } });
      navigate(`/game/${r.id}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  const select = (name: string, label: string, value: string, set: (v: string) => void) => (
    <label>
      {label}
      <select name={name} value={pick(value)} onChange={(e) => set(e.currentTarget.value)}>
        {mine.map((e) => (
          <option value={e.name} key={e.name}>{e.name}</option>
        ))}
      </select>
    </label>
  );
  return (
    <form class="form" onSubmit={submit} aria-label={t("watchEngines")}>
      <strong>{t("watchEngines")}</strong>
      <label>
        {t("game")}
        <select name="engine-game" value={game} onChange={(e) => setGame(e.currentTarget.value as "shogi" | "go")}>
          {games.map((g) => (
            <option value={g} key={g}>{t(g)}</option>
          ))}
        </select>
      </label>
      {game === "go" && (
        <label>
          {t("size")}
          <select name="engine-size" value={size} onChange={(e) => setSize(Number(e.currentTarget.value))}>
            {[9, 13, 19].map((s) => (
              <option value={s} key={s}>{s}×{s}</option>
            ))}
          </select>
        </label>
      )}
      {select("engine-black", game === "shogi" ? t("sente") : t("black"), black, setBlack)}
      {select("engine-white", game === "shogi" ? t("gote") : t("white"), white, setWhite)}
      <p class="muted">{t("engineTime")}</p>
      <button type="submit">{t("startEngines")}</button>
      {error && <p role="alert" class="error">{t("error", { message: error })}</p>}
    </form>
  );
}

function CreateForm({ engines }: { engines: EngineInfo[] }) {
  const [game, setGame] = useState<"shogi" | "go">("shogi");
  const [ruleset, setRuleset] = useState("fesa-2017");
  const [time, setTime] = useState<TimeFields>({ kind: "byo_yomi", main: 10, period: 30, periods: 1, moves: 10, increment: 10 });
  const [perSide, setPerSide] = useState(false);
  const [whiteTime, setWhiteTime] = useState<TimeFields>({ kind: "byo_yomi", main: 5, period: 30, periods: 1, moves: 10, increment: 10 });
  const [handicap, setHandicap] = useState("");
  const [size, setSize] = useState(19);
  const [stones, setStones] = useState(0);
  const [komi, setKomi] = useState("");
  const [color, setColor] = useState("random");
  const [opponent, setOpponent] = useState("");
  const [engine, setEngine] = useState("");
  const [rated, setRated] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The engine chosen, if it plays the game chosen.
  const engineFor = engines.some((e) => e.name === engine && e.game === game) ? engine : "";
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    const black = timeControl(time);
    const white = perSide ? timeControl(whiteTime) : black;
    const board =
      game === "shogi"
        ? { game, ...(handicap ? { handicap } : {}) }
        : { game, size, handicap: stones, ...(komi !== "" ? { komi: Number(komi) } : {}) };
    const setup = { ruleset, ...(black && white ? { time: { black, white } } : {}), board, ...(rated ? { rated } : {}) };
    try {
      const against = engineFor ? { engine: engineFor } : opponent ? { opponent } : {};
      const r = await api.createGame({ setup, color, ...against });
      navigate(`/game/${r.id}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <form class="form" onSubmit={submit} aria-label={t("newChallenge")}>
      <label>
        {t("game")}
        <select
          name="game"
          value={game}
          onChange={(e) => {
            const g = e.currentTarget.value as "shogi" | "go";
            setGame(g);
            setRuleset(RULESETS[g][0]);
            if (g === "go" && time.kind === "fischer") setTime({ ...time, kind: "byo_yomi" });
          }}
        >
          <option value="shogi">{t("shogi")}</option>
          <option value="go">{t("go")}</option>
        </select>
      </label>
      <label>
        {t("ruleset")}
        <select name="ruleset" value={ruleset} onChange={(e) => setRuleset(e.currentTarget.value)}>
          {RULESETS[game].map((r) => (
            <option value={r} key={r}>{r}</option>
          ))}
        </select>
      </label>
      <TimeInputs value={time} set={setTime} prefix="time" />
      <label class="check">
        <input type="checkbox" name="per-side" checked={perSide} onChange={(e) => setPerSide(e.currentTarget.checked)} />
        {t("perSide")}
      </label>
      {perSide && (
        <div>
          <strong>{t("whiteTime")}</strong>
          <TimeInputs value={whiteTime} set={setWhiteTime} prefix="white" />
        </div>
      )}
      {game === "shogi" ? (
        <label>
          {t("handicap")}
          <select name="handicap" value={handicap} onChange={(e) => setHandicap(e.currentTarget.value)}>
            <option value="">{t("even")}</option>
            {HANDICAPS.map((h) => (
              <option value={h} key={h}>{h}</option>
            ))}
          </select>
        </label>
      ) : (
        <>
          <label>
            {t("size")}
            <select name="size" value={size} onChange={(e) => setSize(Number(e.currentTarget.value))}>
              {[9, 13, 19].map((s) => (
                <option value={s} key={s}>{s}×{s}</option>
              ))}
            </select>
          </label>
          <label>
            {t("stones")}
            <input name="stones" type="number" min="0" max="9" value={stones} onInput={(e) => setStones(Number(e.currentTarget.value))} />
          </label>
          <label>
            {t("komi")}
            <input name="komi" type="number" step="0.5" value={komi} onInput={(e) => setKomi(e.currentTarget.value)} />
          </label>
        </>
      )}
      <label>
        {t("color")}
        <select name="color" value={color} onChange={(e) => setColor(e.currentTarget.value)}>
          <option value="random">{t("random")}</option>
          <option value="black">{game === "shogi" ? t("sente") : t("black")}</option>
          <option value="white">{game === "shogi" ? t("gote") : t("white")}</option>
        </select>
      </label>
      {engines.some((e) => e.game === game) && (
        <label>
          {t("engine")}
          <select name="engine" value={engineFor} onChange={(e) => setEngine(e.currentTarget.value)}>
            <option value="">{t("aPerson")}</option>
            {engines
              .filter((e) => e.game === game)
              .map((e) => (
                <option value={e.name} key={e.name}>{e.name}</option>
              ))}
          </select>
        </label>
      )}
      {!engineFor && (
        <label>
          {t("opponent")}
          <input name="opponent" value={opponent} onInput={(e) => setOpponent(e.currentTarget.value)} />
        </label>
      )}
      <label class="check">
        <input type="checkbox" name="rated" checked={rated} onChange={(e) => setRated(e.currentTarget.checked)} />
        {t("rated")}
      </label>
      <button type="submit">{t("create")}</button>
      {error && <p role="alert" class="error">{t("error", { message: error })}</p>}
    </form>
  );
}
