import Observation
import Publishing

// How a step finds the property a key path the recorder does not read is, without its name: the
// key path is read on the model. A `@Published` property's getter tells which storage it read
// (on Linux, where `@Published` is the package's). Otherwise the model's observable stored
// properties of the key path's type are read beside it, and those holding the value it read are
// its candidates. One is the property, cached for the recorder's later steps. Names serve only
// where several remain and they give the step different verdicts.

/// The property each key path of a recorder's steps was found to be, so that a later step reads
/// no model to find it again.
final class KeyPathResolutions: Sendable {
    private let names = Locked<[AnyKeyPath: String]>([:])

    func name(of keyPath: AnyKeyPath) -> String? {
        names.withLock { $0[keyPath] }
    }

    func record(_ name: String, for keyPath: AnyKeyPath) {
        names.withLock { $0[keyPath] = name }
    }
}

/// A key path a step assigned where more than one property may be the one it reads.
struct OpenAssignment {
    let keyPath: AnyKeyPath
    /// The observable stored properties it may be, by the snapshot's names.
    let candidates: [String]
    var value: Any
}

extension ExpectedState {
    /// The value of the property `keyPath` reads in the expected state, if the step assigned it
    /// or every candidate for it holds the same one.
    mutating func probedValue<Value>(of keyPath: KeyPath<Model, Value>) -> Value? {
        if let open = openAssignments.first(where: { $0.keyPath == keyPath }) {
            return open.value as? Value
        }
        let taken = Set(found.filter { $0.key != keyPath }.values)
        guard let candidates = candidates(for: keyPath)?.filter({ !taken.contains($0) }) else {
            return nil
        }
        let values = candidates.compactMap { name in
            snapshot.properties.first { $0.name == name }?.value
        }
        guard values.count == candidates.count, let first = values.first,
            values.allSatisfy({ StateValue.areEqual($0, first) })
        else { return nil }
        if candidates.count == 1 { found[keyPath] = candidates[0] }
        return first as? Value
    }

    /// Assigns `value` to the property `keyPath` reads, or notes the properties it may be;
    /// `false` if it can be none of the model's observable stored properties.
    mutating func assignProbed<Value>(_ value: Value, to keyPath: KeyPath<Model, Value>) -> Bool {
        guard let candidates = candidates(for: keyPath) else { return false }
        if candidates.count == 1 {
            found[keyPath] = candidates[0]
            assign(value, to: candidates[0])
            return true
        }
        openAssignments.removeAll { $0.keyPath == keyPath }
        openAssignments.append(
            OpenAssignment(keyPath: keyPath, candidates: candidates, value: value))
        return true
    }

    /// The observable stored properties of the model that `keyPath` may read: those declared
    /// with its value's type that hold the value it reads now. `nil` for none, or for a key path
    /// that cannot write, which no observable stored property has.
    private func candidates<Value>(for keyPath: KeyPath<Model, Value>) -> [String]? {
        if let name = resolutions.name(of: keyPath) { return [name] }
        guard keyPath is ReferenceWritableKeyPath<Model, Value> else { return nil }
        let declared = Self.storedProperties(of: model, declaredAs: Value.self)
        // A `@Published` property tells which it is when read (on Linux): taken if it is of the
        // key path's type and holds what the key path reads, as any other candidate must.
        if let name = ModelState.publishedProperty(
            of: model, readBy: { _ = model[keyPath: keyPath] }),
            snapshot.properties.contains(where: { $0.name == name }),
            declared.contains(name),
            let live = ModelState.properties(of: model).first(where: { $0.name == name }),
            StateValue.areEqual(live.value, model[keyPath: keyPath])
        {
            resolutions.record(name, for: keyPath)
            return [name]
        }
        var names = declared.filter { name in
            snapshot.properties.contains { $0.name == name }
        }
        // Read twice around the properties: a value that changed meanwhile tells nothing.
        let before = model[keyPath: keyPath]
        let live = ModelState.properties(of: model)
        if StateValue.areEqual(before, model[keyPath: keyPath]) {
            names = names.filter { name in
                live.contains { $0.name == name && StateValue.areEqual($0.value, before) }
            }
        }
        guard !names.isEmpty else { return nil }
        if names.count == 1 { resolutions.record(names[0], for: keyPath) }
        return names
    }

    /// The names of `model`'s observable stored properties declared as `Value`: its
    /// `@Published` ones of that type, or the observed ones of an `@Observable` model. An
    /// observed property's storage holds its value as it is, so one declared as an existential
    /// is known only by holding a `Value`, where none is of the very type.
    static func storedProperties<Value>(
        of model: AnyObject, declaredAs _: Value.Type
    ) -> [String] {
        let isObservable = model is any Observable
        var exact: [String] = []
        var holding: [String] = []
        var mirror: Mirror? = Mirror(reflecting: model)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, label.hasPrefix("_") else { continue }
                let name = String(label.dropFirst())
                if child.value is Published<Value> {
                    exact.append(name)
                } else if isObservable, !(child.value is ObservationRegistrar) {
                    if type(of: child.value) == Value.self {
                        exact.append(name)
                    } else if child.value is Value {
                        holding.append(name)
                    }
                }
            }
            mirror = current.superclassMirror
        }
        return exact.isEmpty ? holding : exact
    }
}
