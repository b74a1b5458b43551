// @ts-check
// Board "reference-v1"'s host provider, where the Moddable build looks for it ($(SUBPLATFORMDIRECTORY)/host/
// provider): the provider of every board, ../../provider.js, reading this board's ../board.json.
export { default } from "carrom/provider";
