// What the one-shot services of docker-compose.yml (init.js, database-roles.js) share: the
// launcher's compiled code (dist/, under the working directory: /app in the image), the volumes'
// owner, and env files that the services' command sources with `sh`.
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const launcher = (name) => require(path.resolve('dist/apps/launcher/src', name));
const library = (name) => require(path.resolve('dist/libs/shared', name, 'src/index.js'));

// Read by `sh` (`. file`): a value with any other character goes in single quotes.
const PLAIN_VALUE = /^[A-Za-z0-9+/=:._-]+$/;

function required(variable, meaning) {
  const value = process.env[variable];
  if (!value) throw new Error(`set ${variable} to ${meaning}`);
  return value;
}

const directory = (variable) => required(variable, 'the directory of its volume');

/**
 * Docker makes a new volume owned by root: hand the directories to KEYS_OWNER (the user the
 * services run as) and go on as that user, so what is written here is theirs to read.
 */
function becomeOwner(owner, dirs) {
  if (!owner || process.getuid() !== 0) return;
  const id = (flag) => Number(execFileSync('id', [flag, owner], { encoding: 'utf8' }).trim());
  const [uid, gid] = [id('-u'), id('-g')];
  for (const dir of dirs) {
    fs.chownSync(dir, uid, gid);
    for (const entry of fs.readdirSync(dir)) fs.chownSync(path.join(dir, entry), uid, gid);
  }
  process.setgroups([gid]);
  process.setgid(gid);
  process.setuid(uid);
}

function envLine(name, value) {
  if (PLAIN_VALUE.test(value)) return `${name}=${value}\n`;
  if (/['\n\0]/.test(value)) throw new Error(`${name} has a quote or a line break, which sh would misread`);
  return `${name}='${value}'\n`;
}

/** Replaces the file whole, so a service never reads half of it. */
function replaceFile(file, text, mode) {
  const temporary = `${file}.tmp`;
  fs.writeFileSync(temporary, text, { mode });
  fs.renameSync(temporary, file);
}

function writeEnvFile(file, variables, mode) {
  replaceFile(
    file,
    Object.entries(variables)
      .map(([name, value]) => envLine(name, value))
      .join(''),
    mode,
  );
}

module.exports = { becomeOwner, directory, launcher, library, replaceFile, required, writeEnvFile };
