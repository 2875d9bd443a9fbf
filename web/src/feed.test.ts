import { describe, expect, it } from "vitest";
import { Feed, type SocketLike } from "./feed";
import type { GameView } from "./types";

class FakeSocket implements SocketLike {
  sent: any[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  send(d: string) {
    this.sent.push(JSON.parse(d));
  }
  close() {
    this.onclose?.();
  }
  deliver(m: unknown) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
}

const view = { ply: 0 } as unknown as GameView;
const ok = { verdict: "accepted" };

function setup() {
  const sockets: FakeSocket[] = [];
  const timers: (() => void)[] = [];
  const feed = new Feed(
    () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    (f) => {
      timers.push(f);
      return 0 as unknown as ReturnType<typeof setTimeout>;
    },
  );
  return { feed, sockets, timers };
}

describe("Feed", () => {
  it("watches again after a reconnection from the last event seen, and applies nothing twice", () => {
    const { feed, sockets, timers } = setup();
    const seen: number[] = [];
    feed.watch(7, { event: (seq) => seen.push(seq), state: () => {} });
    sockets[0].onopen!();
    expect(sockets[0].sent).toEqual([{ type: "watch", game: 7 }]);
    for (const seq of [0, 1, 2]) sockets[0].deliver({ type: "event", game: 7, seq, t: 1, actor: null, event: {}, answer: ok });
    sockets[0].deliver({ type: "state", game: 7, seq: 2, view });
    expect(feed.lastSeq(7)).toBe(2);

    // The connection drops; the client dials again after a delay and resumes after 2.
    sockets[0].close();
    expect(timers.length).toBe(1);
    timers[0]();
    sockets[1].onopen!();
    expect(sockets[1].sent).toEqual([{ type: "watch", game: 7, after: 2 }]);
    // A server that sends an already-seen event again: skipped.
    for (const seq of [2, 3]) sockets[1].deliver({ type: "event", game: 7, seq, t: 1, actor: null, event: {}, answer: ok });
    expect(seen).toEqual([0, 1, 2, 3]);
    expect(feed.lastSeq(7)).toBe(3);
  });

  it("backs off between tries and stops once closed", () => {
    const { feed, sockets, timers } = setup();
    sockets[0].close();
    timers[0]();
    sockets[1].close();
    expect(timers.length).toBe(2);
    feed.close();
    expect(timers.length).toBe(2);
  });

  it("answers acts by their id and fails them when the connection is lost", async () => {
    const { feed, sockets } = setup();
    sockets[0].onopen!();
    const a = feed.act(3, { kind: "move", move: "7g7f" });
    const b = feed.act(3, { kind: "resign" });
    expect(sockets[0].sent.map((m) => m.id)).toEqual([1, 2]);
    sockets[0].deliver({ type: "ack", id: 2, game: 3, seq: 9, answer: ok });
    await expect(b).resolves.toEqual({ seq: 9, answer: ok });
    sockets[0].close();
    await expect(a).rejects.toThrow("connection lost");
    await expect(feed.act(3, { kind: "resign" })).rejects.toThrow("not connected");
  });

  it("ignores games it does not watch", () => {
    const { feed, sockets } = setup();
    sockets[0].onopen!();
    const states: number[] = [];
    feed.watch(1, { state: (seq) => states.push(seq) });
    sockets[0].deliver({ type: "state", game: 2, seq: 5, view });
    sockets[0].deliver({ type: "state", game: 1, seq: 4, view });
    expect(states).toEqual([4]);
    feed.unwatch(1);
    expect(sockets[0].sent.at(-1)).toEqual({ type: "unwatch", game: 1 });
  });
});
