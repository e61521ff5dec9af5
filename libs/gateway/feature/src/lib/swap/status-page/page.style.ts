/** The status page's stylesheet, served from the gateway as a hashed asset (no inline styles: the CSP forbids them). */
export const PAGE_STYLE = `
:root {
  --bg: #f4f6fa; --card: #fff; --text: #14171f; --muted: #5b6475; --line: #e2e6ee;
  --accent: #2f6bff; --accent-soft: #e8efff; --ok: #12805c; --ok-soft: #e3f5ee;
  --warn: #a15c00; --warn-soft: #fff3dc; --bad: #b42318; --bad-soft: #fdecea;
  --neutral: #4b5563; --neutral-soft: #eef0f4;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0f1218; --card: #181c24; --text: #e8ebf2; --muted: #9aa3b5; --line: #2a303c;
    --accent: #7aa2ff; --accent-soft: #1d2a48; --ok: #4cc79a; --ok-soft: #153a2e;
    --warn: #f0b04b; --warn-soft: #3a2c12; --bad: #ff7b6e; --bad-soft: #3e1a17;
    --neutral: #b8bfcc; --neutral-soft: #252a34;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--text);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
.page { max-width: 46rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
.mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: .92em; }
.top { margin-bottom: 1rem; }
.eyebrow { margin: 0; color: var(--muted); font-size: .9rem; }
h1 { margin: .2rem 0 .6rem; font-size: clamp(1.4rem, 5vw, 2rem); line-height: 1.2; overflow-wrap: anywhere; }
h2 { margin: 0 0 .6rem; font-size: 1.05rem; }
.arrow { color: var(--muted); font-weight: 400; padding: 0 .15em; }
.badge {
  display: inline-block; margin: 0; padding: .2rem .7rem; border-radius: 999px;
  font-size: .85rem; font-weight: 600;
}
.badge--progress { background: var(--accent-soft); color: var(--accent); }
.badge--attention { background: var(--warn-soft); color: var(--warn); }
.badge--danger { background: var(--bad-soft); color: var(--bad); }
.badge--success { background: var(--ok-soft); color: var(--ok); }
.badge--neutral { background: var(--neutral-soft); color: var(--neutral); }
.card {
  background: var(--card); border: 1px solid var(--line); border-radius: 14px;
  padding: 1.1rem 1.2rem; margin: 0 0 1rem; box-shadow: 0 1px 2px rgba(16, 24, 40, .05);
}
.notice { border-left: 5px solid var(--accent); }
.notice p { margin: 0; }
.notice--attention { border-left-color: var(--warn); background: var(--warn-soft); }
.notice--danger { border-left-color: var(--bad); background: var(--bad-soft); }
.notice--success { border-left-color: var(--ok); background: var(--ok-soft); }
.notice--neutral { border-left-color: var(--neutral); }
.pay { display: flex; gap: 1.4rem; align-items: flex-start; }
.qr-box { margin: 0; flex: 0 0 13rem; text-align: center; }
.qr { width: 13rem; height: 13rem; display: block; border-radius: 8px; border: 1px solid var(--line); }
.qr-box figcaption { color: var(--muted); font-size: .85rem; margin-top: .4rem; }
.fields { flex: 1; min-width: 0; display: grid; gap: 1rem; }
.field { display: grid; gap: .2rem; }
.label { color: var(--muted); font-size: .85rem; }
.value { overflow-wrap: anywhere; }
.big { font-size: 1.3rem; font-weight: 600; }
.big .mono { font-size: 1em; }
.address { display: inline; line-height: 1.6; }
.copy {
  margin-left: .4rem; padding: .15rem .65rem; border-radius: 8px; border: 1px solid var(--line);
  background: var(--card); color: var(--accent); font: 600 .8rem/1.6 inherit; cursor: pointer;
  vertical-align: middle;
}
.copy:hover { background: var(--accent-soft); }
.copy:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.copy.copied { color: var(--ok); border-color: var(--ok); }
.countdown time { font-variant-numeric: tabular-nums; }
.countdown--ended time { color: var(--bad); }
.steps { list-style: none; margin: 0; padding: 0; }
.step { position: relative; display: flex; align-items: center; gap: .7rem; padding: .35rem 0; color: var(--muted); }
.step:not(:last-child)::after {
  content: ""; position: absolute; left: .4rem; top: 1.55rem; bottom: -.55rem; width: 2px; background: var(--line);
}
.dot { flex: 0 0 .85rem; height: .85rem; border-radius: 50%; border: 2px solid var(--line); background: var(--card); z-index: 1; }
.step--done { color: var(--text); }
.step--done .dot { background: var(--ok); border-color: var(--ok); }
.step--done::after { background: var(--ok); }
.step--current { color: var(--text); font-weight: 700; }
.step--current .dot { border-color: var(--accent); background: var(--accent); box-shadow: 0 0 0 4px var(--accent-soft); }
.steps--attention .step--current .dot { background: var(--warn); border-color: var(--warn); box-shadow: 0 0 0 4px var(--warn-soft); }
.steps--danger .step--current .dot { background: var(--bad); border-color: var(--bad); box-shadow: 0 0 0 4px var(--bad-soft); }
.steps--success .step--current .dot { background: var(--ok); border-color: var(--ok); box-shadow: 0 0 0 4px var(--ok-soft); }
.steps--neutral .step--current .dot { background: var(--neutral); border-color: var(--neutral); box-shadow: 0 0 0 4px var(--neutral-soft); }
.notice .reason { margin-top: .5rem; color: var(--muted); font-size: .9rem; }
.details { margin: 0; display: grid; gap: .55rem; }
.row { display: grid; grid-template-columns: 11rem 1fr; gap: .2rem 1rem; }
.row dt { color: var(--muted); }
.row dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
.muted { color: var(--muted); font-size: .9rem; }
a { color: var(--accent); }
.foot { color: var(--muted); font-size: .85rem; text-align: center; }
.foot p { margin: .2rem 0; }
.live.offline { color: var(--warn); }
.offscreen { position: fixed; left: -9999px; top: 0; }
@media (max-width: 560px) {
  .page { padding: 1rem .75rem 2rem; }
  .pay { flex-direction: column; align-items: stretch; }
  .qr-box { flex-basis: auto; }
  .qr { width: min(16rem, 100%); height: auto; margin: 0 auto; }
  .row { grid-template-columns: 1fr; }
  .row dt { font-size: .85rem; }
}
`;
