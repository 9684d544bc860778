// Filled in by the Examples work.
