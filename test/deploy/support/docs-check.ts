import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';

// The checks of docs.int-spec.ts, as plain functions of text, so each can be shown to fail on a
// small input. Two checks: every relative link of the docs leads somewhere, and the docs'
// configuration tables name exactly the environment variables the code reads.

// ---------------------------------------------------------------------------------------------
// Markdown: headings, anchors and links

/** A line of a Markdown file outside fenced code blocks (where nothing is a heading or a link). */
interface ProseLine {
  text: string;
  /** 1-based. */
  line: number;
}

function proseLines(markdown: string): ProseLine[] {
  const out: ProseLine[] = [];
  let fence: string | null = null;
  markdown.split('\n').forEach((text, i) => {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(text);
    if (fence === null && opening) fence = opening[1];
    else if (fence !== null && text.trim().startsWith(fence)) fence = null;
    else if (fence === null) out.push({ text, line: i + 1 });
  });
  return out;
}

/**
 * GitHub's anchor of a heading (github-slugger): the heading's text as rendered (inline code's
 * marks, links' targets, HTML tags and emphasis marks gone), lower-cased, every character but
 * letters, digits, `_`, `-` and spaces dropped, spaces made `-`. Emphasis with `_` is not undone:
 * write headings without it.
 */
export function githubSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`|<[^>]*>/g, (_, code: string | undefined) => code ?? '')
    .replace(/\*/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown file offers: its headings' slugs (a repeated one gets -1, -2…), and `<a id>`s. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(text);
    if (heading) {
      const slug = githubSlug(heading[1]);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const html of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(html[1]);
  }
  return anchors;
}

export interface Link {
  target: string;
  line: number;
}

/** Inline links and images, reference definitions and HTML href/src, outside code. */
export function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  for (const { text, line } of proseLines(markdown)) {
    const prose = text.replace(/`[^`]*`/g, '');
    for (const m of prose.matchAll(/!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      links.push({ target: m[1], line });
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(prose);
    if (definition) links.push({ target: definition[1], line });
    for (const m of prose.matchAll(/\b(?:href|src)="([^"]+)"/g)) links.push({ target: m[1], line });
  }
  return links;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

export interface BrokenLink {
  file: string;
  line: number;
  target: string;
  problem: string;
}

/**
 * The relative links of `files` (paths under `root`) that lead nowhere: a file or directory that
 * does not exist or lies outside the repository, or a `#anchor` that is no heading of the Markdown
 * file it names (on other files only GitHub's line anchors, `#L10` or `#L10-L20`, are accepted).
 * `edited` replaces the text of some files (by relative path), as a test may.
 */
export function brokenLinks(
  root: string,
  files: readonly string[],
  edited: ReadonlyMap<string, string> = new Map(),
): BrokenLink[] {
  const text = (path: string) => edited.get(relative(root, path)) ?? readFileSync(path, 'utf8');
  const anchors = new Map<string, Set<string>>();
  const anchorsAt = (path: string) => {
    if (!anchors.has(path)) anchors.set(path, anchorsOf(text(path)));
    return anchors.get(path) as Set<string>;
  };
  const broken: BrokenLink[] = [];
  for (const file of files) {
    const from = resolve(root, file);
    for (const { target, line } of linksOf(text(from))) {
      if (isExternal(target)) continue;
      const report = (problem: string) => broken.push({ file, line, target, problem });
      const hash = target.indexOf('#');
      const pathPart = decodeURI(hash < 0 ? target : target.slice(0, hash));
      const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
      const to =
        pathPart === ''
          ? from
          : pathPart.startsWith('/')
            ? join(root, pathPart)
            : resolve(dirname(from), pathPart);
      if (relative(root, to).startsWith('..') || (to !== root && !to.startsWith(root + sep))) {
        report('outside the repository');
        continue;
      }
      if (!existsSync(to)) {
        report('no such file');
        continue;
      }
      if (anchor === null) continue;
      if (statSync(to).isFile() && extname(to).toLowerCase() === '.md') {
        if (!anchorsAt(to).has(anchor)) report(`no heading "#${anchor}" in ${relative(root, to)}`);
      } else if (!/^L\d+(-L\d+)?$/.test(anchor)) report(`"#${anchor}" on a file that is not Markdown`);
    }
  }
  return broken;
}

/** README.md and every Markdown file under docs/, relative to `root`. */
export function docFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir)).flatMap((entry) => {
      const path = join(dir, entry);
      if (statSync(join(root, path)).isDirectory()) return walk(path);
      return entry.endsWith('.md') ? [path] : [];
    });
  return ['README.md', ...(existsSync(join(root, 'docs')) ? walk('docs') : [])];
}

// ---------------------------------------------------------------------------------------------
// Environment variables the docs name: the configuration tables

/** A table of the docs is a configuration table when its first column is headed "Variable". */
export interface DocumentedVariables {
  /** Every concrete name, placeholders expanded. */
  names: Map<string, string>;
  /** Entries that are not a variable name, or use an unknown placeholder. */
  problems: string[];
}

const splitRow = (row: string): string[] => {
  // Cells split on | outside inline code.
  const cells: string[] = [];
  let cell = '';
  let code = false;
  for (const ch of row.trim().replace(/^\||\|$/g, '')) {
    if (ch === '`') code = !code;
    if (ch === '|' && !code) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
};

/** `NAME`, `<NETWORK>_RPC_URL`, `TREASURY_MNEMONIC(_FILE)` (with and without `_FILE`). */
const VARIABLE_ENTRY = /^((?:[A-Z0-9_]|<[A-Z]+>)+)(?:\((_[A-Z0-9_]+)\))?$/;

/**
 * The variables the configuration tables of `markdown` name: each code span in a row's first
 * column. A placeholder such as `<NETWORK>` stands for each value of its domain in `domains`.
 */
export function documentedVariables(
  markdown: string,
  file: string,
  domains: Readonly<Record<string, readonly string[]>>,
): DocumentedVariables {
  const names = new Map<string, string>();
  const problems: string[] = [];
  const lines = proseLines(markdown);
  for (let i = 0; i + 1 < lines.length; i++) {
    const header = lines[i].text;
    const separator = lines[i + 1].text;
    if (!header.trim().startsWith('|') || !/^\s*\|?\s*:?-{3,}/.test(separator)) continue;
    if (splitRow(header)[0].toLowerCase() !== 'variable') continue;
    for (let j = i + 2; j < lines.length && lines[j].text.trim().startsWith('|'); j++) {
      const where = `${file}:${lines[j].line}`;
      const spans = [...splitRow(lines[j].text)[0].matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      if (spans.length === 0) problems.push(`${where}: no \`VARIABLE\` in the first column`);
      for (const span of spans) {
        const entry = VARIABLE_ENTRY.exec(span);
        if (!entry || !/^[A-Z<]/.test(span)) {
          problems.push(`${where}: \`${span}\` is not a variable name`);
          continue;
        }
        for (const form of entry[2] ? [entry[1], entry[1] + entry[2]] : [entry[1]]) {
          const expanded = expand(form, domains);
          if (typeof expanded === 'string') problems.push(`${where}: \`${span}\`: ${expanded}`);
          else for (const name of expanded) if (!names.has(name)) names.set(name, where);
        }
      }
    }
  }
  return { names, problems };
}

function expand(form: string, domains: Readonly<Record<string, readonly string[]>>): string[] | string {
  const placeholder = /<([A-Z]+)>/.exec(form);
  if (!placeholder) return [form];
  const values = domains[placeholder[1]];
  if (!values) return `unknown placeholder <${placeholder[1]}> (known: ${Object.keys(domains).join(', ')})`;
  const out: string[] = [];
  for (const value of values) {
    const rest = expand(form.replace(placeholder[0], value), domains);
    if (typeof rest === 'string') return rest;
    out.push(...rest);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Environment variables the code reads

/**
 * A name the code reads: a literal (`DATABASE_URL`), or a template whose `{}` stands for any part
 * built at run time (`{}_RPC_URL` from `${network}_RPC_URL`).
 */
export type CodeVariable = string;

const LITERAL = /'([^'\\\n]*)'|"([^"\\\n]*)"|`((?:[^`\\]|\\.)*)`/;
const LITERAL_G = new RegExp(LITERAL.source, 'g');
/** An environment variable's shape once built: UPPER_SNAKE parts, any of them built at run time. */
const VARIABLE_SHAPE = /^(?:[A-Z][A-Z0-9]*|\{\})(?:_(?:[A-Z0-9]+|\{\}))*$/;

/** A string or template literal's text, with `${CONSTANT}` filled in from `constants`, else `{}`. */
function literalText(literal: string, constants: ReadonlyMap<string, string>): string | null {
  const m = new RegExp(`^(?:${LITERAL.source})$`).exec(literal.trim());
  if (!m) return null;
  if (m[3] === undefined) return m[1] ?? m[2];
  return m[3].replace(/\$\{\s*([^}]*?)\s*\}/g, (_, expression: string) => constants.get(expression) ?? '{}');
}

/** A variable built from this text, or null: not the shape of one, or nothing fixed in it. */
function asVariable(text: string | null, needsUnderscore = false): CodeVariable | null {
  if (text === null || !VARIABLE_SHAPE.test(text)) return null;
  if (!/[A-Z]{2}/.test(text.replace(/\{\}/g, '_'))) return null;
  if (needsUnderscore && !text.includes('_')) return null;
  return text;
}

/** `const NAME = '…'` or `` = `…` `` of a file: the values its templates may name. */
function constantsOf(source: string): Map<string, string> {
  const constants = new Map<string, string>();
  for (const m of source.matchAll(
    new RegExp(`\\bconst\\s+(\\w+)(?:\\s*:\\s*[\\w<>\\[\\]| ]+)?\\s*=\\s*(${LITERAL.source})\\s*;`, 'g'),
  )) {
    const text = literalText(m[2], constants);
    if (text !== null) constants.set(m[1], text);
  }
  return constants;
}

/** Index just past the string or template literal that opens at `i` (quotes and `${…}` nesting). */
function skipLiteral(source: string, i: number): number {
  const quote = source[i];
  let depth = 0;
  for (let j = i + 1; j < source.length; j++) {
    if (source[j] === '\\') j++;
    else if (quote === '`' && source[j] === '$' && source[j + 1] === '{') depth++;
    else if (depth > 0 && source[j] === '}') depth--;
    else if (depth === 0 && source[j] === quote) return j + 1;
  }
  return source.length;
}

/**
 * The text of a declaration from `start` (just after its name): a constant's value up to its `;`,
 * or a function's parameters and body up to the brace that closes it.
 */
function declarationText(source: string, start: number, isFunction: boolean): string {
  let depth = 0;
  let opened = false;
  for (let i = start; i < source.length; i++) {
    const ch = source[i];
    if (ch === "'" || ch === '"' || ch === '`') {
      i = skipLiteral(source, i) - 1;
    } else if (ch === '{' || ch === '(' || ch === '[') {
      depth++;
      if (ch === '{') opened = true;
    } else if (ch === '}' || ch === ')' || ch === ']') {
      depth--;
      if (isFunction && opened && depth === 0) return source.slice(start, i + 1);
    } else if (!isFunction && ch === ';' && depth === 0) return source.slice(start, i);
  }
  return source.slice(start);
}

/**
 * The environment variables one source file reads, by these rules (each a way this codebase reads
 * them; a new way needs a rule here, or its variables go unchecked):
 * 1. `env['X']`, `env.X`, `` env[`${network}_XPUB`] ``, `env[CONSTANT]` (also `process.env`), and
 *    `const { X, Y } = process.env`;
 * 2. a helper given the environment and a name: `setting(env, 'X')`, `secret(env, `${network}_XPRV`)`;
 * 3. in a config file (`*.config.ts`, `*-config.ts`): the keys of its schemas, `X: z…`, and the
 *    computed ones, `[`EXPLORER_${network}_TX`, …]` or `[xpub]: …`;
 * 4. a function or constant named for the variable it builds (`…Variable`, `…Variables`, `…Var`,
 *    `…_ENV`): the names in its body (`limitVariable`, `baseUrlEnvVar`, `nodeVariables`);
 * 5. a per-network family: a file with a helper `(suffix) => `${network}_${suffix}`` reads
 *    `<network>_SUFFIX` for every `'SUFFIX'` literal it passes as a first argument (`name('RPC_URL')`,
 *    `integer('FEE_MIN_SAT_VB', 1, 1)`).
 */
export function variablesInSource(source: string, file: string): CodeVariable[] {
  const constants = constantsOf(source);
  const found = new Set<CodeVariable>();
  const add = (variable: CodeVariable | null) => {
    if (variable !== null) found.add(variable);
  };
  const named = (expression: string, needsUnderscore = false) =>
    asVariable(
      /^\w+$/.test(expression.trim())
        ? (constants.get(expression.trim()) ?? null)
        : literalText(expression, constants),
      needsUnderscore,
    );

  // 1. Reads of the environment object.
  for (const m of source.matchAll(/\benv\??\.?\[\s*([^\]\n]+?)\s*\]/g)) add(named(m[1]));
  for (const m of source.matchAll(/\benv\??\.([A-Z][A-Z0-9_]*)\b/g)) add(m[1]);
  for (const m of source.matchAll(/\bconst\s*\{([^}]*)\}\s*=\s*(?:process\.)?env\b/g))
    for (const key of m[1].matchAll(/(?:^|,)\s*([A-Z][A-Z0-9_]*)\b/g)) add(key[1]);

  // 2. Helpers handed the environment and a variable's name.
  for (const m of source.matchAll(
    new RegExp(`\\b\\w+\\(\\s*(?:process\\.)?env\\s*,\\s*(${LITERAL.source}|\\w+)\\s*[,)]`, 'g'),
  ))
    add(named(m[1]));

  // 3. Config schemas.
  if (/[.-]config\.ts$/.test(file)) {
    for (const m of source.matchAll(/^\s*([A-Z][A-Z0-9_]*)\s*:/gm)) add(m[1]);
    for (const m of source.matchAll(new RegExp(`\\[\\s*(${LITERAL.source}|\\w+)\\s*\\]\\s*:`, 'g')))
      add(named(m[1]));
    for (const m of source.matchAll(new RegExp(`\\[\\s*(${LITERAL.source})\\s*,`, 'g'))) add(named(m[1]));
  }

  // 4. Builders of variable names.
  for (const m of source.matchAll(/\b(const|let|function)\s+(\w+(?:Variables?|Var|_ENV))\b/g)) {
    const text = declarationText(source, (m.index ?? 0) + m[0].length, m[1] === 'function');
    for (const literal of text.matchAll(LITERAL_G)) add(named(literal[0], true));
  }

  // 5. A per-network family of names built by a prefixing helper.
  const helper = /\bconst\s+\w+\s*=\s*\(\s*(\w+)[^)]*\)\s*=>\s*`\$\{\s*\w+\s*\}_\$\{\s*(\w+)\s*\}`/.exec(
    source,
  );
  if (helper && helper[1] === helper[2])
    for (const m of source.matchAll(/\b\w+\(\s*'([A-Z][A-Z0-9_]*)'/g)) add(asVariable(`{}_${m[1]}`));

  return [...found].sort();
}

/** Production sources (.ts) under `dirs` of `root`: no tests, test harnesses or declarations. */
export function sourceFiles(root: string, dirs: readonly string[], options: { tests: boolean }): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir))) {
      const path = join(dir, entry);
      if (statSync(join(root, path)).isDirectory()) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        if (!options.tests && (entry === 'test' || entry === 'testing' || entry === 'fixtures')) continue;
        walk(path);
      } else if (/\.(ts|js|mjs|cjs)$/.test(entry) && !entry.endsWith('.d.ts')) {
        if (options.tests || !/\.(spec|int-spec|e2e-spec)\.ts$/.test(entry)) out.push(path);
      }
    }
  };
  for (const dir of dirs) if (existsSync(join(root, dir))) walk(dir);
  return out.sort();
}

/** Where each variable is read: name → the first file reading it. */
export function variablesRead(root: string, files: readonly string[]): Map<CodeVariable, string> {
  const read = new Map<CodeVariable, string>();
  for (const file of files)
    for (const variable of variablesInSource(readFileSync(join(root, file), 'utf8'), file))
      if (!read.has(variable)) read.set(variable, file);
  return read;
}

const patternOf = (variable: CodeVariable) =>
  new RegExp(`^${variable.replace(/\{\}/g, '[A-Z0-9]+(?:_[A-Z0-9]+)*')}$`);

export interface VariableMismatch {
  /** Read by the code, named by no configuration table. */
  undocumented: string[];
  /** Named by a configuration table, read by no code. */
  unread: string[];
}

/**
 * Compares the two sides. A literal the code reads must be named; a template must match at least
 * one named variable (the check cannot tell which networks a template serves). A named variable
 * must be read: equal to a literal, or matching a template, of `readAnywhere` (the production
 * code, and also the tests and tools, whose knobs the contributors' tables name).
 */
export function compareVariables(
  documented: ReadonlyMap<string, string>,
  readByServices: ReadonlyMap<CodeVariable, string>,
  readAnywhere: ReadonlyMap<CodeVariable, string>,
  notConfiguration: readonly string[] = [],
): VariableMismatch {
  const names = [...documented.keys()];
  const undocumented = [...readByServices]
    .filter(([variable]) => !notConfiguration.includes(variable))
    .filter(([variable]) =>
      variable.includes('{}')
        ? !names.some((name) => patternOf(variable).test(name))
        : !documented.has(variable),
    )
    .map(([variable, file]) => `${variable.replace(/\{\}/g, '<…>')} (read in ${file})`);
  const patterns = [...readAnywhere.keys()].filter((v) => v.includes('{}')).map(patternOf);
  const unread = [...documented]
    .filter(([name]) => !readAnywhere.has(name) && !patterns.some((pattern) => pattern.test(name)))
    .map(([name, where]) => `${name} (named at ${where})`);
  return { undocumented, unread };
}
