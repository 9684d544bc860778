// 1c. What a view model's test pays besides the wake: a new object's first assignment,
// and a change recorded by `recordChanges()`.

import Dispatch
import Foundation
import Observation
import ObservationTesting
import Publishing
import XCTest

// The cost of each change recorded by `recordChanges()` on a 10-property view model: the read
// on the main actor after the change, and its snapshot.
@MainActor
final class TenPropertyModel: ObservableObject {
    @Published var p0 = 0
    @Published var p1 = ""
    @Published var p2 = false
    @Published var p3: [Int] = []
    @Published var p4: Int? = nil
    @Published var p5 = 0.0
    @Published var p6 = "x"
    @Published var p7 = [1, 2, 3]
    @Published var p8 = true
    @Published var p9 = 0
}

/// The first `@Published` assignment, and a recorded change.
@MainActor
func measureViewModelCosts() async {
    // The first `@Published` assignment on a new object, as in every test's new view model: the
    // objects are made before timing, and each is assigned once.
    await record("published.first-assignment", unit: "ns/op") {
        let count = options.quick ? 200 : 2_000
        let models = (0..<count).map { _ in Model() }
        let clock = ContinuousClock()
        let start = clock.now
        for model in models { model.value = 1 }
        return Double((clock.now - start).nanoseconds) / Double(count)
    }

    await record("record-changes.10-properties.change+next", unit: "ns/op") {
        let changesPerRun = options.quick ? 50 : 500
        let model = TenPropertyModel()
        let changes = model.recordChanges(exhaustive: false)
        let clock = ContinuousClock()
        let start = clock.now
        for value in 1...changesPerRun {
            model.p0 = value
            // By name: a release build may leave a key path's getter without a symbol, and a
            // typed step then fails at once; timing one would time the failure.
            guard await changes.next({ $0[name: "p0"] = value }) else {
                fatalError("record-changes: the step for \(value) failed")
            }
        }
        let elapsed = clock.now - start
        changes.finish()
        return Double(elapsed.nanoseconds) / Double(changesPerRun)
    }
}
