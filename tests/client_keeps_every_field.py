"""Reads values a real tegami-server served through the package openapi-python-client generates from its
document, and checks that nothing is lost or read as another game's (tests/tests/third_party_clients.rs).

    python client_keeps_every_field.py SAMPLES.json

SAMPLES.json holds, as served: `details` (one `GameDetail` per game), `game_types` (the `GameType` list),
`journals` (one `JournalListing` per game), `moves` (per game, the `LegalMoves` list of its seat) and `actions`
(`{"slug": …, "action": …}` answers as the server listed them). Prints one line per check; exits 1 on the first
value the generated client does not give back as it came.
"""

from __future__ import annotations

import json
import sys
from enum import Enum

from tegami_client.models import GameDetail, GameType, JournalListing, LegalMoves, MoveClaims


def pascal(slug: str) -> str:
    return slug[:1].upper() + slug[1:]


def as_json(value):
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, Enum):
        return value.value
    return value


def same(what: str, parsed, raw, expected_class: str) -> None:
    name = type(parsed).__name__
    if not name.startswith(expected_class):
        raise SystemExit(f"{what}: read as {name}, not as {expected_class}: {raw!r}")
    back = as_json(parsed)
    if back != raw:
        raise SystemExit(f"{what}: read as {name}, which gives back {back!r}, not {raw!r}")


def main() -> None:
    samples = json.load(open(sys.argv[1], encoding="utf-8"))
    for raw in samples["details"]:
        slug = raw["slug"]
        detail = GameDetail.from_dict(raw)
        same(f"GameDetail.options of {slug}", detail.options, raw["options"], f"{pascal(slug)}OptionsInEffect")
        print(f"{slug}: GameDetail.options read as {type(detail.options).__name__}, every member kept")
    for raw in samples["game_types"]:
        slug = raw["slug"]
        game_type = GameType.from_dict(raw)
        expected = f"{pascal(slug)}OptionsInEffect"
        same(f"GameType.default_options of {slug}", game_type.default_options, raw["default_options"], expected)
        print(f"{slug}: GameType.default_options read as {type(game_type.default_options).__name__}")
    for raw in samples["journals"]:
        slug = raw["slug"]
        journal = JournalListing.from_dict(raw)
        create = journal.entries[0].body
        raw_options = raw["entries"][0]["body"]["options"]
        same(f"journal entry 0 of {slug}", create.options, raw_options, f"{pascal(slug)}OptionsInEffect")
        print(f"{slug}: the journal's create entry read with {type(create.options).__name__}")
    for slug, listing in samples["moves"].items():
        count = 0
        for raw in listing:
            for parsed, raw_option in zip(LegalMoves.from_dict(raw).choices.options, raw["choices"]["options"]):
                same(f"a legal answer of {slug}", parsed.action, raw_option["action"], f"{pascal(slug)}Action")
                count += 1
        print(f"{slug}: {count} legal answers read as {pascal(slug)} answers")
    for sample in samples["actions"]:
        slug, action = sample["slug"], sample["action"]
        claims = {"game": 1, "seat": 0, "decision": "d1", "action": action, "iat": 1767268806}
        parsed = MoveClaims.from_dict(claims)
        same(f"a {slug} answer in MoveClaims", parsed.action, action, f"{pascal(slug)}Action")
        print(f"{slug}: {json.dumps(action)} read as {type(parsed.action).__name__}")


if __name__ == "__main__":
    main()
