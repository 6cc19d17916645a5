"""An independent verifier of tegami journals, written from docs/protocol.md alone (no tegami code).

It checks what needs no game rules, in both journal formats: the hash chain (in format 2 every link, redacted
entries included, through their published content commitments), the seed against its commitment, the nonces,
every signed move (its key, its seat's account, the Ed25519 signature and the claims), the head hash the
reader noted, the dice derivation, and an end by the server's operator (who ended the game, how and why).

    python verify_journal.py journal.json                   # a finished game's JournalListing, saved as received
    python verify_journal.py journal.json --head-hash HEX   # ... which must hold the head hash you noted
    python verify_journal.py journal.json --running         # a running game's copy: chain and signatures only
    python verify_journal.py --vectors docs/protocol-vectors  # the protocol's test vectors

Exit status 0 when everything holds, 1 with one line per problem otherwise.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import math
import re
import sys
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

GENESIS_HASH = "0" * 64
U64_MAX = (1 << 64) - 1
HEX32 = re.compile(r"[0-9a-f]{64}")


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url_encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def u64le(n: int) -> bytes:
    return n.to_bytes(8, "little")


def is_hex32(text) -> bool:
    return isinstance(text, str) and HEX32.fullmatch(text) is not None


def key_id(public_key_b64: str) -> str:
    """The first 16 bytes of the SHA-256 of the raw public key, hex."""
    return sha256(b64url_decode(public_key_b64))[:16].hex()


# ---- Format 1 -------------------------------------------------------------------------------------------


def canonical_v1(entry: dict) -> bytes:
    """Format 1: the bytes an entry's hash covers: sorted keys everywhere, no whitespace, UTF-8 as is."""
    content = {
        "at": entry["at"],
        "body": entry["body"],
        "nonce": entry["nonce"],
        "prev_hash": entry["prev_hash"],
        "seq": entry["seq"],
    }
    return json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def entry_hash_v1(entry: dict) -> str:
    return sha256(canonical_v1(entry)).hex()


# ---- Format 2: RFC 8785 (JCS) and the two hashes ---------------------------------------------------------


def es_number(x: float) -> str:
    """A finite number as ECMAScript's Number::toString writes it (RFC 8785 §3.2.2.3)."""
    if not math.isfinite(x):
        raise ValueError("NaN and infinities are not JSON")
    if x == 0:
        return "0"
    if x < 0:
        return "-" + es_number(-x)
    # repr gives the shortest digits that round-trip, as ECMAScript requires; only the layout differs.
    mantissa, _, exponent = repr(x).partition("e")
    whole, _, fraction = mantissa.partition(".")
    all_digits = whole + fraction
    significant = all_digits.lstrip("0")
    point = len(whole) - (len(all_digits) - len(significant)) + (int(exponent) if exponent else 0)
    digits = significant.rstrip("0")
    k, n = len(digits), point
    if k <= n <= 21:
        return digits + "0" * (n - k)
    if 0 < n <= 21:
        return digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return "0." + "0" * -n + digits
    e = n - 1
    exp = ("+" if e >= 0 else "-") + str(abs(e))
    return (digits if k == 1 else digits[0] + "." + digits[1:]) + "e" + exp


def jcs(value) -> str:
    """RFC 8785: sorted members (by UTF-16 code units), no whitespace, ECMAScript numbers and strings."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        # JSON numbers are IEEE doubles: an integer is written as the double it denotes.
        return str(value) if abs(value) < 2**53 else es_number(float(value))
    if isinstance(value, float):
        return es_number(value)
    if isinstance(value, str):
        # json.dumps escapes exactly ", \ and U+0000-U+001F (short forms where they exist, else \u00xx).
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ",".join(jcs(v) for v in value) + "]"
    if isinstance(value, dict):
        members = sorted(value.items(), key=lambda kv: kv[0].encode("utf-16-be"))
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + jcs(v) for k, v in members) + "}"
    raise TypeError(f"not a JSON value: {value!r}")


def canonical_body(body: dict) -> bytes:
    return jcs(body).encode("utf-8")


def content_commitment(body: dict, nonce: str) -> str:
    c = canonical_body(body)
    return sha256(b"tegami-content\0" + u64le(len(c)) + c + bytes.fromhex(nonce)).hex()


def entry_hash_v2(seq: int, at: str, prev_hash: str, content: str) -> str:
    at_bytes = at.encode("utf-8")
    return sha256(
        b"tegami-entry\0" + u64le(seq) + u64le(len(at_bytes)) + at_bytes + bytes.fromhex(prev_hash) + bytes.fromhex(content)
    ).hex()


# ---- Seed, nonces, dice ---------------------------------------------------------------------------------


def nonce_for(seed: bytes, seq: int) -> str:
    return sha256(b"tegami-nonce\0" + seed + u64le(seq)).hex()


def seed_commitment(seed: bytes) -> str:
    return sha256(seed).hex()


def may_be_salted(slug: str, body: dict) -> bool:
    """Answers the server salts with its own randomness (docs/protocol.md, "Seed, commitment and nonces")."""
    action = body.get("action")
    if body.get("type") not in ("move", "timeout") or action is None:
        return False
    if slug == "shidouban":
        return action == "pass" or (
            isinstance(action, dict) and bool({"kuchi", "reprieve", "pref_kuchi", "pref_reprieve"} & action.keys())
        )
    if slug == "senbat":
        return isinstance(action, dict) and action.get("type") in ("policy_stock", "policy_kenkon")
    return False


class Dice:
    """The generator for one entry: SHA-256 in counter mode, keyed by the seed and the entry's hash."""

    def __init__(self, seed: bytes, entry_hash_hex: str):
        self.key = sha256(b"tegami-dice\0" + seed + entry_hash_hex.encode("ascii"))
        self.counter = 0
        self.block = b""

    def next_u64(self) -> int:
        if not self.block:
            self.block = sha256(self.key + u64le(self.counter))
            self.counter += 1
        word, self.block = self.block[:8], self.block[8:]
        return int.from_bytes(word, "little")

    def below(self, n: int) -> int:
        zone = U64_MAX - (U64_MAX % n)
        while True:
            x = self.next_u64()
            if x < zone:
                return x % n

    def d6(self) -> int:
        return self.below(6) + 1

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


# ---- Signatures -----------------------------------------------------------------------------------------


def public_key_of(private_seed: bytes) -> bytes:
    """The raw 32-byte Ed25519 public key of a 32-byte private seed."""
    return Ed25519PrivateKey.from_private_bytes(private_seed).public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


def sign(private_seed: bytes, message: bytes) -> bytes:
    return Ed25519PrivateKey.from_private_bytes(private_seed).sign(message)


def split_jws(token: str) -> tuple[dict, dict, bytes, bytes]:
    """The header, the claims, the signing input and the signature of a compact JWS."""
    parts = token.split(".")
    if len(parts) != 3:
        raise ValueError("not a compact JWS (three base64url parts separated by dots)")
    try:
        header = json.loads(b64url_decode(parts[0]))
        claims = json.loads(b64url_decode(parts[1]))
        signature = b64url_decode(parts[2])
    except ValueError as e:
        raise ValueError(f"an unreadable JWS part ({e})") from e
    return header, claims, f"{parts[0]}.{parts[1]}".encode("ascii"), signature


def check_signed_move(listing: dict, entry: dict) -> list[str]:
    """Problems with one player's signed move (an empty list when it holds)."""
    seq, body = entry["seq"], entry["body"]
    token = body.get("signature")
    if not token:
        return [f"entry {seq}: a player's move without a signature"]
    try:
        header, claims, signing_input, signature = split_jws(token)
    except ValueError as e:
        return [f"entry {seq}: {e}"]
    if header.get("alg") != "EdDSA":
        return [f"entry {seq}: the JWS algorithm is {header.get('alg')!r}, not EdDSA"]
    kid = header.get("kid")
    listed = [k for k in listing["keys"] if k["kid"] == kid]
    if not listed:
        return [f"entry {seq}: signed with key {kid!r}, which the journal does not list"]
    owner = next((s.get("account_id") for s in listing["seats"] if s["seat"] == body["seat"]), None)

    # A key belongs to the seat's account, or (kept by an import, without an account) to the seat itself.
    def holds(k):
        if k.get("account_id") is None:
            return k.get("seat") == body["seat"]
        return k["account_id"] == owner

    key = next((k for k in listed if holds(k)), None)
    if key is None:
        return [f"entry {seq}: signed by account {listed[0].get('account_id')}, but seat {body['seat']} is account {owner}"]
    if key_id(key["public_key"]) != kid:
        return [f"entry {seq}: key {kid!r} is not the key id of its public key"]
    try:
        Ed25519PublicKey.from_public_bytes(b64url_decode(key["public_key"])).verify(signature, signing_input)
    except (InvalidSignature, ValueError):
        return [f"entry {seq}: the signature does not verify with key {kid}"]
    expected = {"game": listing["game"], "seat": body["seat"], "decision": body["decision"], "action": body["action"]}
    return [
        f"entry {seq}: the signed move names {name} {claims.get(name)!r} instead of {value!r}"
        for name, value in expected.items()
        if claims.get(name) != value
    ]


# ---- An end by the operator ----------------------------------------------------------------------------


def operator_ending_problems(listing: dict, index: int) -> list[str]:
    """Problems with the `ended_by_operator` entry at `index` (docs/protocol.md, "Entry bodies")."""
    entries = listing["entries"]
    seq, body = entries[index]["seq"], entries[index]["body"]
    problems = []
    if not isinstance(body.get("operator"), str) or not body["operator"].strip():
        problems.append(f"entry {seq}: an operator's ending without the operator's name")
    if not isinstance(body.get("reason"), str) or not body["reason"].strip():
        problems.append(f"entry {seq}: an operator's ending without a reason")
    result, ranks = body.get("result"), body.get("ranks")
    if result == "abandoned":
        if ranks is not None:
            problems.append(f"entry {seq}: an abandoned game with places")
    elif result == "adjudicated":
        seats = len(listing["seats"])
        if not isinstance(ranks, list) or len(ranks) != seats or not all(isinstance(r, int) for r in ranks):
            problems.append(f"entry {seq}: an adjudication must place each of the {seats} seats")
        elif any(r != 1 + sum(o < r for o in ranks) for r in ranks):
            problems.append(f"entry {seq}: the places {ranks} are not a standard competition ranking (1, 1, 3)")
    else:
        problems.append(f"entry {seq}: an operator's ending with the unknown result {result!r}")
    if any(e["body"].get("type") != "reveal" for e in entries[index + 1 :]):
        problems.append(f"entry {seq}: entries other than the seed's reveal follow the operator's ending")
    return problems


def operator_ending_text(ending: dict) -> str:
    """One line saying who ended the game, how and why."""
    how = ending["result"]
    if ending.get("ranks") is not None:
        how += ", places by seat " + ", ".join(str(r) for r in ending["ranks"])
    return f"ended by the operator {ending['operator']}: {how} — {ending['reason']}"


# ---- The listing ----------------------------------------------------------------------------------------


def journal_format(listing: dict) -> int:
    """The format entry 0 declares (a format 1 create has no `format` member)."""
    return listing["entries"][0]["body"].get("format", 1)


def link_problem(fmt: int, entry: dict) -> str | None:
    """What is wrong with one entry's hash, by the rules of its format."""
    if fmt == 1:
        if entry.get("redacted"):
            return None  # format 1 cannot recompute it: taken as given, the next entry must name it
        return None if entry_hash_v1(entry) == entry["hash"] else "its hash does not match its content"
    content = entry.get("content")
    if not is_hex32(content):
        return "no content commitment (64 lower-case hex), which every entry of format 2 publishes"
    if not is_hex32(entry["prev_hash"]) or not isinstance(entry["at"], str) or not isinstance(entry["seq"], int):
        return "malformed seq, at or prev_hash"
    if entry_hash_v2(entry["seq"], entry["at"], entry["prev_hash"], content) != entry["hash"]:
        return "its hash does not match its time, previous hash and content commitment"
    if not entry.get("redacted"):
        if not is_hex32(entry["nonce"]):
            return "its nonce is not 64 lower-case hex"
        if content_commitment(entry["body"], entry["nonce"]) != content:
            return "its content commitment does not match its body and nonce"
    return None


def verify_listing(listing: dict, head_hash: str | None = None, finished: bool = True) -> tuple[list[str], dict]:
    """Checks a JournalListing (a finished game's unless `finished` is false); returns the problems and counts."""
    problems: list[str] = []
    entries = listing.get("entries") or []
    if not entries or not isinstance(entries[0].get("body"), dict) or entries[0]["body"].get("type") != "create":
        return ["entry 0 does not create the game"], {}
    create = entries[0]["body"]
    if create.get("slug") != listing["slug"] or create.get("seed_commitment") != listing["seed_commitment"]:
        problems.append("entry 0 names another game type or seed commitment than the listing")
    fmt = journal_format(listing)
    if fmt not in (1, 2):
        return [f"unknown journal format {fmt!r}"], {}
    if listing.get("format", 1) != fmt:
        problems.append(f"entry 0 creates a game in journal format {fmt}, the listing says {listing.get('format')}")

    prev = GENESIS_HASH
    redacted = 0
    for index, entry in enumerate(entries):
        seq = entry.get("seq")
        if seq != index:
            problems.append(f"entry {seq}: out of sequence (expected {index})")
        if entry["prev_hash"] != prev:
            problems.append(f"entry {seq}: does not follow the previous entry (broken hash chain)")
        if entry.get("redacted"):
            redacted += 1
        try:
            problem = link_problem(fmt, entry)
        except (ValueError, TypeError, KeyError) as e:
            problem = f"unreadable ({e})"
        if problem:
            problems.append(f"entry {seq}: {problem}")
        prev = entry["hash"]
    if head_hash is not None and not any(e["hash"] == head_hash for e in entries):
        problems.append(f"the journal does not hold the head {head_hash} you noted")

    signed = 0
    for entry in entries:
        body = entry["body"]
        if entry.get("redacted") or body.get("type") != "move" or body.get("by") != "player":
            continue
        found = check_signed_move(listing, entry)
        problems.extend(found)
        signed += not found
    counts = {"format": fmt, "entries": len(entries), "redacted": redacted, "signed": signed, "salted": 0}

    endings = [i for i, e in enumerate(entries) if e["body"].get("type") == "ended_by_operator"]
    if len(endings) > 1:
        problems.append("the journal holds more than one operator's ending")
    for index in endings:
        problems.extend(operator_ending_problems(listing, index))
        body = entries[index]["body"]
        counts["ended_by_operator"] = {k: body.get(k) for k in ("operator", "result", "ranks", "reason")}

    seed_hex = listing.get("seed")
    if not finished:
        if seed_hex is not None:
            problems.append("a running game's copy shows the seed")
        return problems, counts
    if seed_hex is None:
        problems.append("the seed is not revealed: the game is not finished")
        return problems, counts
    if not is_hex32(seed_hex) or seed_commitment(bytes.fromhex(seed_hex)) != listing["seed_commitment"]:
        problems.append("the revealed seed does not match the commitment published at creation")
        return problems, counts
    seed = bytes.fromhex(seed_hex)
    last = entries[-1]["body"]
    if last.get("type") != "reveal" or last.get("seed") != seed_hex:
        problems.append("the journal does not end with the reveal of its seed")

    for entry in entries:
        if entry.get("redacted") or entry["nonce"] == nonce_for(seed, entry["seq"]):
            continue
        if may_be_salted(listing["slug"], entry["body"]) and is_hex32(entry["nonce"]):
            counts["salted"] += 1
        else:
            problems.append(f"entry {entry['seq']}: its nonce does not derive from the seed")
    return problems, counts


# ---- The test vectors -----------------------------------------------------------------------------------


def read_json(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


def check_vector_game(folder: Path) -> list[str]:
    """Checks every value of one vector game with this module's own code."""
    problems = []
    expected = read_json(folder / "expected.json")
    spectator = read_json(folder / "spectator.json")
    head = expected["head_hash"]
    for name in expected["copies"]:
        copy = read_json(folder / name)
        running = name.startswith("running")
        found, counts = verify_listing(copy, None if running else head, finished=not running)
        problems.extend(f"{name}: {p}" for p in found)
        if counts.get("format") != expected["format"]:
            problems.append(f"{name}: read as journal format {counts.get('format')}")
        if not running and counts.get("ended_by_operator") != expected.get("ended_by_operator"):
            problems.append(f"{name}: read the operator's ending as {counts.get('ended_by_operator')}")
        for mine, theirs in zip(copy["entries"], spectator["entries"]):
            if (mine["seq"], mine["prev_hash"], mine["hash"]) != (theirs["seq"], theirs["prev_hash"], theirs["hash"]):
                problems.append(f"{name}: entry {mine['seq']} is not the published chain's")
    seed = bytes.fromhex(expected["seed_hex"])
    if seed_commitment(seed) != expected["seed_commitment"] or spectator["entries"][-1]["hash"] != head:
        problems.append("seed commitment or head hash differs from expected.json")
    for key in expected["keys"]:
        public = public_key_of(bytes.fromhex(key["private_seed_hex"]))
        if b64url_encode(public) != key["public_key"] or key_id(key["public_key"]) != key["kid"]:
            problems.append(f"key of seat {key['seat']}: public key or kid differs")
    by_seq = {e["seq"]: e for e in spectator["entries"]}
    for want in expected["entries"]:
        seq = want["seq"]
        entry = by_seq[seq]
        if nonce_for(seed, seq) != want["derived_nonce"]:
            problems.append(f"entry {seq}: nonce(seq) differs")
        if (not entry.get("redacted") and entry["nonce"] == nonce_for(seed, seq)) != want["nonce_is_derived"]:
            problems.append(f"entry {seq}: whether its nonce derives from the seed differs")
        if "canonical" in want and canonical_v1(entry).decode("utf-8") != want["canonical"]:
            problems.append(f"entry {seq}: canonical form (format 1) differs")
        if "canonical_body" in want and canonical_body(entry["body"]).decode("utf-8") != want["canonical_body"]:
            problems.append(f"entry {seq}: canonical body (RFC 8785) differs")
        if "canonical_body" in want and content_commitment(entry["body"], entry["nonce"]) != want["content"]:
            problems.append(f"entry {seq}: content commitment differs")
        if entry["hash"] != want["hash"]:
            problems.append(f"entry {seq}: hash differs")
    for want in expected["dice"]:
        entry_hash = by_seq[want["seq"]]["hash"]
        dice = Dice(seed, entry_hash)
        if [str(dice.next_u64()) for _ in want["rng_first_u64s"]] != want["rng_first_u64s"]:
            problems.append(f"entry {want['seq']}: next_u64 sequence differs")
        dice = Dice(seed, entry_hash)
        if [dice.d6() for _ in want["rng_d6_rolls"]] != want["rng_d6_rolls"]:
            problems.append(f"entry {want['seq']}: d6 rolls differ")
        deck = list(range(10))
        Dice(seed, entry_hash).shuffle(deck)
        if deck != want["rng_shuffle_0_to_9"]:
            problems.append(f"entry {want['seq']}: shuffle differs")
    for want in expected["signed_moves"]:
        token = by_seq[want["seq"]]["body"]["signature"]
        header, claims, signing_input, signature = split_jws(token)
        if header != json.loads(want["header_json"]) or claims != json.loads(want["payload_json"]):
            problems.append(f"entry {want['seq']}: decoded JWS header or payload differs")
        if signing_input.decode("ascii") != want["signing_input"] or signature.hex() != want["signature_hex"]:
            problems.append(f"entry {want['seq']}: signing input or signature differs")
        key = next(k for k in expected["keys"] if k["seat"] == want["seat"])
        if sign(bytes.fromhex(key["private_seed_hex"]), signing_input) != signature:
            problems.append(f"entry {want['seq']}: signing again with the seat's seed gives another signature")
    return problems


def check_numbers() -> list[str]:
    """RFC 8785's number examples (its appendix B), written as ECMAScript writes them."""
    cases = {
        0.0: "0", -0.0: "0", 582.0: "582", 582.5: "582.5", 1e21: "1e+21", 1e20: "100000000000000000000",
        1e-7: "1e-7", 0.000001: "0.000001", 123456789012345680000.0: "123456789012345680000",
        4.5: "4.5", 2e-3: "0.002", 0.000001234: "0.000001234", 1.5e-7: "1.5e-7",
        9007199254740992.0: "9007199254740992", 295147905179352830000.0: "295147905179352830000",
        5e-324: "5e-324", 1.7976931348623157e308: "1.7976931348623157e+308", 333333333.3333333: "333333333.3333333",
    }
    return [f"number {x!r} is written {es_number(x)} instead of {want}" for x, want in cases.items() if es_number(x) != want]


def check_vectors(folder: Path) -> list[str]:
    """Checks every vector game under `folder` (each a folder with an expected.json)."""
    problems = check_numbers()
    games = sorted(p.parent for p in folder.rglob("expected.json"))
    if not games:
        return [f"no test vectors under {folder}"]
    for game in games:
        problems.extend(f"{game.relative_to(folder)}: {p}" for p in check_vector_game(game))
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("journal", nargs="?", type=Path, help="a JournalListing saved as JSON, as received")
    parser.add_argument("--head-hash", help="a head_hash you noted (GameDetail.head_hash); the journal must hold it")
    parser.add_argument("--running", action="store_true", help="the copy of a running game (no seed yet)")
    parser.add_argument("--vectors", type=Path, help="the folder of the protocol's test vectors")
    args = parser.parse_args()
    if args.vectors:
        problems = check_vectors(args.vectors)
        what = f"test vectors in {args.vectors}"
    elif args.journal:
        try:
            listing = read_json(args.journal)
            problems, counts = verify_listing(listing, args.head_hash, finished=not args.running)
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            problems, counts = [f"not a journal listing: {e!r}"], {}
        what = f"journal {args.journal} ({counts})"
        if counts.get("ended_by_operator"):
            print(operator_ending_text(counts["ended_by_operator"]))
    else:
        parser.error("give a journal file or --vectors FOLDER")
    for problem in problems:
        print(f"FAILED  {problem}", file=sys.stderr)
    print(f"{what}: {'verified' if not problems else 'NOT verified'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
