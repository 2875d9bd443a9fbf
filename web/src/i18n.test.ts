import { describe, expect, it } from "vitest";
import { CATALOGUES, LANGS, pickLang, setLang, t } from "./i18n";

describe("catalogue", () => {
  it("has every string in every language", () => {
    const keys = Object.keys(CATALOGUES.en).sort();
    for (const l of LANGS) {
      const missing = keys.filter((k) => !(k in CATALOGUES[l]) || !(CATALOGUES[l] as Record<string, string>)[k]);
      expect(missing, l).toEqual([]);
    }
  });
  it("keeps the same placeholders in every language", () => {
    const ph = (s: string) => [...new Set(s.match(/\{\w+\}/g) ?? [])].sort().join();
    for (const l of LANGS)
      for (const [k, v] of Object.entries(CATALOGUES.en))
        expect(ph((CATALOGUES[l] as Record<string, string>)[k]), `${l} ${k}`).toBe(ph(v));
  });
  it("picks the stored language, else the browser's, else English", () => {
    expect(pickLang("pl", ["ja"])).toBe("pl");
    expect(pickLang(null, ["de-DE", "uk-UA"])).toBe("uk");
    expect(pickLang("xx", ["de"])).toBe("en");
  });
  it("fills placeholders", () => {
    setLang("ja");
    expect(t("byoPeriod", { n: 2, of: 3 })).toBe("秒読み 2/3");
    setLang("en");
    expect(t("toMove", { side: "Black" })).toBe("Black to move");
  });
});
