// The WebSocket client (docs/protocol.md, "Ordering, reconnection, slow clients"): one
// connection for the page; each watched game remembers the last event number it has seen and
// watches again from there after a reconnection, so it misses nothing and applies nothing twice.
import type { Action, Answer, ServerMsg, GameView, Countdown } from "./types";

export interface SocketLike {
  send(data: string): void;
  close(): void;
  onopen: (() => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
}

export interface GameListener {
  event?(seq: number, t: number, event: any, answer: Answer): void;
  state(seq: number, view: GameView, countdown: Countdown | null): void;
}

interface Pending {
  resolve(a: { seq: number; answer: Answer }): void;
  reject(e: Error): void;
}

export class Feed {
  private socket: SocketLike | null = null;
  private open = false;
  private games = new Map<number, { last: number | null; listener: GameListener }>();
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private retry = 0;
  private closed = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Called with `true` when connected, `false` when the connection is lost. */
  onStatus: ((connected: boolean) => void) | null = null;

  constructor(
    private connect: () => SocketLike,
    private schedule: (f: () => void, ms: number) => ReturnType<typeof setTimeout> = setTimeout,
  ) {
    this.dial();
  }

  private dial() {
    const s = this.connect();
    this.socket = s;
    s.onopen = () => {
      this.open = true;
      this.retry = 0;
      this.onStatus?.(true);
      for (const [game, g] of this.games) this.sendWatch(game, g.last);
    };
    s.onmessage = (ev) => this.receive(JSON.parse(String(ev.data)) as ServerMsg);
    s.onclose = () => {
      this.open = false;
      this.onStatus?.(false);
      for (const p of this.pending.values()) p.reject(new Error("connection lost"));
      this.pending.clear();
      if (this.closed) return;
      // 0.5 s, 1 s, 2 s … at most 8 s between tries.
      const ms = Math.min(8000, 500 * 2 ** this.retry++);
      this.timer = this.schedule(() => this.dial(), ms);
    };
  }

  private sendWatch(game: number, after: number | null) {
    this.socket?.send(JSON.stringify(after === null ? { type: "watch", game } : { type: "watch", game, after }));
  }

  /** Follow a game: its events after the last one seen, then each new one with the state. */
  watch(game: number, listener: GameListener) {
    this.games.set(game, { last: null, listener });
    if (this.open) this.sendWatch(game, null);
  }

  unwatch(game: number) {
    this.games.delete(game);
    if (this.open) this.socket?.send(JSON.stringify({ type: "unwatch", game }));
  }

  /** The last event number applied for `game`. */
  lastSeq(game: number): number | null {
    return this.games.get(game)?.last ?? null;
  }

  act(game: number, action: Action): Promise<{ seq: number; answer: Answer }> {
    return this.request(game, (id) => ({ type: "act", game, id, action }));
  }

  claimAbsent(game: number): Promise<{ seq: number; answer: Answer }> {
    return this.request(game, (id) => ({ type: "claim_absent", game, id }));
  }

  private request(_game: number, msg: (id: number) => unknown): Promise<{ seq: number; answer: Answer }> {
    if (!this.open || !this.socket) return Promise.reject(new Error("not connected"));
    const id = this.nextId++;
    const socket = this.socket;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      socket.send(JSON.stringify(msg(id)));
    });
  }

  receive(m: ServerMsg) {
    switch (m.type) {
      case "event": {
        const g = this.games.get(m.game);
        if (!g) return;
        // Already applied (a watch again from an older number): skipped.
        if (g.last !== null && m.seq <= g.last) return;
        g.last = m.seq;
        g.listener.event?.(m.seq, m.t, m.event, m.answer);
        return;
      }
      case "state": {
        const g = this.games.get(m.game);
        if (!g) return;
        if (g.last === null || m.seq >= g.last) g.last = m.seq;
        g.listener.state(m.seq, m.view, m.countdown ?? null);
        return;
      }
      case "ack": {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        p?.resolve({ seq: m.seq, answer: m.answer });
        return;
      }
      case "error": {
        if (m.id !== undefined) {
          const p = this.pending.get(m.id);
          this.pending.delete(m.id);
          p?.reject(new Error(`${m.code}: ${m.message}`));
        }
        return;
      }
      case "hello":
        return;
    }
  }

  close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close();
  }
}

export function browserFeed(): Feed {
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/ws`;
  return new Feed(() => new WebSocket(url) as unknown as SocketLike);
}
