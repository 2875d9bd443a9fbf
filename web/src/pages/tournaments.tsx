// /tournaments: the tournaments, newest first, and the form that creates one (arbiters and
// admins; docs/protocol.md, "Tournaments").
import { useState } from "preact/hooks";
import * as api from "../api";
import { Link, navigate, useSession } from "../app";
import { t, type Key } from "../i18n";
import { SYSTEMS, tournamentTime, trfDate } from "../tournament";
import type { GameKind, TournamentSystem } from "../types";
import { RULESETS, usePolled } from "./lobby";

export const systemLabel = (s: TournamentSystem) => t(`system_${s.replace("-", "_")}` as Key);

export function Tournaments() {
  const { user } = useSession();
  const list = usePolled(() => api.listTournaments(), 5000);
  const canCreate = user?.role === "arbiter" || user?.role === "admin";
  return (
    <main class="lobby tournaments">
      <section>
        <h1>{t("tournaments")}</h1>
        {list &&
          (list.length === 0 ? (
            <p class="muted">{t("noTournaments")}</p>
          ) : (
            <div class="scroll">
            <table class="tour" data-testid="tournaments">
              <thead>
                <tr>
                  <th>#</th>
                  <th>{t("name")}</th>
                  <th>{t("game")}</th>
                  <th>{t("system")}</th>
                  <th>{t("roundsPaired")}</th>
                  <th>{t("players")}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((x) => (
                  <tr key={x.id} data-tournament={x.id}>
                    <td>{x.id}</td>
                    <td>
                      <Link href={`/tournaments/${x.id}`}>{x.name}</Link>
                    </td>
                    <td>{t(x.game)}</td>
                    <td>{systemLabel(x.system)}</td>
                    <td>
                      {x.rounds_paired}
                      {x.rounds_planned ? ` / ${x.rounds_planned}` : ""}
                    </td>
                    <td>{x.players}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            </div>
          ))}
      </section>
      <section>
        <h2>{t("newTournament")}</h2>
        {canCreate ? <NewTournamentForm /> : <p class="muted">{t("onlyArbitersCreate")}</p>}
      </section>
    </main>
  );
}

function NewTournamentForm() {
  const [name, setName] = useState("");
  const [game, setGame] = useState<GameKind>("shogi");
  const [system, setSystem] = useState<TournamentSystem>("dutch");
  const [rounds, setRounds] = useState(5);
  const [rules, setRules] = useState(RULESETS.shogi[0]);
  const [main, setMain] = useState(10);
  const [byoYomi, setByoYomi] = useState(30);
  const [rated, setRated] = useState(false);
  const [date, setDate] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    const time = tournamentTime(main, byoYomi);
    try {
      const r = await api.createTournament({
        name: name.trim(),
        game,
        system,
        ...(rounds > 0 ? { rounds } : {}),
        rules,
        ...(date.trim() ? { date: trfDate(date) } : {}),
        ...(time ? { time } : {}),
        ...(rated ? { rated } : {}),
      });
      navigate(`/tournaments/${r.id}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <form class="form" onSubmit={submit} aria-label={t("newTournament")}>
      <label>
        {t("tournamentName")}
        <input name="t-name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <label>
        {t("game")}
        <select
          name="t-game"
          value={game}
          onChange={(e) => {
            const g = e.currentTarget.value as GameKind;
            setGame(g);
            setRules(RULESETS[g][0]);
          }}
        >
          <option value="shogi">{t("shogi")}</option>
          <option value="go">{t("go")}</option>
        </select>
      </label>
      <label>
        {t("system")}
        <select name="t-system" value={system} onChange={(e) => setSystem(e.currentTarget.value as TournamentSystem)}>
          {SYSTEMS.map((s) => (
            <option value={s} key={s}>
              {systemLabel(s)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("roundsPlanned")}
        <input name="t-rounds" type="number" min="0" value={rounds} onInput={(e) => setRounds(Number(e.currentTarget.value))} />
      </label>
      <label>
        {t("ruleset")}
        <select name="t-rules" value={rules} onChange={(e) => setRules(e.currentTarget.value)}>
          {RULESETS[game].map((r) => (
            <option value={r} key={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("tournamentDate")}
        <input name="t-date" type="date" value={date} onInput={(e) => setDate(e.currentTarget.value)} />
      </label>
      <fieldset>
        <legend>{t("timeControl")}</legend>
        <label>
          {t("mainMinutes")}
          <input name="t-main" type="number" min="0" step="any" value={main} onInput={(e) => setMain(Number(e.currentTarget.value))} />
        </label>
        <label>
          {t("byoYomiSeconds")}
          <input name="t-byoyomi" type="number" min="0" value={byoYomi} onInput={(e) => setByoYomi(Number(e.currentTarget.value))} />
        </label>
      </fieldset>
      <label class="check">
        <input type="checkbox" name="t-rated" checked={rated} onChange={(e) => setRated(e.currentTarget.checked)} />
        {t("rated")}
      </label>
      <button type="submit">{t("createTournament")}</button>
      {error && (
        <p role="alert" class="error">
          {t("error", { message: error })}
        </p>
      )}
    </form>
  );
}
