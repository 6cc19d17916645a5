"""A third-party tegami client: plays one game of every game type against the server's bots, then verifies
each finished game's journal.

It talks to the server only through the package openapi-python-client generates from openapi.yaml
(imported as `tegami_client`), signs moves with the `cryptography` package's Ed25519, and checks the journals
with verify_journal.py, written from docs/protocol.md. See README.md beside this file for how to run it.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import random
import sys
import time
import uuid
from enum import Enum

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from tegami_client import AuthenticatedClient, Client
from tegami_client.api.accounts import accounts_register, sessions_create
from tegami_client.api.games import game_types_list, games_create, games_get, journal_get, moves_list, moves_submit
from tegami_client.api.keys import keys_create
from tegami_client.models import (
    CreateSenbatGame,
    CreateShidoubanGame,
    CreateShinobazuGame,
    CreateSuriageharaGame,
    CreateUosaoGame,
    GameDetail,
    JournalListing,
    LoginRequest,
    RegisterKeyRequest,
    RegisterRequest,
    Session,
    SubmitMoveRequest,
)
from tegami_client.types import Response

import verify_journal

MAX_MOVES = 3000

# The create-game request is one schema per game (its options are typed per game).
CREATE_REQUEST = {
    "uosao": CreateUosaoGame,
    "shinobazu": CreateShinobazuGame,
    "shidouban": CreateShidoubanGame,
    "senbat": CreateSenbatGame,
    "suriagehara": CreateSuriageharaGame,
}


class ClientError(Exception):
    pass


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def as_json(value):
    """The JSON form of a value the generated client parsed: a model, an enum, a list of them, or plain data."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, list):
        return [as_json(item) for item in value]
    return value


def read_as_its_own(slug: str, parsed, raw, schema: str, what: str) -> None:
    """The generated client tries the variants of a union in turn: check that it read a game's value with the
    game's own schema (`<Game>Action…`, `<Game>OptionsInEffect`) and kept every member of it."""
    name = type(parsed).__name__
    if not name.startswith(slug[:1].upper() + slug[1:] + schema) or as_json(parsed) != raw:
        raise ClientError(f"{slug}: {what} {raw!r} was read as {name}, giving back {as_json(parsed)!r}")


def expect(response: Response, status: int, what: str):
    """The parsed body of a response with the expected status, or a ClientError saying what came back."""
    if response.status_code != status:
        raise ClientError(f"{what}: HTTP {int(response.status_code)} {response.content.decode(errors='replace')}")
    if response.parsed is None:
        raise ClientError(f"{what}: the generated client could not parse {response.content[:200]!r}")
    return response.parsed


class Signer:
    """The player's Ed25519 key, and the compact JWS of a move (docs/protocol.md, "Signed moves")."""

    def __init__(self) -> None:
        self.key = Ed25519PrivateKey.generate()
        raw = self.key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        self.public_key = b64url(raw)
        self.kid = hashlib.sha256(raw).digest()[:16].hex()

    def sign(self, claims: dict) -> str:
        header = {"typ": "JWT", "alg": "EdDSA", "kid": self.kid}
        signing_input = ".".join(b64url(json.dumps(part, separators=(",", ":")).encode()) for part in (header, claims))
        signature = self.key.sign(signing_input.encode("ascii"))
        return f"{signing_input}.{b64url(signature)}"


def register(base_url: str, signer: Signer) -> AuthenticatedClient:
    """A new account, logged in, with the signer's public key registered."""
    anonymous = Client(base_url=base_url, raise_on_unexpected_status=False)
    email = f"py-{uuid.uuid4().hex[:12]}@example.com"
    password = "correct-horse-battery-staple"
    body = RegisterRequest(email=email, display_name="Python client", password=password)
    expect(accounts_register.sync_detailed(client=anonymous, body=body), 201, "register")
    login = LoginRequest(email=email, password=password)
    session = expect(sessions_create.sync_detailed(client=anonymous, body=login), 200, "log in")
    assert isinstance(session, Session)
    client = AuthenticatedClient(base_url=base_url, token=session.token, raise_on_unexpected_status=False)
    key = RegisterKeyRequest(public_key=signer.public_key, name="python example")
    registered = expect(keys_create.sync_detailed(client=client, body=key), 201, "register key")
    if registered.kid != signer.kid:
        raise ClientError(f"the server derives kid {registered.kid}, docs/protocol.md gives {signer.kid}")
    return client


def play_one(client: AuthenticatedClient, signer: Signer, slug: str, seats: int, rng: random.Random) -> dict:
    """Creates a game of `slug` (me and bots), plays it to its end, and returns the verified journal."""
    request = CREATE_REQUEST[slug].from_dict(
        {"slug": slug, "seats": [{"kind": "me"}] + [{"kind": "bot"}] * (seats - 1), "deadline_hours": None}
    )
    created = games_create.sync_detailed(client=client, body=request)
    game = expect(created, 201, f"create {slug}")
    assert isinstance(game, GameDetail)
    read_as_its_own(slug, game.options, json.loads(created.content)["options"], "OptionsInEffect", "the options")
    game_id = game.id
    moves = 0
    while True:
        listed = moves_list.sync_detailed(id=game_id, client=client)
        listing = expect(listed, 200, f"{slug}: legal moves")
        if not listing:
            detail = expect(games_get.sync_detailed(id=game_id, client=client), 200, f"{slug}: game")
            if detail.status.value == "finished":
                break
            raise ClientError(f"{slug}: the game is {detail.status.value}, yet nothing is asked of me")
        if moves >= MAX_MOVES:
            raise ClientError(f"{slug}: not over after {moves} moves")
        asked = listing[0]
        options = asked.choices.options
        if not options:
            raise ClientError(f"{slug}: decision {asked.decision.decision} lists nothing to answer")
        for option, raw in zip(options, json.loads(listed.content)[0]["choices"]["options"]):
            read_as_its_own(slug, option.action, raw["action"], "Action", "the legal answer")
        chosen = rng.choice(options)
        claims = {
            "game": game_id,
            "seat": asked.decision.seat,
            "decision": asked.decision.decision,
            "action": as_json(chosen.action),
            "iat": int(time.time()),
        }
        submit = SubmitMoveRequest.from_dict({"move": signer.sign(claims)})
        accepted = expect(moves_submit.sync_detailed(id=game_id, client=client, body=submit), 201, f"{slug}: move")
        if accepted.duplicate:
            raise ClientError(f"{slug}: a fresh move was taken for a retry")
        if moves == 0:
            # A retry of the very same signed move is safe: the server answers with the original result.
            again = expect(moves_submit.sync_detailed(id=game_id, client=client, body=submit), 200, f"{slug}: retry")
            if not again.duplicate or (again.seq, again.hash_) != (accepted.seq, accepted.hash_):
                raise ClientError(f"{slug}: a retried move was not answered with its original result")
        moves += 1

    response = journal_get.sync_detailed(id=game_id, client=client)
    parsed = expect(response, 200, f"{slug}: journal")
    assert isinstance(parsed, JournalListing)
    # The hashes cover the JSON exactly as served, so the verifier reads the raw body the generated client got.
    journal = json.loads(response.content)
    problems, counts = verify_journal.verify_listing(journal)
    if counts.get("signed", 0) != moves:
        problems.append(f"{moves} moves were signed, the journal holds {counts.get('signed')} verified signatures")
    if not any(k["kid"] == signer.kid for k in journal["keys"]):
        problems.append("the journal does not list my key")
    if problems:
        raise ClientError(f"{slug}: the journal does not verify:\n  " + "\n  ".join(problems))
    print(f"{slug}: game {game_id} finished after {moves} signed moves of mine; journal of {counts['entries']} "
          f"entries verified ({counts['redacted']} never revealed)")
    return journal


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True, help="the server's base URL, e.g. http://127.0.0.1:8080")
    parser.add_argument("--seed", type=int, default=1, help="seeds the choice among the legal answers")
    parser.add_argument("--only", action="append", help="play only this game (repeatable)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    signer = Signer()
    client = register(args.server, signer)
    types = expect(game_types_list.sync_detailed(client=client), 200, "game types")
    played = 0
    try:
        for game_type in types:
            if args.only and game_type.slug not in args.only:
                continue
            play_one(client, signer, game_type.slug, game_type.min_seats, rng)
            played += 1
    except ClientError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if played == 0:
        print("error: the server offers no game to play", file=sys.stderr)
        return 1
    print(f"played and verified {played} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
