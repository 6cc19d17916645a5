# languages: naming the languages tegami speaks.

languages-unknown = unknown language `{ $given }`; use one of { $known }

# Not a text: `wide` when the language's script takes two terminal columns a character (CJK), else `narrow`.
languages-script-width = narrow
