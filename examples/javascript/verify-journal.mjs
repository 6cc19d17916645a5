#!/usr/bin/env node
// An independent verifier of tegami journals, written from docs/protocol.md alone (no tegami code), in plain
// JavaScript for Node (18 or newer): SHA-256 and Ed25519 come from Node's built-in `crypto`, nothing else is
// needed.
//
// It checks what needs no game rules, in both journal formats: the hash chain (in format 2 every link,
// redacted entries included, through their published content commitments), the seed against its commitment,
// the nonces, every signed move (its key, its seat's account, the Ed25519 signature and the claims), the head
// hash the reader noted, the dice derivation, and an end by the server's operator (who ended the game, how and
// why).
//
//     node verify-journal.mjs journal.json                   a finished game's JournalListing, as received
//     node verify-journal.mjs journal.json --head-hash HEX   ... which must hold the head hash you noted
//     node verify-journal.mjs journal.json --running         a running game's copy: chain and signatures only
//     node verify-journal.mjs --vectors docs/protocol-vectors   the protocol's test vectors
//
// Exit status 0 when everything holds, 1 with one line per problem otherwise.

import { createHash, createPrivateKey, createPublicKey, sign, verify } from "node:crypto";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const GENESIS_HASH = "0".repeat(64);
const U64_MAX = (1n << 64n) - 1n;
const HEX32 = /^[0-9a-f]{64}$/;

const sha256 = (...parts) => {
  const h = createHash("sha256");
  for (const p of parts) h.update(p);
  return h.digest();
};
const utf8 = (text) => Buffer.from(text, "utf8");
const u64le = (n) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
};
const isHex32 = (text) => typeof text === "string" && HEX32.test(text);
const b64urlDecode = (text) => Buffer.from(text, "base64url");
const keyId = (publicKeyB64) => sha256(b64urlDecode(publicKeyB64)).subarray(0, 16).toString("hex");

// ---- Reading JSON as received -----------------------------------------------------------------------------

// A number whose text JSON.stringify would not give back (such as `582.0`): format 1 hashes numbers as the
// server wrote them, so the text is kept beside the value.
class RawNumber {
  constructor(text) {
    this.text = text;
    this.value = Number(text);
  }
}

// JSON.parse, except that numbers keep their text where it matters (RawNumber).
function parseJson(text) {
  let i = 0;
  const fail = (what) => {
    throw new SyntaxError(`${what} at character ${i}`);
  };
  const space = () => {
    while (" \t\n\r".includes(text[i]) && i < text.length) i++;
  };
  const value = () => {
    space();
    const c = text[i];
    if (c === "{") {
      i++;
      const object = {};
      space();
      if (text[i] === "}") return i++, object;
      for (;;) {
        space();
        if (text[i] !== '"') fail("a member name expected");
        const key = string();
        space();
        if (text[i++] !== ":") fail("`:` expected");
        object[key] = value();
        space();
        if (text[i] === ",") i++;
        else if (text[i] === "}") return i++, object;
        else fail("`,` or `}` expected");
      }
    }
    if (c === "[") {
      i++;
      const array = [];
      space();
      if (text[i] === "]") return i++, array;
      for (;;) {
        array.push(value());
        space();
        if (text[i] === ",") i++;
        else if (text[i] === "]") return i++, array;
        else fail("`,` or `]` expected");
      }
    }
    if (c === '"') return string();
    for (const [word, literal] of [["true", true], ["false", false], ["null", null]]) {
      if (text.startsWith(word, i)) return (i += word.length), literal;
    }
    const number = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
    number.lastIndex = i;
    const m = number.exec(text);
    if (!m) fail("a JSON value expected");
    i += m[0].length;
    const n = Number(m[0]);
    return JSON.stringify(n) === m[0] ? n : new RawNumber(m[0]);
  };
  const string = () => {
    const start = i++;
    while (text[i] !== '"') {
      if (i >= text.length) fail("an unterminated string");
      i += text[i] === "\\" ? 2 : 1;
    }
    i++;
    return JSON.parse(text.slice(start, i));
  };
  const result = value();
  space();
  if (i !== text.length) fail("text after the JSON value");
  return result;
}

// ---- Format 1 ---------------------------------------------------------------------------------------------

// Format 1: the JSON of {at, body, nonce, prev_hash, seq} with every object's members sorted by code point,
// no whitespace, numbers as the server wrote them.
function canonicalV1(entry) {
  const byCodePoint = (a, b) => {
    const [x, y] = [Array.from(a, (c) => c.codePointAt(0)), Array.from(b, (c) => c.codePointAt(0))];
    for (let k = 0; k < Math.min(x.length, y.length); k++) if (x[k] !== y[k]) return x[k] - y[k];
    return x.length - y.length;
  };
  const write = (v) => {
    if (v instanceof RawNumber) return v.text;
    if (v === null || typeof v !== "object") return JSON.stringify(v);
    if (Array.isArray(v)) return "[" + v.map(write).join(",") + "]";
    return "{" + Object.keys(v).sort(byCodePoint).map((k) => JSON.stringify(k) + ":" + write(v[k])).join(",") + "}";
  };
  const { at, body, nonce, prev_hash, seq } = entry;
  return write({ at, body, nonce, prev_hash, seq });
}

const entryHashV1 = (entry) => sha256(utf8(canonicalV1(entry))).toString("hex");

// ---- Format 2: RFC 8785 (JCS) and the two hashes -----------------------------------------------------------

// RFC 8785 is JSON.stringify for strings, numbers and literals, with every object's members sorted by their
// names' UTF-16 code units (what Array.prototype.sort compares) and no whitespace.
function jcs(value) {
  if (value instanceof RawNumber) return JSON.stringify(value.value);
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isFinite(value)) throw new Error("NaN and infinities are not JSON");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return "[" + value.map(jcs).join(",") + "]";
  return "{" + Object.keys(value).sort().map((k) => JSON.stringify(k) + ":" + jcs(value[k])).join(",") + "}";
}

const canonicalBody = (body) => utf8(jcs(body));

function contentCommitment(body, nonce) {
  const c = canonicalBody(body);
  return sha256(utf8("tegami-content\0"), u64le(c.length), c, Buffer.from(nonce, "hex")).toString("hex");
}

function entryHashV2(seq, at, prevHash, content) {
  const atBytes = utf8(at);
  return sha256(
    utf8("tegami-entry\0"), u64le(seq), u64le(atBytes.length), atBytes,
    Buffer.from(prevHash, "hex"), Buffer.from(content, "hex"),
  ).toString("hex");
}

// ---- Seed, nonces, dice -----------------------------------------------------------------------------------

const nonceFor = (seed, seq) => sha256(utf8("tegami-nonce\0"), seed, u64le(seq)).toString("hex");
const seedCommitment = (seed) => sha256(seed).toString("hex");

// Answers the server salts with its own randomness (docs/protocol.md, "Seed, commitment and nonces").
function mayBeSalted(slug, body) {
  const action = body.action;
  if (!["move", "timeout"].includes(body.type) || action === null || action === undefined) return false;
  const isObject = typeof action === "object" && !Array.isArray(action);
  if (slug === "shidouban") {
    return action === "pass" || (isObject && ["kuchi", "reprieve", "pref_kuchi", "pref_reprieve"].some((k) => k in action));
  }
  if (slug === "senbat") return isObject && ["policy_stock", "policy_kenkon"].includes(action.type);
  return false;
}

class Dice {
  constructor(seed, entryHashHex) {
    this.key = sha256(utf8("tegami-dice\0"), seed, Buffer.from(entryHashHex, "ascii"));
    this.counter = 0;
    this.block = Buffer.alloc(0);
  }
  nextU64() {
    if (this.block.length === 0) {
      this.block = sha256(this.key, u64le(this.counter));
      this.counter += 1;
    }
    const word = this.block.readBigUInt64LE(0);
    this.block = this.block.subarray(8);
    return word;
  }
  below(n) {
    const big = BigInt(n);
    const zone = U64_MAX - (U64_MAX % big);
    for (;;) {
      const x = this.nextU64();
      if (x < zone) return Number(x % big);
    }
  }
  d6() {
    return this.below(6) + 1;
  }
  shuffle(items) {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
  }
}

// ---- Signatures -------------------------------------------------------------------------------------------

const ed25519Public = (publicKeyB64) => createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: publicKeyB64 }, format: "jwk" });
// A 32-byte seed as a PKCS #8 private key (RFC 8410's fixed prefix).
const ed25519Private = (seed) =>
  createPrivateKey({ key: Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seed]), format: "der", type: "pkcs8" });

function splitJws(token) {
  const parts = typeof token === "string" ? token.split(".") : [];
  if (parts.length !== 3) throw new Error("not a compact JWS (three base64url parts separated by dots)");
  return {
    header: JSON.parse(b64urlDecode(parts[0]).toString("utf8")),
    claims: JSON.parse(b64urlDecode(parts[1]).toString("utf8")),
    signingInput: Buffer.from(`${parts[0]}.${parts[1]}`, "ascii"),
    signature: b64urlDecode(parts[2]),
  };
}

// JSON values compared as values (member order aside).
const sameJson = (a, b) => jcs(a) === jcs(b);

function checkSignedMove(listing, entry) {
  const { seq, body } = entry;
  if (!body.signature) return [`entry ${seq}: a player's move without a signature`];
  let jws;
  try {
    jws = splitJws(body.signature);
  } catch (e) {
    return [`entry ${seq}: ${e.message}`];
  }
  if (jws.header.alg !== "EdDSA") return [`entry ${seq}: the JWS algorithm is ${jws.header.alg}, not EdDSA`];
  const kid = jws.header.kid;
  const listed = listing.keys.filter((k) => k.kid === kid);
  if (listed.length === 0) return [`entry ${seq}: signed with key ${kid}, which the journal does not list`];
  const owner = listing.seats.find((s) => s.seat === body.seat)?.account_id ?? null;
  // A key belongs to the seat's account, or (kept by an import, without an account) to the seat itself.
  const holds = (k) => (k.account_id ?? null) === null ? k.seat === body.seat : k.account_id === owner;
  const key = listed.find(holds);
  if (!key) return [`entry ${seq}: signed by account ${listed[0].account_id ?? null}, but seat ${body.seat} is account ${owner}`];
  if (keyId(key.public_key) !== kid) return [`entry ${seq}: key ${kid} is not the key id of its public key`];
  let valid = false;
  try {
    valid = verify(null, jws.signingInput, ed25519Public(key.public_key), jws.signature);
  } catch {
    valid = false;
  }
  if (!valid) return [`entry ${seq}: the signature does not verify with key ${kid}`];
  const expected = { game: listing.game, seat: body.seat, decision: body.decision, action: body.action };
  return Object.entries(expected)
    .filter(([name, value]) => !sameJson(jws.claims[name] ?? null, value ?? null))
    .map(([name]) => `entry ${seq}: the signed move names another ${name}`);
}

// ---- The listing ------------------------------------------------------------------------------------------

function linkProblem(format, entry) {
  if (format === 1) {
    if (entry.redacted) return null; // format 1 cannot recompute it: taken as given, the next entry must name it
    return entryHashV1(entry) === entry.hash ? null : "its hash does not match its content";
  }
  if (!isHex32(entry.content)) return "no content commitment (64 lower-case hex), which every entry of format 2 publishes";
  if (!isHex32(entry.prev_hash) || typeof entry.at !== "string" || !Number.isSafeInteger(entry.seq) || entry.seq < 0) {
    return "malformed seq, at or prev_hash";
  }
  if (entryHashV2(entry.seq, entry.at, entry.prev_hash, entry.content) !== entry.hash) {
    return "its hash does not match its time, previous hash and content commitment";
  }
  if (!entry.redacted) {
    if (!isHex32(entry.nonce)) return "its nonce is not 64 lower-case hex";
    if (contentCommitment(entry.body, entry.nonce) !== entry.content) return "its content commitment does not match its body and nonce";
  }
  return null;
}

// ---- An end by the operator ----

// Problems with the `ended_by_operator` entry at `index` (docs/protocol.md, "Entry bodies").
export function operatorEndingProblems(listing, index) {
  const entries = listing.entries;
  const { seq, body } = entries[index];
  const problems = [];
  const text = (value) => typeof value === "string" && value.trim() !== "";
  if (!text(body.operator)) problems.push(`entry ${seq}: an operator's ending without the operator's name`);
  if (!text(body.reason)) problems.push(`entry ${seq}: an operator's ending without a reason`);
  const ranks = body.ranks ?? null;
  if (body.result === "abandoned") {
    if (ranks !== null) problems.push(`entry ${seq}: an abandoned game with places`);
  } else if (body.result === "adjudicated") {
    const seats = listing.seats.length;
    if (!Array.isArray(ranks) || ranks.length !== seats || !ranks.every(Number.isInteger)) {
      problems.push(`entry ${seq}: an adjudication must place each of the ${seats} seats`);
    } else if (ranks.some((r) => r !== 1 + ranks.filter((o) => o < r).length)) {
      problems.push(`entry ${seq}: the places ${JSON.stringify(ranks)} are not a standard competition ranking (1, 1, 3)`);
    }
  } else {
    problems.push(`entry ${seq}: an operator's ending with the unknown result ${JSON.stringify(body.result)}`);
  }
  if (entries.slice(index + 1).some((e) => e.body.type !== "reveal")) {
    problems.push(`entry ${seq}: entries other than the seed's reveal follow the operator's ending`);
  }
  return problems;
}

// One line saying who ended the game, how and why.
export function operatorEndingText(ending) {
  let how = ending.result;
  if (ending.ranks !== null && ending.ranks !== undefined) how += `, places by seat ${ending.ranks.join(", ")}`;
  return `ended by the operator ${ending.operator}: ${how} — ${ending.reason}`;
}

export function verifyListing(listing, { headHash = null, finished = true } = {}) {
  const problems = [];
  const entries = listing.entries ?? [];
  const create = entries[0]?.body;
  if (!create || create.type !== "create") return { problems: ["entry 0 does not create the game"], counts: {} };
  if (create.slug !== listing.slug || create.seed_commitment !== listing.seed_commitment) {
    problems.push("entry 0 names another game type or seed commitment than the listing");
  }
  const format = create.format ?? 1;
  if (format !== 1 && format !== 2) return { problems: [`unknown journal format ${format}`], counts: {} };
  if ((listing.format ?? 1) !== format) problems.push(`entry 0 creates a game in journal format ${format}, the listing says ${listing.format}`);

  let prev = GENESIS_HASH;
  let redacted = 0;
  entries.forEach((entry, index) => {
    if (entry.seq !== index) problems.push(`entry ${entry.seq}: out of sequence (expected ${index})`);
    if (entry.prev_hash !== prev) problems.push(`entry ${entry.seq}: does not follow the previous entry (broken hash chain)`);
    if (entry.redacted) redacted += 1;
    let problem;
    try {
      problem = linkProblem(format, entry);
    } catch (e) {
      problem = `unreadable (${e.message})`;
    }
    if (problem) problems.push(`entry ${entry.seq}: ${problem}`);
    prev = entry.hash;
  });
  if (headHash !== null && !entries.some((e) => e.hash === headHash)) problems.push(`the journal does not hold the head ${headHash} you noted`);

  let signed = 0;
  for (const entry of entries) {
    const body = entry.body;
    if (entry.redacted || body.type !== "move" || body.by !== "player") continue;
    const found = checkSignedMove(listing, entry);
    problems.push(...found);
    if (found.length === 0) signed += 1;
  }
  const counts = { format, entries: entries.length, redacted, signed, salted: 0 };

  const endings = entries.flatMap((e, i) => (e.body.type === "ended_by_operator" ? [i] : []));
  if (endings.length > 1) problems.push("the journal holds more than one operator's ending");
  for (const index of endings) {
    problems.push(...operatorEndingProblems(listing, index));
    const { operator, result, ranks, reason } = entries[index].body;
    counts.ended_by_operator = { operator, result, ranks: ranks ?? null, reason };
  }

  const seedHex = listing.seed ?? null;
  if (!finished) {
    if (seedHex !== null) problems.push("a running game's copy shows the seed");
    return { problems, counts };
  }
  if (seedHex === null) {
    problems.push("the seed is not revealed: the game is not finished");
    return { problems, counts };
  }
  if (!isHex32(seedHex) || seedCommitment(Buffer.from(seedHex, "hex")) !== listing.seed_commitment) {
    problems.push("the revealed seed does not match the commitment published at creation");
    return { problems, counts };
  }
  const seed = Buffer.from(seedHex, "hex");
  const last = entries[entries.length - 1].body;
  if (last.type !== "reveal" || last.seed !== seedHex) problems.push("the journal does not end with the reveal of its seed");
  for (const entry of entries) {
    if (entry.redacted || entry.nonce === nonceFor(seed, entry.seq)) continue;
    if (mayBeSalted(listing.slug, entry.body) && isHex32(entry.nonce)) counts.salted += 1;
    else problems.push(`entry ${entry.seq}: its nonce does not derive from the seed`);
  }
  return { problems, counts };
}

// ---- The test vectors -------------------------------------------------------------------------------------

const readJson = (path) => parseJson(readFileSync(path, "utf8"));

function checkVectorGame(folder) {
  const problems = [];
  const expected = readJson(join(folder, "expected.json"));
  const spectator = readJson(join(folder, "spectator.json"));
  const head = expected.head_hash;
  for (const name of expected.copies) {
    const copy = readJson(join(folder, name));
    const running = name.startsWith("running");
    const { problems: found, counts } = verifyListing(copy, { headHash: running ? null : head, finished: !running });
    problems.push(...found.map((p) => `${name}: ${p}`));
    if (counts.format !== expected.format) problems.push(`${name}: read as journal format ${counts.format}`);
    // Compared field by field: the vector's file and this verifier write the object's keys in other orders.
    const said = (e) =>
      e == null ? "null" : JSON.stringify([e.operator, e.result, e.ranks ?? null, e.reason]);
    const ending = JSON.stringify(counts.ended_by_operator ?? null);
    if (!running && said(counts.ended_by_operator) !== said(expected.ended_by_operator)) {
      problems.push(`${name}: read the operator's ending as ${ending}`);
    }
    copy.entries.forEach((mine, i) => {
      const theirs = spectator.entries[i];
      if (!theirs || mine.seq !== theirs.seq || mine.prev_hash !== theirs.prev_hash || mine.hash !== theirs.hash) {
        problems.push(`${name}: entry ${mine.seq} is not the published chain's`);
      }
    });
  }
  const seed = Buffer.from(expected.seed_hex, "hex");
  if (seedCommitment(seed) !== expected.seed_commitment || spectator.entries.at(-1).hash !== head) {
    problems.push("seed commitment or head hash differs from expected.json");
  }
  for (const key of expected.keys) {
    const publicKey = createPublicKey(ed25519Private(Buffer.from(key.private_seed_hex, "hex"))).export({ format: "jwk" }).x;
    if (publicKey !== key.public_key || keyId(key.public_key) !== key.kid) problems.push(`key of seat ${key.seat}: public key or kid differs`);
  }
  const bySeq = new Map(spectator.entries.map((e) => [e.seq, e]));
  for (const want of expected.entries) {
    const seq = want.seq;
    const entry = bySeq.get(seq);
    if (nonceFor(seed, seq) !== want.derived_nonce) problems.push(`entry ${seq}: nonce(seq) differs`);
    if ((!entry.redacted && entry.nonce === nonceFor(seed, seq)) !== want.nonce_is_derived) {
      problems.push(`entry ${seq}: whether its nonce derives from the seed differs`);
    }
    if ("canonical_body" in want) {
      if (canonicalBody(entry.body).toString("utf8") !== want.canonical_body) problems.push(`entry ${seq}: canonical body (RFC 8785) differs`);
      if (contentCommitment(entry.body, entry.nonce) !== want.content) problems.push(`entry ${seq}: content commitment differs`);
    }
    if (entry.hash !== want.hash) problems.push(`entry ${seq}: hash differs`);
  }
  for (const want of expected.dice) {
    const entryHash = bySeq.get(want.seq).hash;
    let dice = new Dice(seed, entryHash);
    if (want.rng_first_u64s.some((w) => dice.nextU64().toString() !== w)) problems.push(`entry ${want.seq}: next_u64 sequence differs`);
    dice = new Dice(seed, entryHash);
    if (want.rng_d6_rolls.some((r) => dice.d6() !== r)) problems.push(`entry ${want.seq}: d6 rolls differ`);
    const deck = [...Array(10).keys()];
    new Dice(seed, entryHash).shuffle(deck);
    if (deck.join(",") !== want.rng_shuffle_0_to_9.join(",")) problems.push(`entry ${want.seq}: shuffle differs`);
  }
  for (const want of expected.signed_moves) {
    const jws = splitJws(bySeq.get(want.seq).body.signature);
    if (!sameJson(jws.header, JSON.parse(want.header_json)) || !sameJson(jws.claims, JSON.parse(want.payload_json))) {
      problems.push(`entry ${want.seq}: decoded JWS header or payload differs`);
    }
    if (jws.signingInput.toString("ascii") !== want.signing_input || jws.signature.toString("hex") !== want.signature_hex) {
      problems.push(`entry ${want.seq}: signing input or signature differs`);
    }
    const key = expected.keys.find((k) => k.seat === want.seat);
    const again = sign(null, jws.signingInput, ed25519Private(Buffer.from(key.private_seed_hex, "hex")));
    if (!again.equals(jws.signature)) problems.push(`entry ${want.seq}: signing again with the seat's seed gives another signature`);
  }
  return problems;
}

function findVectorGames(folder) {
  const found = [];
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) found.push(...findVectorGames(path));
    else if (name === "expected.json") found.push(folder);
  }
  return found;
}

function checkVectors(folder) {
  const games = findVectorGames(folder);
  if (games.length === 0) return [`no test vectors under ${folder}`];
  return games.flatMap((game) => checkVectorGame(game).map((p) => `${relative(folder, game)}: ${p}`));
}

function main(argv) {
  const args = { journal: null, headHash: null, running: false, vectors: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--head-hash") args.headHash = argv[++i] ?? null;
    else if (arg === "--running") args.running = true;
    else if (arg === "--vectors") args.vectors = argv[++i] ?? null;
    else if (arg.startsWith("--")) {
      console.error(`unknown option ${arg}; use --head-hash HEX, --running or --vectors FOLDER`);
      return 2;
    } else args.journal = arg;
  }
  let problems;
  let what;
  if (args.vectors) {
    problems = checkVectors(args.vectors);
    what = `test vectors in ${args.vectors}`;
  } else if (args.journal) {
    let counts = {};
    try {
      ({ problems, counts } = verifyListing(readJson(args.journal), { headHash: args.headHash, finished: !args.running }));
    } catch (e) {
      problems = [`not a journal listing: ${e.message}`];
    }
    what = `journal ${args.journal} (${JSON.stringify(counts)})`;
    if (counts.ended_by_operator) console.log(operatorEndingText(counts.ended_by_operator));
  } else {
    console.error("give a journal file or --vectors FOLDER");
    return 2;
  }
  for (const p of problems) console.error(`FAILED  ${p}`);
  console.log(`${what}: ${problems.length === 0 ? "verified" : "NOT verified"}`);
  return problems.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main(process.argv.slice(2));
