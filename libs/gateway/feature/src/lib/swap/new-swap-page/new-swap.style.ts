import { PAGE_STYLE } from '../status-page/page.style';

/** The swap page's stylesheet: the status page's, and its form (served as one hashed asset). */
export const NEW_SWAP_STYLE = `${PAGE_STYLE}
.form { display: grid; gap: 1.1rem; }
.pair { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
.input {
  width: 100%; padding: .55rem .7rem; border-radius: 10px; border: 1px solid var(--line);
  background: var(--card); color: var(--text); font: inherit;
}
.input:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
.input.mono { font-size: .95rem; }
.choices { display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; margin-top: .35rem; }
.choice { display: inline-flex; gap: .4rem; align-items: baseline; }
.choice:has(input:disabled) { color: var(--muted); }
.quote { border: 1px dashed var(--line); border-radius: 12px; padding: .9rem 1rem; display: grid; gap: .6rem; }
.quote h2 { margin: 0; }
.quote-note { margin: 0; color: var(--muted); font-size: .9rem; }
.quote-note.bad { color: var(--bad); }
.check { font-size: .85rem; min-height: 1.2em; }
.check--ok { color: var(--ok); }
.check--bad { color: var(--bad); }
.hint { color: var(--muted); font-size: .85rem; }
.button {
  justify-self: start; padding: .6rem 1.3rem; border-radius: 10px; border: 1px solid var(--accent);
  background: var(--accent); color: #fff; font: 600 1rem/1.4 inherit; cursor: pointer;
}
.button--secondary { background: var(--card); color: var(--accent); font-size: .9rem; padding: .35rem .9rem; }
.button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
@media (max-width: 560px) { .pair { grid-template-columns: 1fr; } }
`;
