# engine: texts of the engines (generated from the former inline pairs).

engine-this-game-reveals-every-answer = this game reveals every answer at its end, so the answer to `{ $decision }` cannot be withheld
engine-unknown-option-s-this-game = unknown option(s) { $unknown }; this game knows: { $known }
engine-is-for-players-not = { $game } is for { $min }-{ $max } players, not { $seats }
engine-options-unreadable = the options cannot be read: { $error }
engine-list-separator = ,{" "}
engine-list-separator-strong = ;{" "}

# The heading of the section of every rules document (`docs/rules/<game>.<code>.md`) that lists the readings
# tegami plays where the rulebook can be read two ways.
rules-readings-heading = Readings
