import { describe, expect, it } from "vitest";
import { clockFace, formatMs, tcShort } from "./clock";
import type { ClockView, SideClock, TimeControl } from "./types";

const side = (main_ms: number, overtime: SideClock["overtime"], flag: number | null = null): SideClock => ({
  main_ms,
  overtime,
  flag_fell_at: flag,
  spent_ms: 0,
  moves: 0,
});

function view(black: SideClock, white: SideClock, remaining: [number, number], running: "black" | "white" | null = "black"): ClockView {
  return { at: 1_000_000, black, white, remaining, running, paused: false, flag_at: null };
}

const byo: TimeControl = { main_ms: 600_000, overtime: { kind: "byo_yomi", period_ms: 30_000, periods: 3 } };

describe("formatMs", () => {
  it("rounds up to whole seconds and pads", () => {
    expect(formatMs(0)).toBe("0:00");
    expect(formatMs(1)).toBe("0:01");
    expect(formatMs(59_001)).toBe("1:00");
    expect(formatMs(600_000)).toBe("10:00");
    expect(formatMs(3_723_000)).toBe("1:02:03");
  });
});

describe("clockFace", () => {
  it("shows main time while the main time lasts, the periods aside", () => {
    const b = side(100_000, { kind: "byo_yomi", period_ms: 30_000, periods: 3 });
    const v = view(b, b, [190_000, 190_000]);
    const f = clockFace(v, "black", byo, 1_000_000 + 5_000);
    expect(f.phase).toEqual({ kind: "main" });
    expect(f.text).toBe("1:35"); // 190 s − 90 s of periods − 5 s elapsed
    expect(f.running).toBe(true);
    // White's clock does not run.
    expect(clockFace(v, "white", byo, 1_000_000 + 5_000).text).toBe("1:40");
  });

  it("names the byo-yomi period n of N and the seconds left in it", () => {
    const b = side(0, { kind: "byo_yomi", period_ms: 30_000, periods: 3 });
    const v = view(b, b, [90_000, 90_000]);
    let f = clockFace(v, "black", byo, 1_000_000 + 2_000);
    expect(f.phase).toEqual({ kind: "byo_yomi", period: 1, of: 3 });
    expect(f.text).toBe("0:28");
    expect(f.countSeconds).toBe(28);
    // 35 s later the first period is gone: the second, with 25 s left.
    f = clockFace(v, "black", byo, 1_000_000 + 35_000);
    expect(f.phase).toEqual({ kind: "byo_yomi", period: 2, of: 3 });
    expect(f.text).toBe("0:25");
  });

  it("counts the last period as period N of N and the flag when nothing is left", () => {
    const b = side(0, { kind: "byo_yomi", period_ms: 30_000, periods: 1 });
    const v = view(b, b, [30_000, 30_000]);
    expect(clockFace(v, "black", byo, 1_000_000).phase).toEqual({ kind: "byo_yomi", period: 3, of: 3 });
    expect(clockFace(v, "black", byo, 1_000_000 + 30_000).phase).toEqual({ kind: "flag" });
    const fallen = view(side(0, { kind: "byo_yomi", period_ms: 30_000, periods: 0 }, 999_000), b, [0, 30_000], null);
    expect(clockFace(fallen, "black", byo, 1_000_000).phase).toEqual({ kind: "flag" });
  });

  it("shows Canadian moves left in the period and Fischer as plain time", () => {
    const can: TimeControl = { main_ms: 0, overtime: { kind: "canadian", moves: 10, period_ms: 300_000 } };
    const c = side(0, { kind: "canadian", moves: 10, period_ms: 300_000, moves_left: 7, period_left_ms: 200_000 });
    const f = clockFace(view(c, c, [200_000, 200_000]), "black", can, 1_000_000);
    expect(f.phase).toEqual({ kind: "canadian", movesLeft: 7 });
    expect(f.text).toBe("3:20");
    const fis: TimeControl = { main_ms: 60_000, overtime: { kind: "fischer", increment_ms: 5_000 } };
    const fi = side(60_000, { kind: "fischer", increment_ms: 5_000 });
    expect(clockFace(view(fi, fi, [65_000, 60_000], "white"), "black", fis, 1_000_000 + 10_000)).toMatchObject({
      text: "1:05",
      phase: { kind: "fischer" },
      running: false,
    });
  });

  it("is untimed without a clock", () => {
    expect(clockFace(null, "black", undefined, 0).phase).toEqual({ kind: "untimed" });
  });

  it("writes time controls short", () => {
    expect(tcShort(byo)).toBe("10:00 + 3×30s");
    expect(tcShort({ main_ms: 300_000, overtime: { kind: "none" } })).toBe("5:00");
    expect(tcShort(null)).toBe("∞");
  });
});
