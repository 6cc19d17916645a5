# Creation options that choose a reading of the rules, and their refusals.

## suriagehara

options-suriagehara-turns-range = `turns` must be a number of turns from { $min } to { $max } (the wind markers lie on turns 4 to 6), not { $turns }
options-suriagehara-supreme-carrier-lost = { $side ->
    [ashina] The Ashina supreme commander Ashina Yoshihiro loses his carrier in combat and is removed: Date wins
   *[date] The Date supreme commander Date Masamune loses his carrier in combat and is removed: Ashina wins
}
options-suriagehara-reason-supreme-removed = the enemy supreme commander was removed by combat

## senbat

options-senbat-movement-exact = sonae { $sonae } moves exactly { $units } S: this game plays the option `"movement": "exact"`
options-senbat-both-win-acting = both players meet a victory condition at once; the player taking the turn wins (option `"both_win": "acting"`)

## shidouban

options-shidouban-nobody-in-game = No player is left in the game: the Shinsengumi is disbanded, all players lose
options-shidouban-sole-in-game = Only { $player } is left in the game (option `"end_count": "in_game"`): { $player } wins
options-shidouban-persons-title = Persons on the board (arrows up, right, down, left: priority, 1 first; w white, b black):
options-shidouban-persons-square = Sq
options-shidouban-persons-arrows = Arrows
