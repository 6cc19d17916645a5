# The bots that search (issue 30): seat choices and names.
bots-seat-easy = bot (easy)
bots-seat-normal = bot (normal)
bots-seat-hard = bot (hard)
