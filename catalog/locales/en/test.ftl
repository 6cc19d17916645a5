# Messages the catalog's own tests use.
test-place = You finished in place { $rank }.
test-tiles = { $count ->
    [one] { $count } tile
   *[other] { $count } tiles
}
