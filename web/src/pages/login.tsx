import { useState } from "preact/hooks";
import * as api from "../api";
import { navigate, useSession } from "../app";
import { t } from "../i18n";

export function Login({ mode }: { mode: "login" | "register" }) {
  const { setUser } = useSession();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      if (mode === "register") await api.register(name, password);
      setUser(await api.login(name, password));
      navigate("/");
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <main class="narrow">
      <h1>{mode === "login" ? t("login") : t("register")}</h1>
      <form onSubmit={submit} class="form">
        <label>
          {t("name")}
          <input name="name" autoComplete="username" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <label>
          {t("password")}
          <input
            name="password"
            type="password"
            autoComplete={mode === "login" ? "current-password" : "new-password"}
            required
            minLength={8}
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        <button type="submit">{mode === "login" ? t("login") : t("register")}</button>
        {error && (
          <p role="alert" class="error">
            {t("error", { message: error })}
          </p>
        )}
      </form>
    </main>
  );
}
