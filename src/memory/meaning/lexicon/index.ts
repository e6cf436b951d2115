// The whole software-concept lexicon in group order (a group's number is its place here). Read by the concept
// table's builder (scripts/fixtures/concept-table.ts) and its test, not at run time.
import { DATA_AND_CODE } from "./data-and-code.ts";
import { OPS_AND_TOOLING } from "./ops-and-tooling.ts";
import { PEOPLE_AND_PRODUCT } from "./people-and-product.ts";
import { PRACTICE_AND_PROCESS } from "./practice-and-process.ts";
import { STORAGE_AND_WEB } from "./storage-and-web.ts";

export const LEXICON: readonly string[] = [
  ...DATA_AND_CODE,
  ...STORAGE_AND_WEB,
  ...OPS_AND_TOOLING,
  ...PEOPLE_AND_PRODUCT,
  ...PRACTICE_AND_PROCESS,
];
