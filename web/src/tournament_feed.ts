// A tournament page's live updates: the server's event stream (`GET
// /api/tournaments/{id}/events`, Server-Sent Events) says when the tournament changed or one of
// its boards' games moved, and the page asks for the tournament again — at most once per
// `settle` ms, however many events come. A slow poll stays as the fallback for a stream that
// is down (a proxy that cuts it, an old browser); a reconnected stream asks at once, for
// whatever happened while it was down.

/** How often a page asks for the tournament when its stream says nothing. */
export const FALLBACK_POLL_MS = 15000;

/** Follows tournament `id`, calling `refresh` on its news; returns the function that stops. */
export function followTournament(id: number, refresh: () => void, settle = 250): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const soon = () => {
    if (timer === undefined)
      timer = setTimeout(() => {
        timer = undefined;
        refresh();
      }, settle);
  };
  const poll = setInterval(refresh, FALLBACK_POLL_MS);
  let source: EventSource | undefined;
  if (typeof EventSource !== "undefined") {
    source = new EventSource(`/api/tournaments/${id}/events`);
    let opened = false;
    source.onopen = () => {
      // The first open follows the page's own load; a reopen may have missed news.
      if (opened) soon();
      opened = true;
    };
    source.addEventListener("changed", soon);
    source.addEventListener("game", soon);
  }
  return () => {
    source?.close();
    clearInterval(poll);
    if (timer !== undefined) clearTimeout(timer);
  };
}
