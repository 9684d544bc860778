// How a step is checked against the state that came. A key path the recorder reads in every
// state is compared by identity, through the values read with it; names are looked up only to
// say how a step failed.
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
        StateDiff.lines(
            expected: snapshot.restricted(to: assigned), actual: actual.restricted(to: assigned)
        ).isEmpty && assignedKeyPaths.allSatisfy { hasAssignedValue(at: $0, in: actual) }
    }

    /// Whether `actual` is the state the step describes: the state before with the step's
    /// assignments made, and nothing else changed.
    ///
    /// A property assigned through a key path the recorder reads is the observable property
    /// that had the key path's type and value in every state recorded, `history`, when one
    /// property alone did and no other such key path matched it too. Only where that leaves it
    /// unsure (two properties that never differed) is the key path named.
    func isMatched(by actual: StateSnapshot, history: [StateSnapshot]) -> Bool {
        guard assignedKeyPaths.allSatisfy({ hasAssignedValue(at: $0, in: actual) }) else {
            return false
        }
        var expected = snapshot
        for index in assignedKeyPaths {
            guard let name = property(readBy: index, in: history),
                let property = expected.properties.firstIndex(where: { $0.name == name })
            else { return false }
            expected.properties[property].value = keyPathValues[index]
        }
        return StateDiff.lines(expected: expected, actual: actual).isEmpty
    }

    /// The name of the observable property the key path at `index` reads.
    private func property(readBy index: Int, in history: [StateSnapshot]) -> String? {
        let candidates = properties(matching: index, in: history)
        if candidates.count == 1, let name = candidates.first,
            !keyPaths.indices.contains(where: {
                $0 != index && properties(matching: $0, in: history).contains(name)
            })
        {
            return name
        }
        return Self.propertyName(of: keyPaths[index])
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
    /// property assigned through a key path named as it was written, where the build keeps its
    /// name.
    func differences(from actual: StateSnapshot) -> [String] {
        var expected = snapshot
        var lines: [String] = []
        for index in assignedKeyPaths {
            let value = keyPathValues[index]
            if let name = Self.propertyName(of: keyPaths[index]),
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
        lines.insert(contentsOf: StateDiff.lines(expected: expected, actual: actual), at: 0)
        return lines
    }

    /// The properties the step assigns, for a failure message: `isLoading: true`.
    var assignments: String {
        var described = snapshot.properties.filter { assigned.contains($0.name) }
        for index in assignedKeyPaths {
            let name =
                Self.propertyName(of: keyPaths[index]) ?? Self.description(of: keyPaths[index])
            described.append(StateSnapshot.Property(name: name, value: keyPathValues[index]))
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
