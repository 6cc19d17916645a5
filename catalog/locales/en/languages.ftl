# languages: naming the languages tegami speaks.

languages-unknown = unknown language `{ $given }`; use one of { $known }

# Not a text: `wide` when the language's script takes two terminal columns a character (CJK), else `narrow`.
languages-script-width = narrow

# Not a text: the names, besides its code, by which this language may be asked for where one is typed
# (`--lang english`), separated by spaces; any reader may type them, whatever their own language.
languages-names = english
