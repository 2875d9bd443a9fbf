// The byo-yomi count, aloud (speech synthesis in the page's language) or as a beep when the
// browser has no voice for it. Muted by the switch in the header (kept in localStorage).
import { getLang } from "./i18n";

let muted = typeof localStorage !== "undefined" && localStorage.getItem("shinpan.muted") === "1";
let audio: AudioContext | null = null;

export const isMuted = () => muted;
export function setMuted(m: boolean) {
  muted = m;
  localStorage.setItem("shinpan.muted", m ? "1" : "0");
}

function beep(high: boolean) {
  try {
    audio ??= new AudioContext();
    const o = audio.createOscillator();
    const g = audio.createGain();
    o.frequency.value = high ? 880 : 660;
    g.gain.value = 0.08;
    o.connect(g).connect(audio.destination);
    o.start();
    o.stop(audio.currentTime + 0.12);
  } catch {
    /* no audio device: silent */
  }
}

const LOCALES: Record<string, string> = { en: "en-US", ja: "ja-JP", ru: "ru-RU", uk: "uk-UA", pl: "pl-PL" };

/** Announce `seconds` left in the byo-yomi period: spoken at 10 and from 5 down, beeps between. */
export function countAloud(seconds: number) {
  if (muted || seconds < 1 || seconds > 10) return;
  const speak = seconds === 10 || seconds <= 5;
  const synth = typeof speechSynthesis !== "undefined" ? speechSynthesis : null;
  const lang = LOCALES[getLang()];
  const voice = synth?.getVoices().find((v) => v.lang === lang);
  if (speak && synth && voice) {
    const u = new SpeechSynthesisUtterance(String(seconds));
    u.lang = lang;
    u.voice = voice;
    synth.speak(u);
  } else {
    beep(seconds <= 5);
  }
}
