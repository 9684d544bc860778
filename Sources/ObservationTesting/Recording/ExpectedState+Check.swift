// How a step is checked against the state that came. A key path the recorder reads in every
// state is compared by identity, through the values read with it; one that may be any of several
// properties passes or fails only if it does so whichever of them it is. Names are looked up
// only where that cannot decide, and to say how a step failed.
extension ExpectedState {
    /// What a recorder that is not exhaustive waits for: the values the step assigned. Its label
    /// names the key paths assigned, so it is made only for a failure message.
    var assignedValues: Condition<StateSnapshot> {
        let wanted = self
        return Condition(
            makingLabel: { wanted.assignments }, isForbidding: false, wanted.hasAssignedValues)
    }

    /// Whether `actual` has the values the step assigned.
    func hasAssignedValues(in actual: StateSnapshot) -> Bool {
        guard
            StateDiff.lines(
                expected: snapshot.restricted(to: assigned), actual: actual.restricted(to: assigned)
            ).isEmpty && assignedKeyPaths.allSatisfy({ hasAssignedValue(at: $0, in: actual) })
        else { return false }
        return decide(openAssignments) { names in
            zip(names, openAssignments).allSatisfy { name, assignment in
                actual.properties.contains {
                    $0.name == name && StateValue.areEqual($0.value, assignment.value)
                }
            }
        }
    }

    /// Whether `actual` is the state the step describes: the state before with the step's
    /// assignments made, and nothing else changed.
    ///
    /// A property assigned through a key path the recorder reads may be any observable property
    /// that had the key path's type and value in every state recorded, `history`; one assigned
    /// through another key path, any its probe of the model left.
    func isMatched(by actual: StateSnapshot, history: [StateSnapshot]) -> Bool {
        guard assignedKeyPaths.allSatisfy({ hasAssignedValue(at: $0, in: actual) }) else {
            return false
        }
        let open =
            assignedKeyPaths.map {
                OpenAssignment(
                    keyPath: keyPaths[$0], candidates: properties(matching: $0, in: history),
                    value: keyPathValues[$0])
            } + openAssignments
        return decide(open) { names in
            var expected = snapshot
            for (name, assignment) in zip(names, open) {
                guard let index = expected.properties.firstIndex(where: { $0.name == name })
                else { return false }
                expected.properties[index].value = assignment.value
            }
            return StateDiff.lines(expected: expected, actual: actual).isEmpty
        }
    }

    /// What `check` says of every way the `open` assignments can be the properties they may be,
    /// each a different one that no step assigned by name, if it says one thing of all. Only
    /// where it does not, or there is no such way, are the key paths named.
    private func decide(
        _ open: [OpenAssignment],
        _ check: ([String]) -> Bool
    ) -> Bool {
        guard !open.isEmpty else { return check([]) }
        var verdicts: Set<Bool> = []
        var ways = 0
        // Bounded: a step whose key paths may be that many properties is rare, and is named.
        func place(_ index: Int, _ names: [String]) -> Bool {
            guard index < open.count else {
                ways += 1
                verdicts.insert(check(names))
                return verdicts.count == 1 && ways < 256
            }
            for name in open[index].candidates
            where !names.contains(name) && !assigned.contains(name) {
                guard place(index + 1, names + [name]) else { return false }
            }
            return true
        }
        if place(0, []), verdicts.count == 1, let verdict = verdicts.first { return verdict }
        let names = open.compactMap { Self.propertyName(of: $0.keyPath) }
        return names.count == open.count && check(names)
    }

    /// The properties not assigned by name whose values were those of the key path at `index`,
    /// of its type, in every state of `history`.
    private func properties(matching index: Int, in history: [StateSnapshot]) -> [String] {
        snapshot.properties.map(\.name).filter { name in
            !assigned.contains(name)
                && history.allSatisfy { state in
                    guard state.wakingValues.indices.contains(index),
                        let property = state.properties.first(where: { $0.name == name })
                    else { return false }
                    let value = state.wakingValues[index]
                    return type(of: value) == type(of: property.value)
                        && StateValue.areEqual(value, property.value)
                }
        }
    }

    /// The lines that tell how `actual` differs from the state the step describes, each
    /// property assigned through a key path the one it alone can be in `history`, or else named
    /// as it was written, where the build keeps its name.
    func differences(from actual: StateSnapshot, history: [StateSnapshot]) -> [String] {
        var expected = snapshot
        var lines: [String] = []
        for index in assignedKeyPaths {
            let value = keyPathValues[index]
            let candidates = properties(matching: index, in: history)
            let only = candidates.count == 1 ? candidates.first : nil
            if let name = only ?? Self.propertyName(of: keyPaths[index]),
                let property = expected.properties.firstIndex(where: { $0.name == name })
            {
                expected.properties[property].value = value
                continue
            }
            let description = Self.description(of: keyPaths[index])
            if let name = Self.propertyName(of: keyPaths[index]) {
                lines.append("  " + unknown(name))
            } else if !hasAssignedValue(at: index, in: actual) {
                let got =
                    actual.wakingValues.indices.contains(index)
                    ? ValueDescription.of(actual.wakingValues[index]) : "no value"
                lines.append(
                    "  \(description): expected \(ValueDescription.of(value)), got \(got)")
            } else {
                lines.append(
                    "  \(description) is not one property of \(modelName) whose name this build "
                        + "keeps: write the step by name, `$0[name: \"isLoading\"] = true`.")
            }
        }
        for open in openAssignments {
            if let name = Self.propertyName(of: open.keyPath),
                let property = expected.properties.firstIndex(where: { $0.name == name })
            {
                expected.properties[property].value = open.value
            } else {
                lines.append(
                    "  \(Self.description(of: open.keyPath)), one of "
                        + open.candidates.joined(separator: ", ")
                        + ": expected \(ValueDescription.of(open.value)); this build keeps no "
                        + "name to tell which: write the step by name, "
                        + "`$0[name: \"isLoading\"] = true`.")
            }
        }
        lines.insert(contentsOf: StateDiff.lines(expected: expected, actual: actual), at: 0)
        return lines
    }

    /// The properties the step assigns, for a failure message: `isLoading: true`.
    var assignments: String {
        var described = snapshot.properties.filter { assigned.contains($0.name) }
        let named =
            assignedKeyPaths.map { (keyPaths[$0], keyPathValues[$0]) }
            + openAssignments.map { ($0.keyPath, $0.value) }
        for (keyPath, value) in named {
            let name = Self.propertyName(of: keyPath) ?? Self.description(of: keyPath)
            described.append(StateSnapshot.Property(name: name, value: value))
        }
        return StateSnapshot.describe(described)
    }

    private func hasAssignedValue(at index: Int, in actual: StateSnapshot) -> Bool {
        index < actual.wakingValues.count
            && StateValue.areEqual(keyPathValues[index], actual.wakingValues[index])
    }

    private static func description(of keyPath: AnyKeyPath) -> String {
        KeyPathNames.description(of: keyPath) ?? String(describing: keyPath)
    }
}
