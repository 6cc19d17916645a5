// What a TypeScript client gets from openapi.yaml alone: typed actions of every game, a typed request to
// create a game, and the claims of a signed move built from a legal-moves answer (docs/protocol.md says how
// to sign them). `tsc --strict` checks this file against the types openapi-typescript generates
// (tegami-api.d.ts; see README.md). The `@ts-expect-error` lines are moves the types must refuse: were the
// types too loose (an empty or free-form object), those lines would compile and the build would fail.

import type { components } from "./tegami-api";

type Schemas = components["schemas"];

export const uosaoPlay: Schemas["UosaoAction"] = { type: "play", card: "1", face: "R" };
export const uosaoRoad: Schemas["UosaoAction"] = { type: "road", gap: { k: 0, plus: false } };
// @ts-expect-error a card is named by its text, not by a number
export const uosaoWrongCard: Schemas["UosaoAction"] = { type: "play", card: 1, face: "R" };
// @ts-expect-error uosao has no such action
export const uosaoUnknown: Schemas["UosaoAction"] = { type: "fly" };

export const shinobazuPlay: Schemas["ShinobazuAction"] = { type: "play", card: "B-3", target: "me", stance: "fight" };
export const shinobazuAccept: Schemas["ShinobazuAction"] = { type: "accept" };
// @ts-expect-error a challenge names the seat that passed
export const shinobazuChallenge: Schemas["ShinobazuAction"] = { type: "challenge" };

export const shidoubanPick: Schemas["ShidoubanAction"] = { pick: "HIR" };
export const shidoubanPass: Schemas["ShidoubanAction"] = "pass";
// @ts-expect-error no such answer
export const shidoubanUnknown: Schemas["ShidoubanAction"] = "resign-now";

export const senbatDefend: Schemas["SenbatAction"] = { type: "defend" };
export const senbatTokens: Schemas["SenbatAction"] = { type: "tokens", counts: [0, 0, 2, 2] };
// @ts-expect-error token counts are numbers
export const senbatWrongTokens: Schemas["SenbatAction"] = { type: "tokens", counts: ["two"] };

export const suriageharaCup: Schemas["SuriageharaAction"] = { type: "cup", chits: ["HR", "OU"] };
export const suriageharaDeploy: Schemas["SuriageharaAction"] = { type: "deploy", standard: true, placements: [] };
// @ts-expect-error a deployment says whether it is the standard one
export const suriageharaWrongDeploy: Schemas["SuriageharaAction"] = { type: "deploy", placements: [] };

/** Any game's action, as `MoveClaims.action` and `ChoiceOption.action` carry it. */
export const anyAction: Schemas["MoveClaims"]["action"] = uosaoPlay;

export const createUosao: Schemas["CreateGameRequest"] = {
  slug: "uosao",
  seats: [{ kind: "me" }, { kind: "invite", email: "bob@example.com" }, { kind: "bot" }],
  deadline_hours: 48,
};
export const createUosaoWithColours: Schemas["CreateGameRequest"] = {
  slug: "uosao",
  options: { colours: ["RED", "BLU", "PUR"], caught_card: "counts", king_scoring: "everyone" },
  seats: [{ kind: "me" }, { kind: "bot" }, { kind: "bot" }],
  deadline_hours: null,
};
export const createWithWrongOptions: Schemas["CreateGameRequest"] = {
  slug: "uosao",
  // @ts-expect-error uosao's colours are named, not numbered
  options: { colours: [1, 2, 3], caught_card: "counts", king_scoring: "everyone" },
  seats: [{ kind: "me" }, { kind: "bot" }, { kind: "bot" }],
  deadline_hours: null,
};
// @ts-expect-error an invitation names the address
export const createWithoutAddress: Schemas["CreateGameRequest"] = { slug: "uosao", seats: [{ kind: "invite" }] };

/** The options a game reports (`GameDetail.options`, `GameType.default_options`): every member present. */
export const senbatInEffect: Schemas["SenbatOptionsInEffect"] = {
  oda_seat: null,
  first_seat: null,
  quickstart: true,
  turn_limit: null,
  sowing: "MV-CH-RD-SH",
  movement: "up_to",
  both_win: "non_acting",
};
// @ts-expect-error the options in effect name every member, so they read as one game's alone
export const senbatPartial: Schemas["SenbatOptionsInEffect"] = { quickstart: true };
/** Any game's options, as `GameDetail.options` carries them. */
export const anyOptions: Schemas["GameDetail"]["options"] = senbatInEffect;

export const healthy: Schemas["Health"] = { status: "ok", version: "0.1.0" };
// @ts-expect-error a healthy server says so
export const unhealthy: Schemas["Health"] = {};

/** The claims of a move answering `asked` with its option `pick`, ready to be signed as a compact JWS. */
export function claimsFor(game: number, asked: Schemas["LegalMoves"], pick: number, now: Date): Schemas["MoveClaims"] {
  const option = asked.choices.options[pick];
  if (option === undefined) {
    throw new Error(`decision ${asked.decision.decision} has no option ${pick}`);
  }
  const seat = asked.decision.seat;
  if (seat === null || seat === undefined) {
    throw new Error(`decision ${asked.decision.decision} names no seat`);
  }
  return {
    game,
    seat,
    decision: asked.decision.decision,
    action: option.action,
    iat: Math.floor(now.getTime() / 1000),
  };
}
