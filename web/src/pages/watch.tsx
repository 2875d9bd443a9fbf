import * as api from "../api";
import { t } from "../i18n";
import { GameTable, usePolled } from "./lobby";

export function Watch() {
  const live = usePolled(() => api.listGames("live"), 3000);
  const finished = usePolled(() => api.listGames("finished"), 10000);
  return (
    <main>
      <h2>{t("liveGames")}</h2>
      <GameTable games={live} />
      <h2>{t("finishedGames")}</h2>
      <GameTable games={finished} />
    </main>
  );
}
