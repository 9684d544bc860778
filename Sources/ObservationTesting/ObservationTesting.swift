// Filled in by the `until` work.
