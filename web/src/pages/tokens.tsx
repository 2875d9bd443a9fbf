import { useState } from "preact/hooks";
import * as api from "../api";
import { useSession } from "../app";
import { t } from "../i18n";

export function Tokens() {
  const { user } = useSession();
  const [name, setName] = useState("bot");
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!user) return <main class="narrow"><p>{t("mustLogin")}</p></main>;
  return (
    <main class="narrow">
      <h1>{t("tokens")}</h1>
      <p>{t("tokensHelp")}</p>
      <form
        class="form"
        onSubmit={async (e) => {
          e.preventDefault();
          try {
            setToken((await api.createToken(name)).token);
            setError(null);
          } catch (err) {
            setError(String(err instanceof Error ? err.message : err));
          }
        }}
      >
        <label>
          {t("tokenName")}
          <input value={name} required onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <button type="submit">{t("createToken")}</button>
      </form>
      {token && (
        <p class="token" data-testid="token">
          {t("tokenShown", { token })}
        </p>
      )}
      {error && <p role="alert" class="error">{t("error", { message: error })}</p>}
    </main>
  );
}
