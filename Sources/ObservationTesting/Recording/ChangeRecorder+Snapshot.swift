extension ChangeRecorder {
    /// The model's state, with the values of the properties named; reading those through
    /// their key paths is what Observation tracks, inside a tracked read.
    ///
    /// The named values are read again after the state, until both reads agree: a store landing
    /// on another thread between them would otherwise give a state whose named values are older
    /// than its properties, which is not taken as a new state, yet equals the next read of it.
    static func snapshot(
        of model: Model, naming keyPaths: [PartialKeyPath<Model>]
    ) -> StateSnapshot {
        var wakingValues = keyPaths.map { model[keyPath: $0] }
        var snapshot = StateSnapshot(of: [model])
        // Bounded, for a model another thread changes without pause: the reads after it confirm.
        for _ in 0..<10 {
            let after = keyPaths.map { model[keyPath: $0] }
            if zip(wakingValues, after).allSatisfy({ StateValue.areEqual($0, $1) }) { break }
            wakingValues = after
            snapshot = StateSnapshot(of: [model])
        }
        snapshot.wakingValues = wakingValues
        return snapshot
    }
}
