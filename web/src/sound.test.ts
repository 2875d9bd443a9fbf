import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setLang } from "./i18n";
import { countAloud, setMuted } from "./sound";

// The browser's speech and audio, recorded: what the byo-yomi count says or beeps.
let spoken: { text: string; lang: string; voice: string }[];
let beeps: number[];
let voices: { lang: string; name: string }[];

beforeEach(() => {
  spoken = [];
  beeps = [];
  voices = [{ lang: "ja-JP", name: "Kyoko" }];
  const store = new Map<string, string>();
  vi.stubGlobal("localStorage", { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) });
  vi.stubGlobal(
    "SpeechSynthesisUtterance",
    class {
      lang = "";
      voice: { name: string } | null = null;
      constructor(public text: string) {}
    },
  );
  vi.stubGlobal("speechSynthesis", {
    getVoices: () => voices,
    speak: (u: { text: string; lang: string; voice: { name: string } }) => spoken.push({ text: u.text, lang: u.lang, voice: u.voice.name }),
  });
  vi.stubGlobal(
    "AudioContext",
    class {
      currentTime = 0;
      destination = {};
      createOscillator() {
        const o = { frequency: { value: 0 }, connect: (g: unknown) => g, start: () => beeps.push(o.frequency.value), stop: () => {} };
        return o;
      }
      createGain() {
        return { gain: { value: 0 }, connect: (d: unknown) => d };
      }
    },
  );
  setMuted(false);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setLang("en");
});

describe("the byo-yomi count", () => {
  it("speaks 10 and 5 down to 1 in the page's language, beeps between", () => {
    setLang("ja");
    for (let s = 12; s >= 0; s--) countAloud(s);
    expect(spoken.map((u) => u.text)).toEqual(["10", "5", "4", "3", "2", "1"]);
    expect(spoken.every((u) => u.lang === "ja-JP" && u.voice === "Kyoko")).toBe(true);
    // 9 to 6: a low beep each.
    expect(beeps).toEqual([660, 660, 660, 660]);
  });

  it("beeps when the browser has no voice for the language: high in the last five seconds", () => {
    setLang("pl");
    for (const s of [10, 6, 5, 1]) countAloud(s);
    expect(spoken).toEqual([]);
    expect(beeps).toEqual([660, 660, 880, 880]);
  });

  it("is silent when muted, and the switch is remembered", () => {
    setMuted(true);
    for (let s = 10; s >= 1; s--) countAloud(s);
    expect(spoken).toEqual([]);
    expect(beeps).toEqual([]);
    expect(localStorage.getItem("shinpan.muted")).toBe("1");
  });
});
