// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Operators that keep no state and pass each value straight on, or drop it. Combine's pass
    // their subscriber's demand on to the upstream, so a value nobody asked for meets the
    // source's own rule (a `PassthroughSubject` drops it, a `CurrentValueSubject` keeps it as its
    // current value); these ask their upstream for every value, so they take the source's rule
    // instead. An operator with state (`scan`, `removeDuplicates`, `prefix`, `dropFirst`, …)
    // would count a value its subscriber never asked for, so it keeps the values instead.

    extension Publishers.Map {
        /// What the upstream does with a value nobody has asked for.
        @inlinable
        package var valuesWithoutDemand: ValuesWithoutDemand {
            Publishing.valuesWithoutDemand(of: upstream)
        }
    }

    extension Publishers.TryMap {
        /// What the upstream does with a value nobody has asked for.
        @inlinable
        package var valuesWithoutDemand: ValuesWithoutDemand {
            Publishing.valuesWithoutDemand(of: upstream)
        }
    }

    extension Publishers.MapKeyPath {
        /// What the upstream does with a value nobody has asked for.
        @inlinable
        package var valuesWithoutDemand: ValuesWithoutDemand {
            Publishing.valuesWithoutDemand(of: upstream)
        }
    }

    extension Publishers.MapKeyPath2 {
        /// What the upstream does with a value nobody has asked for.
        @inlinable
        package var valuesWithoutDemand: ValuesWithoutDemand {
            Publishing.valuesWithoutDemand(of: upstream)
        }
    }

    extension Publishers.MapKeyPath3 {
        /// What the upstream does with a value nobody has asked for.
        @inlinable
        package var valuesWithoutDemand: ValuesWithoutDemand {
            Publishing.valuesWithoutDemand(of: upstream)
        }
    }

    extension Publishers.Filter {
        /// What the upstream does with a value nobody has asked for.
        @inlinable
        package var valuesWithoutDemand: ValuesWithoutDemand {
            Publishing.valuesWithoutDemand(of: upstream)
        }
    }

    extension Publishers.TryFilter {
        /// What the upstream does with a value nobody has asked for.
        @inlinable
        package var valuesWithoutDemand: ValuesWithoutDemand {
            Publishing.valuesWithoutDemand(of: upstream)
        }
    }

    extension Publishers.CompactMap {
        /// What the upstream does with a value nobody has asked for.
        @inlinable
        package var valuesWithoutDemand: ValuesWithoutDemand {
            Publishing.valuesWithoutDemand(of: upstream)
        }
    }

    extension Publishers.TryCompactMap {
        /// What the upstream does with a value nobody has asked for.
        @inlinable
        package var valuesWithoutDemand: ValuesWithoutDemand {
            Publishing.valuesWithoutDemand(of: upstream)
        }
    }

    extension Publishers.MapError {
        /// What the upstream does with a value nobody has asked for.
        @inlinable
        package var valuesWithoutDemand: ValuesWithoutDemand {
            Publishing.valuesWithoutDemand(of: upstream)
        }
    }

    extension Publishers.SetFailureType {
        /// What the upstream does with a value nobody has asked for.
        @inlinable
        package var valuesWithoutDemand: ValuesWithoutDemand {
            Publishing.valuesWithoutDemand(of: upstream)
        }
    }

#endif
