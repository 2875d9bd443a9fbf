// The client's shell: who is logged in, the language, the piece style and the sound switch,
// and a small router over the History API (the server answers every client route with
// index.html, crates/server/src/web.rs).
import { createContext } from "preact";
import { useContext, useEffect, useState } from "preact/hooks";
import * as api from "./api";
import { LANGS, pickLang, setLang, t, type Lang } from "./i18n";
import type { User } from "./types";
import type { PieceStyle } from "./shogi";
import { isMuted, setMuted } from "./sound";
import { Lobby } from "./pages/lobby";
import { Login } from "./pages/login";
import { GamePage } from "./pages/game";
import { Watch } from "./pages/watch";
import { Tokens } from "./pages/tokens";
import { Tournaments } from "./pages/tournaments";
import { TournamentPage } from "./pages/tournament";
import { PlayerCard, PrintPairings } from "./pages/tournament_player";

export interface Session {
  user: User | null;
  setUser(u: User | null): void;
  pieceStyle: PieceStyle;
  lang: Lang;
}

export const SessionContext = createContext<Session>({ user: null, setUser: () => {}, pieceStyle: "kanji", lang: "en" });
export const useSession = () => useContext(SessionContext);

export function navigate(path: string) {
  history.pushState(null, "", path);
  dispatchEvent(new PopStateEvent("popstate"));
}

export function Link(props: { href: string; children: preact.ComponentChildren; class?: string }) {
  return (
    <a
      href={props.href}
      class={props.class}
      onClick={(e) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(props.href);
      }}
    >
      {props.children}
    </a>
  );
}

function usePath(): string {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const f = () => setPath(location.pathname);
    addEventListener("popstate", f);
    return () => removeEventListener("popstate", f);
  }, []);
  return path;
}

export function App() {
  const [user, setUser] = useState<User | null>(null);
  const [ready, setReady] = useState(false);
  const [lang, setLangState] = useState<Lang>(() => {
    const l = pickLang(localStorage.getItem("shinpan.lang"), navigator.languages ?? [navigator.language]);
    setLang(l);
    return l;
  });
  const [pieceStyle, setPieceStyle] = useState<PieceStyle>(
    () => (localStorage.getItem("shinpan.pieces") as PieceStyle | null) ?? (lang === "ja" ? "kanji" : "kanji"),
  );
  const [muted, setMutedState] = useState(isMuted());
  const path = usePath();

  useEffect(() => {
    api.me().then((u) => {
      setUser(u);
      setReady(true);
    });
  }, []);

  const changeLang = (l: Lang) => {
    setLang(l);
    localStorage.setItem("shinpan.lang", l);
    setLangState(l);
  };

  let page: preact.ComponentChildren;
  const m = path.match(/^\/game\/(\d+)$/);
  const tm = path.match(/^\/tournaments\/(\d+)$/);
  const card = path.match(/^\/tournaments\/(\d+)\/players\/(\d+)$/);
  const printed = path.match(/^\/tournaments\/(\d+)\/rounds\/(\d+)\/print$/);
  if (!ready) page = null;
  else if (path === "/") page = <Lobby />;
  else if (path === "/login") page = <Login mode="login" />;
  else if (path === "/register") page = <Login mode="register" />;
  else if (path === "/watch") page = <Watch />;
  else if (path === "/tokens") page = <Tokens />;
  else if (m) page = <GamePage key={m[1]} id={Number(m[1])} />;
  else if (path === "/tournaments") page = <Tournaments />;
  else if (tm) page = <TournamentPage key={tm[1]} id={Number(tm[1])} />;
  else if (card) page = <PlayerCard key={path} id={Number(card[1])} n={Number(card[2])} />;
  else if (printed) page = <PrintPairings key={path} id={Number(printed[1])} round={Number(printed[2])} />;
  else
    page = (
      <main>
        <p>{t("notFound")}</p>
        <Link href="/">{t("back")}</Link>
      </main>
    );

  // The printable pairings come without the site's header.
  if (printed) return <SessionContext.Provider value={{ user, setUser, pieceStyle, lang }}>{page}</SessionContext.Provider>;

  return (
    <SessionContext.Provider value={{ user, setUser, pieceStyle, lang }}>
      <header class="top">
        <Link href="/" class="brand">
          shinpan <span lang="ja">審判</span>
        </Link>
        <nav aria-label="main">
          <Link href="/">{t("lobby")}</Link>
          <Link href="/watch">{t("watch")}</Link>
          <Link href="/tournaments">{t("tournaments")}</Link>
          {user && <Link href="/tokens">{t("tokens")}</Link>}
        </nav>
        <div class="prefs">
          <label>
            <span class="sr">{t("language")}</span>
            <select aria-label={t("language")} value={lang} onChange={(e) => changeLang(e.currentTarget.value as Lang)}>
              {LANGS.map((l) => (
                <option value={l} key={l}>
                  {{ en: "English", ja: "日本語", ru: "Русский", uk: "Українська", pl: "Polski" }[l]}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span class="sr">{t("pieces")}</span>
            <select
              aria-label={t("pieces")}
              value={pieceStyle}
              onChange={(e) => {
                const v = e.currentTarget.value as PieceStyle;
                localStorage.setItem("shinpan.pieces", v);
                setPieceStyle(v);
              }}
            >
              <option value="kanji">{t("kanji")}</option>
              <option value="western">{t("western")}</option>
            </select>
          </label>
          <button
            type="button"
            class="icon"
            aria-pressed={!muted}
            title={muted ? t("soundOff") : t("soundOn")}
            aria-label={muted ? t("soundOff") : t("soundOn")}
            onClick={() => {
              setMuted(!muted);
              setMutedState(!muted);
            }}
          >
            <span class={muted ? "muted-icon" : ""}>♪</span>
          </button>
          {user ? (
            <span class="who">
              <span data-testid="whoami">{t("loggedInAs", { name: user.name })}</span>{" "}
              <button
                type="button"
                onClick={async () => {
                  await api.logout();
                  setUser(null);
                  navigate("/");
                }}
              >
                {t("logout")}
              </button>
            </span>
          ) : (
            <span class="who">
              <Link href="/login">{t("login")}</Link> · <Link href="/register">{t("register")}</Link>
            </span>
          )}
        </div>
      </header>
      {page}
    </SessionContext.Provider>
  );
}
