"""An independent verifier of tegami journals, written from docs/protocol.md alone (no tegami code).

It checks what needs no game rules: the hash chain, the seed against its commitment, the nonces, every
signed move (its key, its seat's account, the Ed25519 signature and the claims) and the dice derivation.

    python verify_journal.py journal.json                  # a JournalListing saved from the API
    python verify_journal.py --vectors docs/protocol-vectors  # the protocol's test vectors

Exit status 0 when everything holds, 1 with one line per problem otherwise.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import sys
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

GENESIS_HASH = "0" * 64
U64_MAX = (1 << 64) - 1


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url_encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def u64le(n: int) -> bytes:
    return n.to_bytes(8, "little")


def key_id(public_key_b64: str) -> str:
    """The first 16 bytes of the SHA-256 of the raw public key, hex."""
    return sha256(b64url_decode(public_key_b64))[:16].hex()


def canonical(entry: dict) -> bytes:
    """The bytes an entry's hash covers: sorted keys everywhere, no whitespace, UTF-8 as is."""
    content = {
        "at": entry["at"],
        "body": entry["body"],
        "nonce": entry["nonce"],
        "prev_hash": entry["prev_hash"],
        "seq": entry["seq"],
    }
    return json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def entry_hash(entry: dict) -> str:
    return sha256(canonical(entry)).hex()


def nonce_for(seed: bytes, seq: int) -> str:
    return sha256(b"tegami-nonce\0" + seed + u64le(seq)).hex()


def seed_commitment(seed: bytes) -> str:
    return sha256(seed).hex()


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
    header = json.loads(b64url_decode(parts[0]))
    claims = json.loads(b64url_decode(parts[1]))
    return header, claims, f"{parts[0]}.{parts[1]}".encode("ascii"), b64url_decode(parts[2])


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
    key = next((k for k in listing["keys"] if k["kid"] == kid), None)
    if key is None:
        return [f"entry {seq}: signed with key {kid!r}, which the journal does not list"]
    if key_id(key["public_key"]) != kid:
        return [f"entry {seq}: key {kid!r} is not the key id of its public key"]
    owner = next((s.get("account_id") for s in listing["seats"] if s["seat"] == body["seat"]), None)
    if owner != key["account_id"]:
        return [f"entry {seq}: signed by account {key['account_id']}, but seat {body['seat']} is account {owner}"]
    try:
        Ed25519PublicKey.from_public_bytes(b64url_decode(key["public_key"])).verify(signature, signing_input)
    except InvalidSignature:
        return [f"entry {seq}: the signature does not verify with key {kid}"]
    expected = {"game": listing["game"], "seat": body["seat"], "decision": body["decision"], "action": body["action"]}
    return [
        f"entry {seq}: the signed move names {name} {claims.get(name)!r} instead of {value!r}"
        for name, value in expected.items()
        if claims.get(name) != value
    ]


def verify_listing(listing: dict) -> tuple[list[str], dict]:
    """Checks a finished game's JournalListing; returns the problems and counts of what was checked."""
    problems: list[str] = []
    entries = listing["entries"]
    if not entries or entries[0]["body"].get("type") != "create":
        return ["entry 0 does not create the game"], {}
    create = entries[0]["body"]
    if create["slug"] != listing["slug"] or create["seed_commitment"] != listing["seed_commitment"]:
        problems.append("entry 0 names another game type or seed commitment than the listing")

    prev = GENESIS_HASH
    redacted = 0
    for index, entry in enumerate(entries):
        if entry["seq"] != index:
            problems.append(f"entry {entry['seq']}: out of sequence (expected {index})")
        if entry["prev_hash"] != prev:
            problems.append(f"entry {entry['seq']}: does not follow the previous entry (broken hash chain)")
        if entry.get("redacted"):
            redacted += 1
        elif entry_hash(entry) != entry["hash"]:
            problems.append(f"entry {entry['seq']}: its hash does not match its content")
        prev = entry["hash"]

    seed_hex = listing.get("seed")
    if seed_hex is None:
        problems.append("the seed is not revealed: the game is not finished")
        return problems, {}
    seed = bytes.fromhex(seed_hex)
    if len(seed) != 32 or seed_commitment(seed) != listing["seed_commitment"]:
        problems.append("the revealed seed does not match the commitment published at creation")
    last = entries[-1]["body"]
    if last.get("type") != "reveal" or last.get("seed") != seed_hex:
        problems.append("the journal does not end with the reveal of its seed")

    salted = 0
    for entry in entries:
        if not entry.get("redacted") and entry["nonce"] != nonce_for(seed, entry["seq"]):
            # Legitimate only for an answer the rules never reveal, shown to its author (random salt).
            salted += 1

    signed = 0
    for entry in entries:
        body = entry["body"]
        if entry.get("redacted") or body.get("type") != "move" or body.get("by") != "player":
            continue
        found = check_signed_move(listing, entry)
        problems.extend(found)
        signed += not found

    return problems, {"entries": len(entries), "redacted": redacted, "signed": signed, "salted": salted}


def check_vectors(folder: Path) -> list[str]:
    """Checks every value of the protocol's test vectors with this module's own code."""
    listing = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    sealed = json.loads((folder / "sealed-for-seat-1.json").read_text(encoding="utf-8"))
    expected = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    problems, counts = verify_listing(listing)
    if counts.get("salted"):
        problems.append(f"{counts['salted']} nonces do not derive from the seed")
    if counts.get("signed", 0) == 0:
        problems.append("the vector game has no signed move")
    seed = bytes.fromhex(expected["seed_hex"])
    if seed_commitment(seed) != expected["seed_commitment"] or listing["entries"][-1]["hash"] != expected["head_hash"]:
        problems.append("seed commitment or head hash differs from expected.json")
    for key in expected["keys"]:
        public = public_key_of(bytes.fromhex(key["private_seed_hex"]))
        if b64url_encode(public) != key["public_key"] or key_id(key["public_key"]) != key["kid"]:
            problems.append(f"key of seat {key['seat']}: public key or kid differs")
    by_seq = {e["seq"]: e for e in listing["entries"]}
    for want in expected["entries"]:
        entry = by_seq[want["seq"]]
        seq = want["seq"]
        if canonical(entry).decode("utf-8") != want["canonical"]:
            problems.append(f"entry {seq}: canonical form differs")
        if sha256(want["canonical"].encode("utf-8")).hex() != want["sha256_of_canonical"]:
            problems.append(f"entry {seq}: SHA-256 of the canonical form differs")
        if nonce_for(seed, seq) != want["nonce"]:
            problems.append(f"entry {seq}: nonce differs")
        dice = Dice(seed, entry["hash"])
        if [str(dice.next_u64()) for _ in want["rng_first_u64s"]] != want["rng_first_u64s"]:
            problems.append(f"entry {seq}: next_u64 sequence differs")
        dice = Dice(seed, entry["hash"])
        if [dice.d6() for _ in want["rng_d6_rolls"]] != want["rng_d6_rolls"]:
            problems.append(f"entry {seq}: d6 rolls differ")
        deck = list(range(10))
        Dice(seed, entry["hash"]).shuffle(deck)
        if deck != want["rng_shuffle_0_to_9"]:
            problems.append(f"entry {seq}: shuffle differs")
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
    problems.extend(check_sealed_copy(sealed, listing["entries"]))
    problems.extend(check_tampering_is_caught(listing))
    return problems


def check_tampering_is_caught(listing: dict) -> list[str]:
    """The checks above must fail on a journal changed in any of the ways that matter."""
    problems = []
    signed = next(e["seq"] for e in listing["entries"] if e["body"].get("by") == "player")
    tamperings = {
        "a changed time": lambda entries: entries[2].update(at="2030-01-01T00:00:00Z"),
        "a dropped entry": lambda entries: entries.pop(3),
        "a changed signed action": lambda entries: entries[signed]["body"]["action"].update(type="other"),
        "another seat": lambda entries: entries[signed]["body"].update(seat=entries[signed]["body"]["seat"] + 1),
    }
    for what, tamper in tamperings.items():
        forged = json.loads(json.dumps(listing))
        tamper(forged["entries"])
        if not verify_listing(forged)[0]:
            problems.append(f"the verifier accepts a journal with {what}")
    return problems


def check_sealed_copy(sealed: list[dict], full: list[dict]) -> list[str]:
    """A copy read while the game ran: redacted answers hide their content but still link into the chain."""
    problems = []
    prev = GENESIS_HASH
    redacted = 0
    for entry, whole in zip(sealed, full):
        seq = entry["seq"]
        if entry["prev_hash"] != prev or entry["hash"] != whole["hash"]:
            problems.append(f"sealed copy, entry {seq}: does not link into the published chain")
        if entry.get("redacted"):
            redacted += 1
            body = entry["body"]
            if entry["nonce"] != "" or body.get("action") is not None or body.get("signature") is not None:
                problems.append(f"sealed copy, entry {seq}: redacted, yet shows its secret parts")
        elif entry_hash(entry) != entry["hash"]:
            problems.append(f"sealed copy, entry {seq}: its hash does not match its content")
        prev = entry["hash"]
    if redacted == 0:
        problems.append("sealed copy: nothing is redacted")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("journal", nargs="?", type=Path, help="a JournalListing saved as JSON")
    parser.add_argument("--vectors", type=Path, help="the folder of the protocol's test vectors")
    args = parser.parse_args()
    if args.vectors:
        problems = check_vectors(args.vectors)
        what = f"test vectors in {args.vectors}"
    elif args.journal:
        problems, counts = verify_listing(json.loads(args.journal.read_text(encoding="utf-8")))
        what = f"journal {args.journal} ({counts})"
    else:
        parser.error("give a journal file or --vectors FOLDER")
    for problem in problems:
        print(f"FAILED  {problem}", file=sys.stderr)
    print(f"{what}: {'verified' if not problems else 'NOT verified'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
