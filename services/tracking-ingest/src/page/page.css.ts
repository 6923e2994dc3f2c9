/**
 * The tracking page's one stylesheet, inline (no second request), mobile first. The accent colour is
 * only ever a background, with text in white or black by contrast (see accentVars), so any colour a
 * merchant picks keeps the page readable.
 */
export const PAGE_CSS = `*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f4f6f8}
a{color:#0a4fb8}
.top{background:var(--accent);color:var(--on-accent);padding:12px 0}
.top div{max-width:44rem;margin:0 auto;padding:0 16px;display:flex;align-items:center;gap:12px;min-height:40px}
.top img{max-height:40px;max-width:160px;background:#fff;border-radius:4px;padding:2px}
.top p{margin:0;font-weight:600;font-size:1.05rem}
main{max-width:44rem;margin:0 auto;padding:16px}
.card{background:#fff;border:1px solid #d5dbe3;border-radius:10px;padding:16px;margin:0 0 16px}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 4px}
h2{font-size:1.05rem;margin:0 0 8px}
.lead{margin:0 0 8px;color:#39414d}
.eta{margin:8px 0 0;font-weight:600}
.alert{border-left:4px solid #b3261e;background:#fdecea;padding:10px 12px;border-radius:6px;margin:12px 0 0}
.alert strong{color:#8c1d18}
.late{border-left:4px solid #8a5a00;background:#fff4d6;padding:10px 12px;border-radius:6px;margin:12px 0 0}
.late strong{color:#5c3c00}
.langs{list-style:none;margin:12px 0 0;padding:0;display:flex;flex-wrap:wrap;gap:4px 12px}
.langs a{display:inline-block;padding:8px 2px;min-height:24px}
.langs a[aria-current]{font-weight:700;color:#1b1f24}
.progress{list-style:none;margin:16px 0 0;padding:0;display:grid;grid-template-columns:repeat(4,1fr);gap:4px;counter-reset:s}
.progress li{position:relative;padding-top:30px;font-size:.8rem;line-height:1.25;text-align:center;color:#4a5260}
.progress li::before{content:"";position:absolute;top:4px;left:50%;width:20px;height:20px;margin-left:-10px;border-radius:50%;border:2px solid #8a94a3;background:#fff;z-index:1}
.progress li::after{content:"";position:absolute;top:13px;left:-50%;width:100%;height:3px;background:#c9d0da}
.progress li:first-child::after{display:none}
.progress .done,.progress .now{color:#1b1f24;font-weight:600}
.progress .done::before,.progress .now::before{background:var(--accent);border-color:var(--accent)}
.progress .done::after,.progress .now::after,.progress .bad::after{background:var(--accent)}
.progress .now::before{box-shadow:0 0 0 4px #fff,0 0 0 6px var(--accent)}
.progress .bad{color:#8c1d18;font-weight:700}
.progress .bad::before{content:"!";color:#fff;font-weight:700;font-size:13px;line-height:16px;background:#b3261e;border-color:#b3261e}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
dl{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}
dt{color:#4a5260}
dd{margin:0;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse;margin-top:12px;font-size:.95rem}
th,td{text-align:left;padding:6px 4px;border-top:1px solid #e1e5ea;vertical-align:top}
th{font-weight:600;color:#4a5260}
code{font:600 .95rem ui-monospace,SFMono-Regular,Menlo,monospace;overflow-wrap:anywhere}
.events{list-style:none;margin:0;padding:0}
.events li{display:grid;grid-template-columns:7.5rem 1fr;gap:2px 12px;padding:10px 0;border-top:1px solid #e1e5ea}
.events li:first-child{border-top:0}
.events time{color:#4a5260;font-size:.875rem}
.events p{margin:0}
.events .where{color:#4a5260;font-size:.875rem}
.events .pkg{grid-column:2;color:#4a5260;font-size:.8rem}
.events .latest p:first-child{font-weight:700}
footer{max-width:44rem;margin:0 auto;padding:0 16px 24px;color:#4a5260;font-size:.875rem}
@media (min-width:40rem){h1{font-size:1.75rem}.progress li{font-size:.9rem}.events li{grid-template-columns:10rem 1fr}}`;

const channel = (c: number) => { const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => channel(parseInt(hex.slice(i, i + 2), 16)));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

export const DEFAULT_ACCENT = '#0b57d0';

/** The accent and the text colour on it: white or near black, whichever contrasts more (at least 4.5:1 either way). */
export function accentVars(accent: string | null): string {
  const a = accent && /^#[0-9a-f]{6}$/i.test(accent) ? accent.toLowerCase() : DEFAULT_ACCENT;
  const l = luminance(a);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance('#111111') + 0.05);
  return `:root{--accent:${a};--on-accent:${onWhite >= onDark ? '#ffffff' : '#111111'}}`;
}
