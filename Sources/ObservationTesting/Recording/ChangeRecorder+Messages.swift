import Observation
import Publishing

// What a change recorder's failures say: the states no step took, and the steps that would.
extension ChangeRecorder {
    /// A recorder still alive when its test ends, with changes not asserted (one released, or
    /// finished, has reported its own): end-of-test checks report it once.
    static func unassertedWork(
        in storage: RecordingStorage<StateSnapshot, Never>, madeAt site: CallSite
    ) -> PendingWork? {
        let unasserted = storage.state.withLock { state -> [(Int, [StateSnapshot.Property])] in
            guard !state.isSettled else { return [] }
            state.isSettled = true
            return unassertedChanges(in: state.values, from: state.seen)
        }
        guard !unasserted.isEmpty else { return nil }
        return PendingWork(
            summary: "ChangeRecorder (made at \(site.fileName):\(site.line)): "
                + "\(count(unasserted.count)) not asserted",
            message: "End of test: the ChangeRecorder made here is still recording, with "
                + "\(count(unasserted.count)) not asserted:\n" + lines(unasserted)
                + "\n\nAssert each with next { … }, then call finish()."
                + steps(unasserted.map(\.1)),
            site: site)
    }

    static func unassertedChanges(
        in states: [StateSnapshot], from position: Int
    ) -> [(index: Int, changes: [StateSnapshot.Property])] {
        guard position < states.count else { return [] }
        return (position..<states.count).map { index in
            (index, states[index].changes(from: states[index - 1]))
        }
    }

    /// One line per state: `  [2] items: [1, 2, 3], isLoading: false`.
    static func lines(_ states: [(index: Int, changes: [StateSnapshot.Property])]) -> String {
        states.map { "  [\($0.index)] " + StateSnapshot.describe($0.changes) }
            .joined(separator: "\n")
    }

    /// The steps that would take these states, written to be pasted (after review) into the
    /// test: `await changes.next { $0.isLoading = false }`, named as the recorder usually is.
    static func steps(_ states: [[StateSnapshot.Property]]) -> String {
        let steps = states.filter { !$0.isEmpty }.map { changes in
            "    await changes.next {\n"
                + changes.map {
                    "        $0.\($0.name) = \(SwiftLiteral.of($0.value, isForTypedPlace: true))\n"
                }.joined()
                + "    }"
        }
        guard !steps.isEmpty else { return "" }
        let those =
            steps.count == 1 ? "The step that would take it" : "The steps that would take them"
        return "\n\n\(those), to paste after review:\n" + steps.joined(separator: "\n")
    }

    static func count(_ changes: Int) -> String {
        ValueDescription.count(changes, "change", "changes")
    }
}
