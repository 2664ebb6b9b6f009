#!/usr/bin/env node
// Adds a dispatcher account to a courier accounts file (COURIER_ACCOUNTS_FILE), storing only an
// scrypt hash of the password. The password is read from stdin or a hidden prompt, never from the
// command line, where it would end up in the shell history and the process list.
//
//   npm run courier:add-account -- data/accounts.json ana@example.com Ana López cdmx
//   printf '%s' "$PASSWORD" | node scripts/add-account.mjs data/accounts.json ana@example.com Ana López cdmx
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { hashPassword } from '../lib/courier-service/password-hash.mjs';

const USAGE =
  'usage: node scripts/add-account.mjs <accounts-file> <email> <first-name> <last-name> <zone>\n' +
  '       (the password is read from stdin, or asked for when stdin is a terminal)';
const MIN_PASSWORD_LENGTH = 8;

function fail(message) {
  console.error(`add-account: ${message}`);
  process.exit(1);
}

function readHidden(question) {
  return new Promise((resolve) => {
    const { stdin, stderr } = process;
    stderr.write(question);
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.resume();
    let text = '';
    const onData = (chunk) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stderr.write('\n');
          resolve(text);
          return;
        }
        if (char === '\u0003') {
          stdin.setRawMode(false);
          stderr.write('\n');
          process.exit(130);
        }
        if (char === '\u007f' || char === '\b') text = text.slice(0, -1);
        else text += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword() {
  if (process.stdin.isTTY) {
    const password = await readHidden('Password: ');
    const again = await readHidden('Repeat it: ');
    if (password !== again) fail('the two passwords differ');
    return password;
  }
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  // A trailing newline comes from `echo` or a here-string, not from the password.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

const [file, email, firstName, lastName, zone, ...rest] = process.argv.slice(2);
if (!file || !email || !firstName || !lastName || !zone || rest.length > 0) fail(USAGE);
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
  fail(`"${email}" is not an e-mail address`);
}

const accounts = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
if (!Array.isArray(accounts)) fail(`${file} does not hold a JSON array of accounts`);
if (accounts.some((account) => account.email?.toLowerCase() === email.toLowerCase())) {
  fail(`${email} already has an account in ${file}`);
}

const password = await readPassword();
if (password.length < MIN_PASSWORD_LENGTH) {
  fail(`the password must have at least ${MIN_PASSWORD_LENGTH} characters`);
}

const idClient = accounts.reduce((max, account) => Math.max(max, account.idClient ?? 0), 1000) + 1;
accounts.push({
  email,
  passwordHash: await hashPassword(password),
  idClient,
  firstName,
  lastName,
  zone,
  active: true,
});
// Written beside the file and renamed over it, so a crash never leaves half a file.
const temporary = `${file}.${process.pid}.tmp`;
writeFileSync(temporary, `${JSON.stringify(accounts, null, 2)}\n`, { mode: 0o600 });
renameSync(temporary, file);
console.log(`Added ${email} (idClient ${idClient}, zone ${zone}) to ${file}.`);
